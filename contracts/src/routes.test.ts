import { isAppPagePath } from './routes';

describe('isAppPagePath', () => {
  it('knows the public pages, the editor of a design and the dashboard, and nothing else', () => {
    for (const path of ['/', '/login', '/designer/12', '/dashboard', '/dashboard/estimation/3', '/login/'])
      expect([path, isAppPagePath(path)]).toEqual([path, true]);
    for (const path of ['/designer', '/designer/', '/designer/0', '/designer/abc', '/designer/1/2', '/nope'])
      expect([path, isAppPagePath(path)]).toEqual([path, false]);
  });
});
