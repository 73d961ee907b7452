import { newEvent } from '../eventstore/contract-suite';
import { createPostgresEventStore } from '../eventstore/postgres';
import { openTestDatabase, type TestDatabase } from '../testing';

/**
 * Large values are compressed with lz4 where the server offers it, on every connection of the
 * pool (so whichever table and process writes them), and nothing is set where it is not offered.
 */
describe.each([
  ['a PostgreSQL server', false],
  ['the embedded database', true],
])('value compression on %s', (_name, embedded) => {
  const serverless = !embedded && !process.env.TEST_DATABASE_URL;
  let db: TestDatabase;
  let offered: boolean;
  beforeAll(async () => {
    if (serverless) return;
    db = await openTestDatabase({ embedded, poolSize: 4 });
    const { rows } = await db.knex.raw<{ rows: { lz4: boolean }[] }>(
      `select 'lz4' = any(enumvals) as lz4 from pg_settings where name = 'default_toast_compression'`,
    );
    offered = rows[0]?.lz4 ?? false;
  });
  afterAll(async () => {
    if (!serverless) await db.drop();
  });

  it('every pooled connection compresses as the server best can', async () => {
    if (serverless) return void console.log('TEST_DATABASE_URL is not set: the server case is skipped');
    // Held open together, the transactions use as many connections as the pool has.
    const settings = await Promise.all(
      Array.from({ length: embedded ? 1 : 4 }, () =>
        db.knex.transaction(async (trx) => {
          const { rows } = await trx.raw<{ rows: { default_toast_compression: string }[] }>(
            'show default_toast_compression',
          );
          await trx.raw('select pg_sleep(0.05)');
          return rows[0]?.default_toast_compression;
        }),
      ),
    );
    expect(settings).toEqual(settings.map(() => (offered ? 'lz4' : 'pglz')));
    if (!embedded) expect(offered).toBe(true);
  });

  it("an event's large data is stored so", async () => {
    if (serverless) return;
    const store = createPostgresEventStore(db.knex);
    const document = Array.from({ length: 4_000 }, (_, i) => ({ id: `wall-${i}`, x: i, y: i * 2 }));
    await store.append('Large-1', [newEvent('Large', { document })], { expectedRevision: 'no_stream' });
    const { rows } = await db.knex.raw<{ rows: { compression: string | null }[] }>(
      `select pg_column_compression(data) as compression from events where stream = 'Large-1'`,
    );
    expect(rows[0]?.compression).toBe(offered ? 'lz4' : 'pglz');
  });
});
