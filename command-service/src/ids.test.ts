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
