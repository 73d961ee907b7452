import { openTestDatabase, type TestDatabase } from '../testing';
import { type ContractSubject, describeEventStoreContract } from './contract-suite';
import { createPostgresEventStore } from './postgres';

/**
 * The contract suite on the embedded PGlite always, and on a real PostgreSQL server when
 * TEST_DATABASE_URL is set.
 */
async function subjectOn(open: () => Promise<TestDatabase>): Promise<ContractSubject> {
  const db = await open();
  const store = createPostgresEventStore(db.knex, { pollIntervalMs: 20 });
  return {
    store,
    async appendHeldOpen(stream, event, holdMs) {
      let appended!: () => void;
      const made = new Promise<void>((resolve) => {
        appended = resolve;
      });
      const committed = db.knex.transaction(async (trx) => {
        await store.appendWith(trx, stream, [event], 'no_stream');
        appended();
        await new Promise((resolve) => setTimeout(resolve, holdMs));
      });
      await Promise.race([made, committed]);
      return { committed: committed.then(() => undefined) };
    },
    async cleanup() {
      await store.close();
      await db.drop();
    },
  };
}

describeEventStoreContract('PostgreSQL adapter on embedded PGlite', () =>
  subjectOn(() => openTestDatabase({ embedded: true })),
);

if (process.env.TEST_DATABASE_URL) {
  describeEventStoreContract('PostgreSQL adapter on PostgreSQL', () =>
    subjectOn(() => openTestDatabase({ embedded: false })),
  );
} else {
  console.info(
    'PostgreSQL event store suite skipped: TEST_DATABASE_URL is not set (the PGlite run still ran)',
  );
}
