import { resources } from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { describeResourceContract } from '../testing/resource-contract';
import { registeredRoutes } from '../testing/routes';

/** Every declared resource (contracts/src/resources.ts) passes the generic contract by being declared. */
let platform: TestPlatform;
let admin: string;
let stranger: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
  await platform.createUser({ email: 'guest@test.example', password: 'guest-password-1', roles: ['Guest'] });
  stranger = (await platform.api.login('guest@test.example', 'guest-password-1')).token;
});
afterAll(async () => {
  await platform?.stop();
});

const context = { platform: () => platform, admin: () => admin, stranger: () => stranger };
for (const resource of resources) describeResourceContract(resource, context);

/**
 * Every list the server has, found from its routes (not from a list that falls behind): with `q`,
 * each filter and each sort it accepts, the total in Content-Range is a count. The fields tried are
 * those of the list's own records; a filter or sort the list does not allow is a 400 and skipped.
 */
describe('every list route', () => {
  it('answers a numeric Content-Range total with q, each accepted filter and each accepted sort', async () => {
    const api = platform.api;
    const counted = /^[\w/-]+ (\d+-\d+|\*)\/\d+\+?$/;
    const paths = registeredRoutes(platform.server.app)
      .filter((r) => r.method === 'GET' && !/[:*]/.test(r.path))
      .map((r) => r.path);
    const lists: string[] = [];
    const wrong: string[] = [];
    const ask = async (path: string, params: Record<string, unknown>) => {
      const query = new URLSearchParams({ range: '[0,4]' });
      for (const [key, value] of Object.entries(params)) query.set(key, JSON.stringify(value));
      const answer = await api.request('GET', `${path}?${query}`, { token: admin });
      const range = answer.headers.get('content-range');
      if (answer.status === 400) return;
      if (answer.status !== 200 || !range || !counted.test(range))
        wrong.push(`${path}?${query} → ${answer.status} ${range}`);
    };
    for (const path of paths) {
      const first = await api.request('GET', `${path}?range=[0,4]`, { token: admin });
      if (first.status !== 200 || !first.headers.get('content-range')) continue;
      lists.push(path);
      const sample: Record<string, unknown> = Array.isArray(first.body) ? (first.body[0] ?? {}) : {};
      await ask(path, { filter: { q: 'a' } });
      await ask(path, { filter: { q: '없는 말' } });
      for (const [field, value] of Object.entries(sample)) {
        for (const order of ['ASC', 'DESC']) {
          await ask(path, { sort: [field, order] });
          await ask(path, { sort: [field, order], filter: { q: 'a' } });
        }
        if (value !== null && typeof value !== 'object') {
          await ask(path, { filter: { [field]: value } });
          await ask(path, { filter: { [field]: value, q: 'a' } });
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(lists).toEqual(expect.arrayContaining(['/api/user', '/api/usergroup']));
  });
});
