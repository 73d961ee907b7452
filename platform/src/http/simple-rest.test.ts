import type { Knex } from 'knex';
import { openTestDatabase, type TestDatabase } from '../testing';
import {
  type ListDefinition,
  listAnswer,
  queryList,
  searchExpression,
  searchPartExpression,
} from './simple-rest';

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

const listIn = (definition: ListDefinition, knex?: Knex) => (query: Record<string, unknown>) =>
  queryList<{ id: number }>(
    knex ?? db.knex,
    definition,
    Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])),
  );
const list = listIn(def);
/** The same list, its search index in two parts (a declared resource's, resource-list.ts). */
const inParts: ListDefinition = { ...def, searchParts: 2 };
const ids = (result: { records: { id: number }[] }) => result.records.map((r) => r.id);

describe.each([
  ['one search index', def],
  ['a search index in parts', inParts],
])('q, %s', (_, definition) => {
  const list = listIn(definition);

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
});

describe('the search index', () => {
  it('is one expression a trigram index can serve', () => {
    expect(searchExpression(['name', 'note'])).toBe(
      `lower(coalesce("name", '') || E'\\n' || coalesce("note", ''))`,
    );
  });

  it('in parts is read part by part: the planner can use each part’s index', async () => {
    const parts = [0, 1].map((part) => `items_g1_search_${part}`);
    for (const [part, name] of parts.entries()) {
      await db.knex.raw(
        `create index ?? on items_g1 using gin (${searchPartExpression(def.search, 2, part)} gin_trgm_ops)`,
        [name],
      );
    }
    try {
      // Scans of an index by this transaction (pg_stat_get_xact_numscans), with the table's own
      // scan ruled out: a condition other than a part's own expression would leave its index unread.
      const scans = await db.knex.transaction(async (trx) => {
        await trx.raw('set local enable_seqscan = off');
        const found = await listIn(inParts, trx as unknown as Knex)({ filter: { q: 'alpha' } });
        expect(found.total).toBe(2);
        const { rows } = await trx.raw<{ rows: { scans: string }[] }>(
          `select pg_stat_get_xact_numscans(oid) as scans from pg_class where relname = any(?) order by relname`,
          [parts],
        );
        return rows.map((row) => Number(row.scans));
      });
      expect(scans).toEqual([expect.any(Number), expect.any(Number)]);
      expect(Math.min(...scans)).toBeGreaterThan(0);
    } finally {
      for (const name of parts) await db.knex.raw('drop index ??', [name]);
    }
  });

  it('in parts holds each row’s text in the part of its id’s remainder only', async () => {
    const expression = (part: number) => searchPartExpression(['name'], 2, part);
    const { rows } = await db.knex.raw<{ rows: Record<string, unknown>[] }>(
      `select id, ${expression(0)} as even, ${expression(1)} as odd from items_g1 where id <= 2 order by id`,
    );
    expect(rows).toEqual([
      { id: 1, even: null, odd: 'alpha' },
      { id: 2, even: 'gamma', odd: null },
    ]);
    expect(() => searchPartExpression(['name'], 2, 2)).toThrow();
    expect(() => searchPartExpression(['name'], 2, 0.5)).toThrow();
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

  it('of an empty first page are nought, as its own read found, not a count read after it', async () => {
    // Rows committed between the page's read and a second read of the count (kept with the rows,
    // so that read sees them) would answer a total the page does not hold.
    await db.knex.raw('create table later_g1 (id integer primary key, name text not null, note text)');
    await db.knex.raw('create view later as select * from later_g1');
    await db.knex('read_model_counts').insert({ physical: 'later_g1', rows: 3 });
    const later = listIn({ ...def, table: 'later' });
    expect(await later({ range: [0, 9] })).toMatchObject({ records: [], total: 0 });
    // Past the first page, an empty page's total is the count (the page lies past the last row).
    expect(await later({ range: [10, 19] })).toMatchObject({ records: [], total: 3 });
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

describe('text sorted by code point (codePointSorts)', () => {
  // A column in a linguistic order of its own, so that the server's ordering and code point order
  // differ on every machine: small letters first there, capitals first by code point.
  const coded: ListDefinition = {
    ...def,
    table: 'coded',
    sortable: ['id', 'name'],
    nullable: ['name'],
    codePointSorts: ['name'],
  };
  const names = ['b', 'B', 'a', '가', 'A', '나', 'a'];
  /** Ids in code point order of the names, then id; nulls first going up. */
  let ascending: number[];
  beforeAll(async () => {
    const { rows } = await db.knex.raw<{ rows: unknown[] }>(
      `select 1 from pg_collation where collname = 'und-x-icu'`,
    );
    if (rows.length === 0) throw new Error('this test needs PostgreSQL built with ICU (collation und-x-icu)');
    await db.knex.raw(
      'create table coded (id integer primary key, name text collate "und-x-icu", note text)',
    );
    const rowsIn = Array.from({ length: 1_200 }, (_, i) => ({
      id: i + 1,
      name: i % 50 === 0 ? null : `${names[i % names.length]}${Math.floor(i / 7) % 3}`,
      note: 'x',
    }));
    await db.knex('coded').insert(rowsIn);
    await db.knex.raw('create index coded_name_id_index on coded (name collate "C", id)');
    await db.knex.raw('analyze coded');
    ascending = (
      await db.knex.raw<{ rows: { id: number }[] }>(
        'select id from coded order by name collate "C" asc nulls first, id asc',
      )
    ).rows.map((r) => r.id);
  });

  it.each([
    ['ASC', [0, 24]],
    ['DESC', [0, 24]],
    ['ASC', [1_100, 1_124]],
    ['DESC', [1_050, 1_080]],
  ] as const)('%s, rows %j, in code point order, a deep page as well as the first', async (order, range) => {
    const found = await queryList<{ id: number }>(db.knex, coded, {
      sort: JSON.stringify(['name', order]),
      range: JSON.stringify(range),
    });
    // Going down: names in reverse, nulls last, ties still by id going up.
    const nulls = ascending.filter((_, i) => i < 24);
    const named = ascending.slice(24);
    const byName = new Map<number, string>();
    for (const row of await db.knex('coded').select('id', 'name')) byName.set(row.id, row.name);
    const descending = [...named]
      .sort((x, y) => {
        const [a, b] = [byName.get(x)!, byName.get(y)!];
        return a === b ? x - y : Buffer.compare(Buffer.from(b), Buffer.from(a));
      })
      .concat(nulls);
    const expected = (order === 'ASC' ? ascending : descending).slice(range[0], range[1] + 1);
    expect(ids(found)).toEqual(expected);
  });

  it('in a search too', async () => {
    const found = await queryList<{ id: number }>(db.knex, coded, {
      filter: JSON.stringify({ q: '1' }),
      sort: JSON.stringify(['name', 'ASC']),
      range: JSON.stringify([0, 9]),
    });
    const matching = ascending.filter((id) => ids(found).includes(id));
    expect(ids(found)).toEqual(matching);
    expect(found.records.map((r) => (r as unknown as { name: string }).name)).toEqual(
      [...found.records.map((r) => (r as unknown as { name: string }).name)].sort((a, b) =>
        Buffer.compare(Buffer.from(a), Buffer.from(b)),
      ),
    );
  });
});

describe('a search matching more rows than it counts (searchCountCap)', () => {
  const capped: ListDefinition = {
    ...def,
    table: 'searched',
    sortable: ['id', 'name'],
    defaultSort: ['id', 'DESC'],
    searchCountCap: 20,
    searchParts: 2,
  };
  beforeAll(async () => {
    await db.knex.raw('create table searched (id integer primary key, name text not null, note text)');
    // Every third row says 셋; the rows 971-1000 (the last going up, the first going down) say 끝.
    await db.knex('searched').insert(
      Array.from({ length: 1_000 }, (_, i) => ({
        id: i + 1,
        name: `${(i + 1) % 3 === 0 ? '셋' : '둘'} ${String((i * 7919) % 1_000).padStart(3, '0')}`,
        note: i + 1 > 970 ? '끝' : null,
      })),
    );
  });
  const search = (q: string, sort: [string, string], range: [number, number]) =>
    queryList<{ id: number; name: string }>(db.knex, capped, {
      filter: JSON.stringify({ q }),
      sort: JSON.stringify(sort),
      range: JSON.stringify(range),
    });
  /** The page as a full sort of every match gives it. */
  const expected = async (like: string, [field, order]: [string, string], [start, end]: [number, number]) =>
    (
      await db
        .knex('searched')
        .whereRaw(`lower(name || E'\\n' || coalesce(note, '')) like ?`, [`%${like}%`])
        .orderByRaw(`?? ${order === 'ASC' ? 'asc' : 'desc'}, id asc`, [field])
        .offset(start)
        .limit(end - start + 1)
    ).map((row: { id: number }) => row.id);

  it.each([
    [
      ['id', 'DESC'],
      [0, 9],
    ],
    [
      ['name', 'DESC'],
      [0, 9],
    ],
    [
      ['name', 'DESC'],
      [30, 39],
    ],
  ] as const)(
    'sorted %j, rows %j: the page of all matches, its total "at least" the cap and one',
    async (sort, range) => {
      const found = await search('셋', [...sort], [...range]);
      expect(ids(found)).toEqual(await expected('셋', [...sort], [...range]));
      expect(found.atLeast).toBe(true);
      // The cap grows with the page's end, so the next page is always offered.
      expect(found.total).toBe(Math.max(20, range[1] + 1) + 1);
    },
  );

  it('sorted so that every match lies past the walked part: the page of all matches, their exact total', async () => {
    // 둘 sorts before 셋: going up by name, the first 400 rows hold no 셋.
    const found = await search('셋', ['name', 'ASC'], [0, 9]);
    expect(ids(found)).toEqual(await expected('셋', ['name', 'ASC'], [0, 9]));
    expect(found.total).toBe(333);
    expect(found.atLeast).toBeUndefined();
  });

  it('finds matches beyond the walked part of the order, with their exact total', async () => {
    // 끝 matches the last 30 rows going up: a walk of the first 400 finds none of them.
    const found = await search('끝', ['id', 'ASC'], [0, 9]);
    expect(ids(found)).toEqual(Array.from({ length: 10 }, (_, i) => 971 + i));
    expect(found.total).toBe(30);
    expect(found.atLeast).toBeUndefined();
  });

  it('counts exactly as many matches as the cap, or fewer', async () => {
    const found = await search('셋 00', ['id', 'ASC'], [0, 9]);
    const all = await expected('셋 00', ['id', 'ASC'], [0, 99]);
    expect(all.length).toBeGreaterThan(0);
    expect(all.length).toBeLessThanOrEqual(20);
    expect(ids(found)).toEqual(all.slice(0, 10));
    expect(found.total).toBe(all.length);
    expect(found.atLeast).toBeUndefined();
  });

  it('counts exactly the matches of a page the walk found, when they are no more than the cap', async () => {
    // Going down by id, 끝 is on the first 30 rows; a page of 30 counts to 30 at least.
    const found = await search('끝', ['id', 'DESC'], [0, 29]);
    expect(ids(found)).toEqual(Array.from({ length: 30 }, (_, i) => 1000 - i));
    expect(found.total).toBe(30);
    expect(found.atLeast).toBeUndefined();
  });

  it.each([
    ['the walk finds the page: the page and its count', '셋', ['id', 'DESC'], 1],
    ['the walk finds too few: it, then the sort of all matches', '셋', ['name', 'ASC'], 2],
    ['few matches: the walk, then the sort of all matches', '셋 00', ['id', 'ASC'], 2],
  ] as const)('is read in as few statements as it needs (%s)', async (_, q, sort, statements) => {
    let asked = 0;
    const count = () => {
      asked++;
    };
    db.knex.on('query', count);
    try {
      await search(q, [...sort], [0, 9]);
    } finally {
      db.knex.off('query', count);
    }
    expect(asked).toBe(statements);
  });

  it('says "at least" in Content-Range with a + that a parseInt reader takes as the number', async () => {
    const found = await search('셋', ['id', 'DESC'], [0, 9]);
    const range = listAnswer('item', found).headers['content-range'];
    expect(range).toBe('item 0-9/21+');
    expect(Number.parseInt(range.split('/').pop()!, 10)).toBe(21);
  });
});
