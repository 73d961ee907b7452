import { messages, userGroupResource } from '@interior/contracts';
import { generationTables } from '@interior/projections';
import { userGroupsProjection } from '@interior/projections/usergroups/usergroups.projection';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

/**
 * The read models for operators: their list, a blue/green rebuild started over HTTP with its
 * progress as server-sent events, and the check of a read model against a fold of the log.
 */
let platform: TestPlatform;
let admin: string;
let developer: string;
let designer: string;
const PASSWORD = 'readmodel-password-1';
const name = userGroupsProjection.name;
const groupIds: number[] = [];
const api = () => platform.api;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await api().login(ADMIN.email, ADMIN.password)).token;
  for (const [email, role] of [
    ['dev@readmodel.example', 'Developer'],
    ['designer@readmodel.example', 'Designer'],
  ] as const) {
    await platform.createUser({ email, password: PASSWORD, name: role, roles: [role] });
  }
  developer = (await api().login('dev@readmodel.example', PASSWORD)).token;
  designer = (await api().login('designer@readmodel.example', PASSWORD)).token;
  for (let i = 0; i < 30; i++) {
    const created = await api().request('POST', `/api/${userGroupResource.name}`, {
      token: admin,
      body: { name: `재구성 그룹 ${i}`, description: `설명 ${i}` },
    });
    expect(created.status).toBe(201);
    groupIds.push(created.body.id);
  }
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

/** The server-sent events of a rebuild, read until the stream ends. */
async function progressEvents(token: string): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${platform.url}/api/readmodel/${name}/rebuild`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)));
}

const readModel = async (token = admin) => {
  const list = await api().request('GET', '/api/readmodel', { token });
  expect(list.status).toBe(200);
  return (list.body as { name: string; generation: number; lag: number; building: unknown }[]).find(
    (r) => r.name === name,
  )!;
};

describe('read models', () => {
  it('lists each read model with its version, generation, position and lag', async () => {
    const list = await api().request('GET', '/api/readmodel', { token: developer });
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toBe(`readmodel 0-${list.body.length - 1}/${list.body.length}`);
    const row = list.body.find((r: { name: string }) => r.name === name);
    expect(row).toEqual(
      expect.objectContaining({
        name,
        version: userGroupsProjection.version,
        generation: expect.any(Number),
        position: expect.any(String),
        lag: expect.any(Number),
        building: null,
      }),
    );
  });

  it('refuses everyone but the Admin and the Developer, on every route', async () => {
    for (const [method, path] of [
      ['GET', '/api/readmodel'],
      ['POST', `/api/readmodel/${name}/rebuild`],
      ['GET', `/api/readmodel/${name}/rebuild`],
      ['POST', `/api/readmodel/${name}/verify`],
    ] as const) {
      const denied = await api().request(method, path, { token: designer });
      expect([path, denied.status, denied.body.message]).toEqual([path, 403, messages.pageForbidden]);
      expect((await api().request(method, path)).status).toBe(401);
    }
    expect(await readModel()).toEqual(expect.objectContaining({ building: null }));
    const unknown = await api().request('POST', '/api/readmodel/nothing-such/rebuild', { token: admin });
    expect([unknown.status, unknown.body.message]).toEqual([404, messages.readModelUnknown]);
  });

  it('rebuilds beside the live generation, one rebuild at a time, and reports the switch', async () => {
    const before = await readModel();
    // Two at once: the projection's lock lets exactly one start.
    const [first, second] = await Promise.all([
      api().request('POST', `/api/readmodel/${name}/rebuild`, { token: admin }),
      api().request('POST', `/api/readmodel/${name}/rebuild`, { token: developer }),
    ]);
    expect([first.status, second.status].sort()).toEqual([202, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body.message).toBe(messages.readModelRebuilding);
    const again = await api().request('POST', `/api/readmodel/${name}/rebuild`, { token: admin });
    expect([again.status, again.body.message]).toEqual([409, messages.readModelRebuilding]);
    const generation = (first.status === 202 ? first : second).body.generation;
    expect(generation).toBeGreaterThan(before.generation);

    // Readers keep the live generation, with every row, until the new one takes over.
    let done = false;
    const reads: number[] = [];
    const reading = (async () => {
      while (!done) {
        const list = await api().list(userGroupResource.name, admin, { range: [0, 99] });
        expect(list.status).toBe(200);
        expect((list.body as { id: number }[]).map((g) => g.id)).toEqual(expect.arrayContaining(groupIds));
        reads.push(list.status);
      }
    })();
    const events = await progressEvents(developer);
    done = true;
    await reading;
    expect(reads.length).toBeGreaterThan(0);
    // The first message comes at once, while the new generation is still being built.
    expect(events.length).toBeGreaterThan(1);
    const last = events.at(-1);
    expect(last).toEqual({ switched: true, generation });
    for (const progress of events.slice(0, -1)) {
      expect(Object.keys(progress).sort()).toEqual([
        'eta',
        'eventsPerSecond',
        'generation',
        'position',
        'remaining',
      ]);
      expect(progress.generation).toBe(generation);
    }
    expect(await readModel()).toEqual(expect.objectContaining({ generation, building: null }));
    // A client that comes after the switch is told there is no rebuild under way.
    expect(await progressEvents(admin)).toEqual([
      { building: false, generation, position: expect.any(String) },
    ]);
    // A new rebuild may start once the last one is over.
    const next = await api().request('POST', `/api/readmodel/${name}/rebuild`, { token: admin });
    expect(next.status).toBe(202);
    expect((await progressEvents(admin)).at(-1)).toEqual({
      switched: true,
      generation: next.body.generation,
    });
  }, 120_000);

  it('verifies a read model against a fold of the log and finds a row changed by hand', async () => {
    const clean = await api().request('POST', `/api/readmodel/${name}/verify`, { token: admin });
    expect(clean.status).toBe(200);
    expect(clean.body).toEqual(expect.objectContaining({ rows: groupIds.length, differences: [] }));
    expect(clean.body.checked).toBeGreaterThanOrEqual(groupIds.length);

    const { knex } = platform.server.runtime.db;
    const { generation } = await readModel();
    const physical = generationTables(userGroupsProjection, generation)[name as never] as string;
    const touched = groupIds[3]!;
    await knex(physical).where({ id: touched }).update({ name: '손으로 고친 이름' });
    await knex(physical).where({ id: groupIds[5]! }).delete();

    const found = await api().request('POST', `/api/readmodel/${name}/verify`, { token: developer });
    expect(found.status).toBe(200);
    expect(found.body.rows).toBe(groupIds.length - 1);
    expect(found.body.differences).toEqual(
      expect.arrayContaining([
        { table: name, kind: 'rowCount', readModel: groupIds.length - 1, log: groupIds.length },
        expect.objectContaining({
          table: name,
          kind: 'row',
          key: { id: touched },
          fields: ['name'],
          readModel: expect.objectContaining({ name: '손으로 고친 이름' }),
          log: expect.objectContaining({ name: '재구성 그룹 3' }),
        }),
        expect.objectContaining({ kind: 'row', key: { id: groupIds[5]! }, readModel: null }),
      ]),
    );
    // The check changed nothing, and left no table behind.
    const { rows } = await knex.raw(
      `select count(*)::integer as n from pg_tables where tablename like '%\\_verify\\_%'`,
    );
    expect(rows[0].n).toBe(0);
  }, 120_000);
});
