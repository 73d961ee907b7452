import type { Knex } from 'knex';
import { deferred, eventually, openTestDatabase, type TestDatabase } from '../testing';
import { type ContractSubject, describeEventStoreContract, newEvent } from './contract-suite';
import type { StoredEvent } from './port';
import { asReadModelWriter, createPostgresEventStore, type PostgresEventStore } from './postgres';

/**
 * The contract suite on the embedded PGlite always, and on a real PostgreSQL server when
 * TEST_DATABASE_URL is set.
 */
async function subjectOn(open: () => Promise<TestDatabase>, prepared = false): Promise<ContractSubject> {
  const db = await open();
  const store = createPostgresEventStore(db.knex, { pollIntervalMs: 20, prepared });
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
  describeEventStoreContract('PostgreSQL adapter on PostgreSQL, prepared statements', () =>
    subjectOn(() => openTestDatabase({ embedded: false }), true),
  );
} else {
  console.info(
    'PostgreSQL event store suite skipped: TEST_DATABASE_URL is not set (the PGlite run still ran)',
  );
}

/**
 * Runs `body` while another connection, to `knex`'s database, holds a transaction id older than
 * anything `body` appends: as a read-model writer when asked.
 */
async function whileTransactionHeld(
  knex: Knex,
  body: () => Promise<void>,
  options: { readModelWriter?: boolean } = {},
) {
  const held = deferred();
  const running = deferred();
  const transaction = knex.transaction(async (trx) => {
    if (options.readModelWriter) await trx.raw(`select ${asReadModelWriter}`);
    await trx.raw('select pg_current_xact_id()');
    running.resolve();
    await held.promise;
  });
  await running.promise;
  try {
    await body();
  } finally {
    held.resolve();
    await transaction;
  }
}

/**
 * Waits for the appended event to show while the transaction is still held. Not at the first read:
 * a short transaction of another test file ending between a statement's snapshot and its look at
 * the server's activity counts, for that statement, as one that may have appended, which holds the
 * event back until the next read. A held transaction that kept it back would keep it back to the end.
 */
async function seenWhileHeld(store: PostgresEventStore, position: string) {
  await eventually(async () => {
    const seen = await store.readAll({ after: null, limit: 10 });
    return seen.length === 1 && seen[0]!.position === position && (await store.headPosition()) === position;
  });
}

// Only a server has other databases and other connections (the suite above says when it is not set).
if (process.env.TEST_DATABASE_URL) {
  describeBesideOtherDatabases();
  describeBesideReadModelWriters();
}

function describeBesideOtherDatabases() {
  describe('PostgreSQL adapter beside other databases', () => {
    it('shows an event while a transaction of another database of the server runs', async () => {
      const mine = await openTestDatabase({ embedded: false });
      const other = await openTestDatabase({ embedded: false });
      try {
        const store = createPostgresEventStore(mine.knex);
        // Holds a transaction id in the other database, older than the append below.
        await whileTransactionHeld(other.knex, async () => {
          const { position } = await store.append('Other-1', [newEvent('Happened')], {
            expectedRevision: 'no_stream',
          });
          await seenWhileHeld(store, position);
        });
      } finally {
        await mine.drop();
        await other.drop();
      }
    });
  });
}

/** A transaction of this database holding an id older than an append, read-model writer or not. */
function describeBesideReadModelWriters() {
  describe('PostgreSQL adapter beside long transactions of its own database', () => {
    let db: TestDatabase;
    beforeEach(async () => {
      db = await openTestDatabase({ embedded: false });
    });
    afterEach(() => db.drop());

    it("shows an event while a read-model writer's transaction runs", async () => {
      const store = createPostgresEventStore(db.knex);
      await whileTransactionHeld(
        db.knex,
        async () => {
          const { position } = await store.append('Other-1', [newEvent('Happened')], {
            expectedRevision: 'no_stream',
          });
          await seenWhileHeld(store, position);
        },
        { readModelWriter: true },
      );
    });

    it('holds an event back while any other transaction of the database that may append runs', async () => {
      const store = createPostgresEventStore(db.knex);
      await whileTransactionHeld(db.knex, async () => {
        await store.append('Other-1', [newEvent('Happened')], { expectedRevision: 'no_stream' });
        expect(await store.readAll({ after: null, limit: 10 })).toEqual([]);
        expect(await store.headPosition()).toBeNull();
      });
      await eventually(async () => (await store.readAll({ after: null, limit: 10 })).length === 1);
    });

    it("refuses an append in a read-model writer's transaction, and takes it in any other", async () => {
      const store = createPostgresEventStore(db.knex);
      await expect(
        db.knex.transaction(async (trx) => {
          await trx.raw(`select ${asReadModelWriter}`);
          await store.appendWith(trx, 'Other-1', [newEvent('Happened')], 'no_stream');
        }),
      ).rejects.toThrow('a read-model writer cannot append to the log');
      await db.knex.transaction((trx) =>
        store.appendWith(trx, 'Other-1', [newEvent('Happened')], 'no_stream'),
      );
      // Taken: it shows once every transaction begun before it (other suites' too) has ended.
      await eventually(async () => (await store.readAll({ after: null, limit: 10 })).length === 1);
    });
  });
}

describe('PostgreSQL adapter positions', () => {
  // comparePositions needs no database: the store is made over a knex it never calls.
  const store = createPostgresEventStore({} as never);

  it('orders positions by transaction, then by position, as numbers whatever their length', () => {
    const ordered = [
      '0:0',
      '0:9',
      '0:10',
      '9:1',
      '10:0',
      '10:2',
      '99999999999999999999:1',
      '100000000000000000000:0',
    ];
    for (let i = 0; i < ordered.length; i++) {
      for (let j = 0; j < ordered.length; j++) {
        expect(Math.sign(store.comparePositions(ordered[i]!, ordered[j]!))).toBe(Math.sign(i - j));
      }
    }
  });

  it('compares a position written with leading zeros by its value, and refuses what is not one', () => {
    expect(store.comparePositions('010:2', '10:2')).toBe(0);
    expect(store.comparePositions('9:05', '9:10')).toBeLessThan(0);
    expect(() => store.comparePositions('1:x', '1:2')).toThrow('not a PostgreSQL event store position');
  });
});

describe('PostgreSQL adapter, the events it gives its listeners', () => {
  it('gives each append of its own with its events as readAll reads them, and holdsOnly says when they are all that is new', async () => {
    const db = await openTestDatabase();
    const store = createPostgresEventStore(db.knex, { pollIntervalMs: 20 });
    try {
      const told: { position: string; events?: readonly StoredEvent[] }[] = [];
      const off = store.onAppended((position, events) =>
        told.push({ position, ...(events ? { events } : {}) }),
      );
      const data = {
        name: '그룹 "하나"',
        count: 3,
        ratio: 0.25,
        nested: { list: [1, null, '둘'] },
        gone: undefined,
      };
      const first = await store.append('Given-1', [newEvent('Happened', data), newEvent('Happened', {})], {
        expectedRevision: 'no_stream',
      });
      const events = told.find((t) => t.position === first.position)?.events;
      const read = await store.readAll({ after: null, limit: 10 });
      expect(events).toEqual(read);
      expect(events?.[0]?.data).not.toHaveProperty('gone');
      // An idempotent retry appends nothing: no events to give.
      await store.append('Given-1', [{ ...read[0]!, metadata: read[0]!.metadata }], {
        expectedRevision: 'any',
      });
      off();

      const holds = async (after: string | null, given: readonly StoredEvent[]) => {
        const { sql, bindings } = store.logInSql.holdsOnly(after, given);
        const { rows } = await db.knex.raw<{ rows: { holds: boolean }[] }>(
          `select ${sql} as holds`,
          bindings,
        );
        return rows[0]!.holds;
      };
      expect(await holds(null, read)).toBe(true);
      expect(await holds(read[0]!.position, read.slice(1))).toBe(true);
      // Another event after them, or one of them missing: not all that is new.
      expect(await holds(null, read.slice(1))).toBe(false);
      const later = await store.append('Given-2', [newEvent()], { expectedRevision: 'no_stream' });
      expect(await holds(null, read)).toBe(false);
      expect(await holds(first.position, await store.readAll({ after: first.position, limit: 10 }))).toBe(
        true,
      );
      expect(later.position > first.position).toBe(true);
    } finally {
      await store.close();
      await db.drop();
    }
  });

  it('counts the events readAll would answer after a position, up to a limit', async () => {
    const db = await openTestDatabase();
    const store = createPostgresEventStore(db.knex, { pollIntervalMs: 20 });
    try {
      const count = async (after: string | null, limit = 100) => {
        const { sql, bindings } = store.logInSql.count(after, limit);
        const { rows } = await db.knex.raw<{ rows: { n: number }[] }>(sql, bindings);
        return rows[0]!.n;
      };
      expect(await count(null)).toBe(0);
      await store.append('Given-1', [newEvent(), newEvent(), newEvent()], { expectedRevision: 'no_stream' });
      await store.append('Given-2', [newEvent(), newEvent()], { expectedRevision: 'no_stream' });
      const read = await store.readAll({ after: null, limit: 10 });
      expect(await count(null)).toBe(5);
      for (const [i, event] of read.entries()) expect(await count(event.position)).toBe(read.length - 1 - i);
      expect(await count(null, 2)).toBe(2);
    } finally {
      await store.close();
      await db.drop();
    }
  });

  it('gives the log rows of events named by stream and revision, none for a pair it does not hold', async () => {
    const db = await openTestDatabase();
    const store = createPostgresEventStore(db.knex, { pollIntervalMs: 20 });
    try {
      await store.append('Given-1', [newEvent('A', { n: 0 }), newEvent('B', { n: 1 })], {
        expectedRevision: 'no_stream',
      });
      await store.append('Given-2', [newEvent('C', { n: 2 })], { expectedRevision: 'no_stream' });
      const { sql, bindings } = store.logInSql.at(['Given-2', 'Given-1', 'Given-1', 'Given-3'], [0, 1, 5, 0]);
      const { rows } = await db.knex.raw<{ rows: { stream: string; revision: string; data: unknown }[] }>(
        `select stream, revision::int as revision, data from (${sql}) as at order by stream, revision`,
        bindings,
      );
      expect(rows).toEqual([
        { stream: 'Given-1', revision: 1, data: { n: 1 } },
        { stream: 'Given-2', revision: 0, data: { n: 2 } },
      ]);
    } finally {
      await store.close();
      await db.drop();
    }
  });

  // A server's connections only: PGlite runs one transaction at a time.
  (process.env.TEST_DATABASE_URL ? it : it.skip)(
    'holdsOnly is false while a transaction before the events may still append',
    async () => {
      const db = await openTestDatabase();
      const store = createPostgresEventStore(db.knex, { pollIntervalMs: 20 });
      try {
        await whileTransactionHeld(db.knex, async () => {
          await store.append('Given-1', [newEvent()], { expectedRevision: 'no_stream' });
          const appended = await db.knex.raw<{ rows: { tx: string; pos: string }[] }>(
            `select transaction_id::text as tx, position::text as pos from events`,
          );
          const row = appended.rows[0]!;
          const { sql, bindings } = store.logInSql.holdsOnly(null, [
            {
              ...newEvent(),
              stream: 'Given-1',
              revision: 0,
              position: `${row.tx}:${row.pos}`,
              recordedAt: '',
            },
          ]);
          const { rows } = await db.knex.raw<{ rows: { holds: boolean }[] }>(
            `select ${sql} as holds`,
            bindings,
          );
          expect(rows[0]!.holds).toBe(false);
        });
      } finally {
        await store.close();
        await db.drop();
      }
    },
  );
});

describe('PostgreSQL adapter, appends of other processes', () => {
  const onServer = process.env.TEST_DATABASE_URL ? it : it.skip;

  /** Two stores on one database, as two processes have; the reader's polls far apart. */
  async function toldOfOthersAppend(wakeOtherProcesses: boolean, waitMs: number) {
    const db = await openTestDatabase({ embedded: false });
    const writer = createPostgresEventStore(db.knex, { pollIntervalMs: 60_000, wakeOtherProcesses });
    const reader = createPostgresEventStore(db.knex, { pollIntervalMs: 60_000, wakeOtherProcesses });
    try {
      const told: string[] = [];
      const off = reader.onAppended((position) => told.push(position));
      // The reader's LISTEN connection is opened on its first listener.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const { position } = await writer.append('Other-1', [newEvent('Happened', {})], {
        expectedRevision: 'no_stream',
      });
      const deadline = Date.now() + waitMs;
      while (!told.includes(position) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      off();
      return told.includes(position);
    } finally {
      await writer.close();
      await reader.close();
      await db.drop();
    }
  }

  onServer('with wakeOtherProcesses, a reader is told at once, not at its next poll', async () => {
    expect(await toldOfOthersAppend(true, 2_000)).toBe(true);
  });

  onServer('without it, only the poll tells the reader', async () => {
    expect(await toldOfOthersAppend(false, 500)).toBe(false);
  });

  onServer(
    'an append in a transaction tells the other processes at its commit, none on a rollback',
    async () => {
      const db = await openTestDatabase({ embedded: false });
      const options = { pollIntervalMs: 60_000, wakeOtherProcesses: true };
      const writer = createPostgresEventStore(db.knex, options);
      const reader = createPostgresEventStore(db.knex, options);
      const told: string[] = [];
      const off = reader.onAppended((position) => told.push(position));
      const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      try {
        await settle(200);
        const rolledBack = db.knex.transaction(async (trx) => {
          await writer.appendWith(trx, 'Other-2', [newEvent('Happened', {})], 'no_stream');
          throw new Error('rolled back');
        });
        await expect(rolledBack).rejects.toThrow('rolled back');
        await settle(300);
        expect(told).toEqual([]);

        const trx = await db.knex.transaction();
        const { position } = await writer.appendWith(trx, 'Other-2', [newEvent('Happened', {})], 'no_stream');
        await settle(300);
        expect(told).toEqual([]);
        await trx.commit();
        for (let waited = 0; !told.includes(position) && waited < 2_000; waited += 10) await settle(10);
        expect(told).toEqual([position]);
      } finally {
        off();
        await writer.close();
        await reader.close();
        await db.drop();
      }
    },
  );
});
