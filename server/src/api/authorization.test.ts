import { resources } from '@interior/contracts';
import {
  admin,
  api,
  may,
  mayRead,
  named,
  personas,
  platform,
  setUpPersonas,
  stopPlatform,
} from '../testing/authorization-matrix';
import { routes } from '../testing/authorization-routes';

beforeAll(setUpPersonas);
afterAll(stopPlatform);

/**
 * The routes the server registered, read from Fastify's route tree (`printRoutes`), as
 * `METHOD /path` (HEAD only where the route is HEAD alone: Fastify adds HEAD to every GET).
 */
function registeredRoutes(): Set<string> {
  const tree = platform.server.app.printRoutes({ commonPrefix: false });
  const found = new Set<string>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    const methods = (match[3] ?? '').split(', ').filter((m) => m && m !== '-');
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue;
      found.add(`${method} ${path}`);
    }
  }
  return found;
}

/**
 * The authorization matrix: every API route (checked against the routes the server registers),
 * walked by a user of each role, a member of a group holding a grant, direct grantees of Read,
 * Write and Admin on a group, holders of Read and Admin on every group (type-level grants),
 * holders of Read and Admin on a user, and nobody signed in. No 2xx where nothing was granted; no
 * list total that counts a row the caller cannot read; no name or e-mail of a user the caller
 * may not read.
 */
describe('authorization matrix', () => {
  it('walks every route the server registers', () => {
    const registered = registeredRoutes();
    expect(registered).toContain('GET /api/health');
    expect(registered).toContain('GET /api/acl/info/:type/:id');
    const walked = new Set(routes.map((r) => `${r.method} ${r.pattern}`));
    // The generic routes of the other declared resources are walked, for every kind of caller, by
    // the resource contract suite (server/src/testing/resource-contract.ts); usergroup's here.
    const declared = new Set(
      resources
        .filter((r) => r.name !== 'usergroup')
        .flatMap((r) => [r.name, ...(r.readRoutes ?? [])].map((name) => [r, name] as const))
        .flatMap(([r, name]) => [
          `GET /api/${name}`,
          `GET /api/${name}/:id`,
          ...(name === r.name
            ? [`POST /api/${name}`, `PUT /api/${name}/:id`, `DELETE /api/${name}/:id`]
            : []),
        ]),
    );
    expect({
      notWalked: [...registered].filter((r) => !walked.has(r) && !declared.has(r)).sort(),
    }).toEqual({ notWalked: [] });
    expect({ notRegistered: [...walked].filter((r) => !registered.has(r)).sort() }).toEqual({
      notRegistered: [],
    });
  });

  it('answers every route for every persona as granted, and nothing more', async () => {
    const mismatches: string[] = [];
    for (const route of routes) {
      for (const p of personas) {
        const prepared = route.prepare ? await route.prepare(p) : {};
        const path = prepared.path ?? route.path(p);
        const token = prepared.token ?? p.token;
        const expected = p.token || route.public ? route.expected(p) : 401;
        const response = await api().request(route.method, path, {
          ...(token ? { token } : {}),
          ...(route.body ? { body: route.body(p) } : {}),
        });
        const where = `${route.method} ${path} as ${p.name}`;
        if (response.status !== expected) {
          mismatches.push(
            `${where}: ${response.status}, expected ${expected} ${JSON.stringify(response.body)}`,
          );
        } else if (response.status < 300) {
          const wrong = route.check?.(p, response);
          if (wrong) mismatches.push(`${where}: ${wrong}`);
        }
        await route.after?.(p);
        if (response.status >= 400 && route.method !== 'HEAD')
          expect(response.body).toMatchObject({ status: response.status, message: expect.any(String) });
      }
    }
    expect(mismatches).toEqual([]);
    // Hundreds of requests, one after another: a busy machine needs more than the default minute.
  }, 300_000);

  it('lists and counts only the rows each persona may read', async () => {
    const everyGroup = (await api().list('usergroup', admin.token!, { range: [0, 999] })).body.map(
      (g: { id: number }) => g.id,
    );
    const everyUser = (await api().list('user', admin.token!, { range: [0, 999] })).body.map(
      (u: { id: number }) => u.id,
    );
    expect(everyUser.length).toBeGreaterThan(personas.length);
    for (const p of personas.filter((x) => x.token)) {
      const list = await api().list('usergroup', p.token!, { range: [0, 999] });
      const ids = list.body.map((g: { id: number }) => g.id).sort();
      const expected = everyGroup.filter((id: number) => mayRead(p, id)).sort();
      expect({ persona: p.name, ids }).toEqual({ persona: p.name, ids: expected });
      expect({ persona: p.name, range: list.headers.get('content-range') }).toEqual({
        persona: p.name,
        range: expected.length ? `usergroup 0-${expected.length - 1}/${expected.length}` : 'usergroup */0',
      });

      const users = await api().list('user', p.token!, { range: [0, 999] });
      const userIds = users.body.map((u: { id: number }) => u.id).sort();
      const readable = everyUser.filter((id: number) => may(p, 'Read', 'User', id)).sort();
      expect({ persona: p.name, userIds }).toEqual({ persona: p.name, userIds: readable });
      expect(users.headers.get('content-range')).toMatch(new RegExp(`/${readable.length}$`));
    }
    expect(named('UserReader').records.User?.size).toBe(1);
    expect((await api().list('user', named('UserReader').token!)).headers.get('content-range')).toBe(
      'user 0-0/1',
    );
  });
});
