import { messages } from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform } from '@interior/server/testing/platform';
import { registeredRoutes } from '@interior/server/testing/routes';
import Fastify from 'fastify';
import { registerQueryRoutes } from './index';

/**
 * The read routes this service registers, walked through HTTP on a whole platform: every list
 * answers in the simple-rest contract react-admin's data provider reads, whatever the list.
 */
let platform: TestPlatform;
let admin: string;
/** The patterns of the routes the query service registers, read from a Fastify instance of its own. */
let routes: string[];

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
  const { runtime } = platform.server;
  const own = Fastify();
  registerQueryRoutes(own, {
    knex: runtime.db.knex,
    store: runtime.store,
    vault: runtime.vault,
    permissions: runtime.permissions,
    estimatePdfs: runtime.estimatePdfs,
  });
  await own.ready();
  routes = registeredRoutes(own)
    .filter((route) => route.method === 'GET')
    .map((route) => route.path);
  await own.close();
  // Something in a few lists, so that a range cuts one short.
  for (const name of ['설계팀', '시공팀', '영업팀']) {
    await platform.api.request('POST', '/api/usergroup', { token: admin, body: { name, description: '' } });
  }
  for (const n of [1, 2])
    await platform.createUser({ email: `reader${n}@test.example`, password: 'reader password 1' });
});
afterAll(async () => {
  await platform?.stop();
});

/** The lists: routes without a path parameter that answer the Admin an array. */
async function lists(): Promise<{ path: string; total: number }[]> {
  const found: { path: string; total: number }[] = [];
  for (const path of routes.filter((p) => !p.includes(':') && !p.includes('*'))) {
    const answer = await platform.api.request('GET', path, { token: admin });
    if (answer.status !== 200 || !Array.isArray(answer.body)) continue;
    // `<resource> <first>-<last>/<total>`, the resource named as in the path (it may hold a slash).
    const range = answer.headers.get('content-range');
    expect({ path, range }).toEqual({ path, range: expect.stringMatching(/^\S+ (\d+-\d+|\*)\/\d+$/) });
    found.push({ path, total: Number(/\/(\d+)$/.exec(range!)![1]) });
  }
  return found;
}

describe('the query service’s routes', () => {
  it('are found, lists among them', async () => {
    expect(routes.length).toBeGreaterThan(40);
    expect((await lists()).map((list) => list.path)).toEqual(
      expect.arrayContaining(['/api/usergroup', '/api/user', '/api/mailbox', '/api/clientlog', '/api/brand']),
    );
  });

  it('answer every list in the simple-rest contract: the range asked for, its span and the total', async () => {
    const found = await lists();
    expect(found.filter((list) => list.total >= 2).length).toBeGreaterThanOrEqual(2);
    for (const { path, total } of found) {
      const first = await platform.api.request<unknown[]>(
        'GET',
        `${path}?range=${encodeURIComponent('[0,0]')}`,
        {
          token: admin,
        },
      );
      expect({ path, status: first.status, length: first.body.length }).toEqual({
        path,
        status: 200,
        length: Math.min(total, 1),
      });
      if (first.headers.get('x-next-cursor')) {
        // A list paged by cursor (the audit log) does not count every row: its total is the rows up to
        // the page's end and one more while more follow, and a later page is asked for by the cursor.
        expect({ path, range: first.headers.get('content-range')?.split(' ')[1] }).toEqual({
          path,
          range: '0-0/2',
        });
        continue;
      }
      const span = total === 0 ? '*' : '0-0';
      expect(first.headers.get('content-range')).toMatch(
        new RegExp(` ${span.replace('*', '\\*')}/${total}$`),
      );
      if (total >= 2) {
        const second = await platform.api.request<unknown[]>(
          'GET',
          `${path}?range=${encodeURIComponent('[1,1]')}`,
          { token: admin },
        );
        expect({ path, range: second.headers.get('content-range')?.split(' ')[1] }).toEqual({
          path,
          range: `1-1/${total}`,
        });
        expect(second.body).not.toEqual(first.body);
      }
    }
  });

  it('refuse a sort they cannot give, and a malformed range, with a Korean 400 that names the problem', async () => {
    for (const { path } of await lists()) {
      const unknown = await platform.api.request(
        'GET',
        `${path}?sort=${encodeURIComponent('["없는항목","ASC"]')}`,
        {
          token: admin,
        },
      );
      expect({ path, status: unknown.status, body: unknown.body }).toEqual({
        path,
        status: 400,
        body: expect.objectContaining({ status: 400, message: messages.unknownSortField('없는항목') }),
      });
      const malformed = await platform.api.request('GET', `${path}?range=${encodeURIComponent('[5')}`, {
        token: admin,
      });
      expect({ path, status: malformed.status, body: malformed.body }).toEqual({
        path,
        status: 400,
        body: expect.objectContaining({ status: 400, message: messages.invalidRange }),
      });
    }
  });

  it('answer a caller without a session 401 on every route but the public ones', async () => {
    const open: string[] = [];
    for (const pattern of routes) {
      const path = pattern.replace(/:\w+/g, '1').replace('*', 'x');
      const answer = await platform.api.request('GET', path);
      if (answer.status === 401) {
        expect({ pattern, body: answer.body }).toEqual({
          pattern,
          body: expect.objectContaining({ status: 401, message: expect.any(String) }),
        });
      } else open.push(pattern);
    }
    // Public by design: the plans page before sign-in, and files and photos that <img> loads by
    // their unguessable names.
    expect(open.sort()).toEqual([
      '/api/file/:name',
      '/api/image/user/:id/:name',
      '/api/subscription-plan',
      '/api/subscription-plan/:id',
    ]);
  });
});
