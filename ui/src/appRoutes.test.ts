import fs from 'node:fs';
import path from 'node:path';
import { publicPagePaths } from '@interior/contracts';

/**
 * The server answers 404 for a path no page has (contracts' publicPagePaths); the app's router
 * must declare exactly those public pages, or a page would be answered 404 (or a 404 page 200).
 */
describe('the public routes', () => {
  it('are the ones the server knows', () => {
    const app = fs.readFileSync(path.join(__dirname, 'App.tsx'), 'utf8');
    const declared = [...app.matchAll(/<Route path="([^"]+)"/g)]
      .map((match) => match[1] ?? '')
      .filter((route) => route !== '*' && !route.startsWith('/dashboard'));
    expect([...declared].sort()).toEqual([...publicPagePaths].sort());
  });
});
