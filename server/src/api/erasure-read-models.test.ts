import { eventually } from '@interior/platform/testing';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { pricedDocument } from '../testing/priced-design';

/**
 * Erasure and renames reach every copy of a person's name, e-mail and phone: after a person has
 * taken part in everything that names them (requested an estimation, was assigned to one as its
 * manager and designer, commented, shared and was shared with, kept a folder, subscribed), every
 * text and JSON column of every table and view, as the database's own catalogue lists them, is
 * searched for them.
 */
let platform: TestPlatform;
let admin: string;
const PASSWORD = 'erasure password 1';
const api = () => platform.api;
const knex = () => platform.server.runtime.db.knex;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await api().login(ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  await platform?.stop();
});

/**
 * Every column whose value can hold text, of every table and view (system schemas aside), or of
 * the views alone: the read models, each a view over the generation of its tables in use.
 */
async function textColumns(only?: 'VIEW'): Promise<{ schema: string; table: string; column: string }[]> {
  const { rows } = await knex().raw(
    `
    select c.table_schema as schema, c.table_name as "table", c.column_name as "column"
    from information_schema.columns c
    join information_schema.tables t using (table_schema, table_name)
    where c.table_schema not in ('pg_catalog', 'information_schema')
      and (?::text is null or t.table_type = ?)
      and c.table_schema not like 'pg_toast%'
      and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'xml')
        or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar', '_json', '_jsonb')))
    order by 1, 2, 3`,
    [only ?? null, only ?? null],
  );
  return rows;
}

/** Where (as `schema.table.column`) any of `needles` occurs, compared without case. */
async function whereFound(needles: string[], only?: 'VIEW'): Promise<string[]> {
  const found: string[] = [];
  for (const { schema, table, column } of await textColumns(only)) {
    const hit = await knex()
      .withSchema(schema)
      .from(table)
      .where((q) => {
        for (const needle of needles)
          q.orWhereRaw('strpos(lower(??::text), ?) > 0', [column, needle.toLowerCase()]);
      })
      .first(knex().raw('1 as found'));
    if (hit) found.push(`${schema}.${table}.${column}`);
  }
  return found;
}

async function person(email: string, name: string, mobile: string, roles: string[]) {
  const id = await platform.createUser({ email, password: PASSWORD, name, mobile, roles: roles as never });
  return { id, email, token: (await api().login(email, PASSWORD)).token };
}

async function ok(method: string, path: string, token: string, body: unknown = {}) {
  const answer = await api().request(method, path, { token, body });
  if (answer.status >= 300)
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as Record<string, unknown>;
}

describe('a person’s name, e-mail and phone in the read models', () => {
  it('follow a rename everywhere, and are gone everywhere once the person is erased', async () => {
    const name = '한지울';
    const renamed = '한바뀜';
    const mobile = '01077778888';
    const staff = await person('erase.everywhere@test.example', name, mobile, [
      'BusinessPro',
      'DesignManager',
      'Designer',
    ]);
    const other = await person('other.customer@test.example', '남고객', '01022223333', ['BusinessPro']);

    // Their own design: a folder, a comment, a share with someone else, an estimation they request.
    const own = await ok('POST', '/api/mydesign', staff.token, { name: '지울 사람의 거실' });
    await ok('POST', '/api/designfolder', staff.token, { name: '지울 사람의 폴더' });
    await ok('POST', '/api/comment', staff.token, { designId: own.id, body: '지울 사람의 댓글' });
    await ok('POST', `/api/design/${own.id}/share`, staff.token, { email: other.email, permission: 'Read' });
    await pricedDocument(api(), { admin, owner: staff.token }, own.id as number);
    await ok('POST', `/api/design/${own.id}/estimation`, staff.token, { note: '요청' });

    // Someone else's design, shared with them, whose estimation they manage and design.
    const theirs = await ok('POST', '/api/mydesign', other.token, { name: '고객의 거실' });
    await ok('POST', `/api/design/${theirs.id}/share`, other.token, {
      email: staff.email,
      permission: 'Read',
    });
    await pricedDocument(api(), { admin, owner: other.token }, theirs.id as number);
    const estimation = await ok('POST', `/api/design/${theirs.id}/estimation`, other.token, { note: '부탁' });
    await ok('POST', `/api/estimation/${estimation.id}/assign`, admin, { managerId: staff.id });
    await ok('POST', `/api/estimation/${estimation.id}/assign`, staff.token, { designerId: staff.id });

    // A subscription, paid with the sandbox's test card.
    const plans = (await api().request('GET', '/api/subscription-plan')).body as {
      id: number;
      code: string;
    }[];
    const plan = plans.find((p) => p.code === 'BusinessPremium')!;
    const checkout = await ok('POST', '/api/subscription/checkout', staff.token, {
      planId: plan.id,
      period: 'Monthly',
    });
    const card = await ok('POST', '/api/billing/sandbox/card', staff.token, {
      cardNumber: '4242424242424242',
      customerKey: checkout.customerKey,
    });
    await ok('POST', '/api/subscription', staff.token, {
      planId: plan.id,
      period: 'Monthly',
      authKey: card.authKey,
      customerKey: checkout.customerKey,
    });

    // A read model shows the new name wherever it showed the old one, and the old one nowhere.
    // (A mail already written keeps the name it was written with.)
    const named = await whereFound([name], 'VIEW');
    expect(named).toContain('public.users.name');
    await ok('PUT', '/api/user/current', staff.token, { name: renamed });
    expect(await whereFound([name], 'VIEW')).toEqual([]);
    expect(await whereFound([renamed], 'VIEW')).toEqual(named);

    expect((await api().request('DELETE', `/api/user/${staff.id}`, { token: admin })).status).toBe(200);
    // The person's mail is cleared by the mail reactor, which runs after the command answers.
    const traces = [renamed, name, staff.email, mobile, '010-7777-8888'];
    await eventually(async () => (await whereFound(traces)).length === 0).catch(() => undefined);
    expect(await whereFound(traces)).toEqual([]);
  });
});
