import { openDatabase } from '@interior/platform';
import { openTestDatabase, type TestDatabase } from '@interior/platform/testing';
import { nextId } from './ids';

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('nextId', () => {
  it('hands out distinct positive ids even when the first uses of a type race to create its sequence', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => nextId(db.knex, 'Design')));
    expect(new Set(ids).size).toBe(8);
    expect(Math.min(...ids)).toBe(1);
    expect(await nextId(db.knex, 'Design')).toBe(9);
    expect(await nextId(db.knex, 'Plan')).toBe(1);
  });
});

describe('nextId under load', () => {
  it('hands out every id once, in order, when creates come back to back, and keeps ahead only then', async () => {
    const first = await nextId(db.knex, 'Estimation');
    const next = [];
    for (let i = 0; i < 40; i++) next.push(await nextId(db.knex, 'Estimation'));
    expect(next).toEqual(Array.from({ length: 40 }, (_, i) => first + 1 + i));
    const { rows } = await db.knex.raw<{ rows: { last: number }[] }>(
      'select last_value::int as last from id_estimation',
    );
    // The sequence ran ahead by what this process keeps, at most one reserve.
    expect(rows[0]!.last).toBeGreaterThan(first + 40);
    expect(rows[0]!.last).toBeLessThanOrEqual(first + 40 + 16);
  });

  it('two pools on one database never hand out the same id', async () => {
    const other = await openDatabase({ url: db.url, poolSize: 2 });
    try {
      const ids = await Promise.all(
        Array.from({ length: 60 }, (_, i) => nextId(i % 2 ? db.knex : other.knex, 'Material')),
      );
      expect(new Set(ids).size).toBe(60);
    } finally {
      await other.close();
    }
  });
});
