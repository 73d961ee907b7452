import { contentSecurityPolicy, policyHeaderValue } from '../content-security-policy';
import { UI_DIR } from '../testing/browser';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { registeredRoutes } from '../testing/routes';

/**
 * Every answer the server gives, whatever its route and status (a page, a record, a refusal, a
 * route that does not exist), carries the security headers: found from the routes the server has,
 * not from a list that falls behind.
 */
let platform: TestPlatform;
let admin: string;

beforeAll(async () => {
  platform = await startTestPlatform({ uiDir: UI_DIR });
  admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  await platform?.stop();
});

/** What a browser must be told with every answer, as helmet writes it. */
const required: Readonly<Record<string, string | RegExp>> = {
  'content-security-policy': /default-src /,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': /^max-age=\d+; includeSubDomains$/,
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
};

/** The headers of `answer` that are missing or wrong, and one it must not carry. */
function wrongHeaders(answer: { headers: Headers }): string[] {
  const wrong = Object.entries(required)
    .filter(([name, value]) => {
      const found = answer.headers.get(name);
      return found === null || (typeof value === 'string' ? found !== value : !value.test(found));
    })
    .map(([name]) => `${name}: ${answer.headers.get(name)}`);
  if (answer.headers.has('x-powered-by')) wrong.push(`x-powered-by: ${answer.headers.get('x-powered-by')}`);
  return wrong;
}

describe('the security headers', () => {
  it('come with every route’s answer, signed in or not, and with a route that does not exist', async () => {
    const routes = registeredRoutes(platform.server.app);
    expect(routes.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const route of [...routes, { method: 'GET', path: '/api/no-such-route' }]) {
      const path = route.path.replace(/:[^/]+/g, '1').replace(/\*$/, 'x');
      for (const token of [undefined, admin]) {
        // Writes are sent without a body: refused before anything changes.
        if (token && route.method !== 'GET') continue;
        const answer = await platform.api.request(route.method, path, token ? { token } : {});
        for (const header of wrongHeaders(answer))
          wrong.push(`${route.method} ${path}${token ? ' (Admin)' : ''} → ${answer.status}: ${header}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('give the UI’s pages the whole policy', async () => {
    const page = await platform.api.request('GET', '/login');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(
      policyHeaderValue(contentSecurityPolicy({ uiDir: UI_DIR, tossPayments: false })),
    );
  });
});
