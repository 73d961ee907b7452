import { openTestDatabase, type TestDatabase } from '../testing';
import { type ListDefinition, queryList, searchExpression } from './simple-rest';

/** Lists against a real database: free-text search, its totals, and totals kept by projections. */
let db: TestDatabase;
const def: ListDefinition = {
  resource: 'item',
  table: 'items',
  sortable: ['id', 'name'],
  defaultSort: ['id', 'ASC'],
  filters: { name: 'text' },
  search: ['name', 'note'],
};

beforeAll(async () => {
  db = await openTestDatabase();
  // A read model as projections make them: a generation's table behind a view.
  await db.knex.raw('create table items_g1 (id integer primary key, name text not null, note text)');
  await db.knex.raw('create view items as select * from items_g1');
  await db.knex('items_g1').insert([
    { id: 1, name: 'Alpha', note: 'beta' },
    { id: 2, name: 'gamma', note: null },
    { id: 3, name: 'zeta', note: 'ALPHA 100%' },
    { id: 4, name: '강남 디자인팀', note: '설명' },
  ]);
});
afterAll(async () => {
  await db.drop();
});

const list = (query: Record<string, unknown>) =>
  queryList<{ id: number }>(
    db.knex,
    def,
    Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])),
  );
const ids = (result: { records: { id: number }[] }) => result.records.map((r) => r.id);

describe('q', () => {
  it('matches any search column case-insensitively, with the total of all matches', async () => {
    const found = await list({ filter: { q: 'alpha' }, sort: ['name', 'DESC'], range: [0, 0] });
    expect(ids(found)).toEqual([3]);
    expect(found.total).toBe(2);
    expect(ids(await list({ filter: { q: '디자인' } }))).toEqual([4]);
    expect(ids(await list({ filter: { q: '100%' } }))).toEqual([3]);
  });

  it('never matches across the boundary of two columns', async () => {
    const across = await list({ filter: { q: 'alpha\nbeta' } });
    expect(across).toEqual({ records: [], total: 0, start: 0 });
  });

  it('counts the matches when the range starts past them', async () => {
    expect(await list({ filter: { q: 'a' }, range: [10, 19] })).toEqual({ records: [], total: 3, start: 10 });
  });

  it('answers the same records as the table has, field for field', async () => {
    const found = await list({ filter: { q: 'gamma' } });
    expect(found.records).toEqual([{ id: 2, name: 'gamma', note: null }]);
  });

  it('is one expression a trigram index can serve', () => {
    expect(searchExpression(['name', 'note'])).toBe(
      `lower(coalesce("name", '') || E'\\n' || coalesce("note", ''))`,
    );
  });
});

describe('totals', () => {
  it('of an unfiltered list come from the count its projection keeps, of a filtered one from the rows', async () => {
    await db.knex('read_model_counts').insert({ physical: 'items_g1', rows: 4 });
    expect((await list({ range: [0, 1] })).total).toBe(4);
    expect((await list({ filter: { name: 'gamma' } })).total).toBe(1);
    expect((await list({ filter: { id: [1, 2] } })).total).toBe(2);
    await db.knex('read_model_counts').where({ physical: 'items_g1' }).delete();
    expect((await list({ range: [0, 1] })).total).toBe(4);
  });
});

describe('deep pages', () => {
  const many: ListDefinition = { ...def, table: 'many', sortable: ['id', 'name', 'rank'] };
  beforeAll(async () => {
    await db.knex.raw(
      'create table many (id integer primary key, name text not null, rank integer not null)',
    );
    // Few distinct names and ranks: pages cut through runs of equal sort keys.
    await db
      .knex('many')
      .insert(
        Array.from({ length: 2_500 }, (_, i) => ({ id: 2_500 - i, name: `이름 ${i % 7}`, rank: i % 13 })),
      );
  });

  it.each([
    ['name', 'ASC', [1_000, 1_024]],
    ['name', 'DESC', [1_777, 1_801]],
    ['rank', 'DESC', [2_480, 2_499]],
    ['rank', 'ASC', [2_490, 2_520]],
  ] as const)('by %s %s, rows %j, are the rows of the plain offset', async (field, order, range) => {
    const found = await queryList<{ id: number }>(db.knex, many, {
      sort: JSON.stringify([field, order]),
      range: JSON.stringify(range),
    });
    const expected = await db
      .knex('many')
      .orderBy([
        { column: field, order: order.toLowerCase() as 'asc' | 'desc' },
        { column: 'id', order: 'asc' },
      ])
      .offset(range[0])
      .limit(range[1] - range[0] + 1);
    expect(found.records).toEqual(expected);
    expect(found.records.length).toBe(Math.max(0, Math.min(range[1], 2_499) - range[0] + 1));
    expect(found.total).toBe(2_500);
  });
});
