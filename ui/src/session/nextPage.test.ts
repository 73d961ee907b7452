import { landingAfterSignIn } from '@interior/contracts';
import { loginPathFor, safeNextPage } from './nextPage';

describe('loginPathFor', () => {
  it('carries the wanted path and query, encoded', () => {
    expect(loginPathFor('/dashboard/usergroup?filter={"q":"a b"}')).toBe(
      '/login?nextPage=%2Fdashboard%2Fusergroup%3Ffilter%3D%7B%22q%22%3A%22a%20b%22%7D',
    );
  });
});

describe('safeNextPage', () => {
  it('keeps a path of this origin with its query', () => {
    expect(safeNextPage('/dashboard/usergroup?page=2')).toBe('/dashboard/usergroup?page=2');
    expect(safeNextPage(decodeURIComponent(encodeURIComponent('/dashboard/usergroup/3/show/history')))).toBe(
      '/dashboard/usergroup/3/show/history',
    );
  });

  it.each([
    null,
    '',
    'dashboard',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/.//evil.example',
    '/./\\evil.example',
    '/login?nextPage=/dashboard',
    '/./login',
  ])('sends %p to the landing page', (nextPage) => {
    expect(safeNextPage(nextPage)).toBe(landingAfterSignIn);
  });
});
