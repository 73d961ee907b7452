import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  createPostgresEventStore,
  type EventStore,
  PiiVault,
  RecentRows,
  type StoredEvent,
} from '@interior/platform';
import { metadata, newEvent } from '@interior/platform/eventstore/contract-suite';
import { deferred, openTestDatabase, type TestDatabase } from '@interior/platform/testing';
import type { Knex } from 'knex';
import { ensureGenerations, ProjectionRunner, requestRebuild } from './runner';
import { replayTally, type TallyRow, tallyProjection } from './testing/tally';
import { userGroupsProjection } from './usergroups/usergroups.projection';

let db: TestDatabase;
let store: EventStore;
const runners: ProjectionRunner[] = [];

beforeEach(async () => {
  db = await openTestDatabase();
  store = createPostgresEventStore(db.knex, { pollIntervalMs: 20 });
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await db.drop();
});

function runner(
  projection = tallyProjection(),
  extra: {
    batchSize?: number;
    catchUpBatchSize?: number;
    rescanIntervalMs?: number;
    recentRows?: RecentRows;
    fromLogPageSize?: number;
    /** Another store than the test's own. */
    store?: EventStore;
  } = {},
) {
  const r = new ProjectionRunner({
    knex: db.knex,
    store,
    vault: new PiiVault(db.knex),
    projections: [projection],
    pollIntervalMs: 20,
    ...extra,
  });
  runners.push(r);
  return r;
}

/** Appends, and answers the last event's position (what the runners must reach). */
async function appendCounted(streams: number, perStream: number): Promise<string> {
  for (let i = 0; i < perStream; i++) {
    for (let s = 0; s < streams; s++) {
      await store.append(`Tally-${s}`, [newEvent('Counted', { i })], { expectedRevision: 'any' });
    }
  }
  const last = await store.append('Other-1', [{ ...newEvent('Ignored'), metadata: metadata() }], {
    expectedRevision: 'any',
  });
  return last.position;
}

async function allEvents(until?: string | null): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await store.readAll({ after, limit: 500 });
    for (const e of page) {
      if (until !== undefined && (until === null || store.comparePositions(e.position, until) > 0))
        return events;
      events.push(e);
    }
    if (page.length === 0) return events;
    after = page[page.length - 1]!.position;
  }
}

const tallyRows = async (table = 'tally'): Promise<TallyRow[]> =>
  db.knex(table).select('stream', 'count', 'lastRevision').orderBy('stream');

const generations = () =>
  db
    .knex('projection_generations')
    .where({ name: 'tally' })
    .orderBy('generation')
    .select('generation', 'status', 'checkpoint');

async function activeCheckpoint(): Promise<string | null> {
  const row = await db
    .knex('projection_generations')
    .where({ name: 'tally', status: 'active' })
    .first('checkpoint');
  return row?.checkpoint ?? null;
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('projection runner', () => {
  it('applies every event exactly once and moves the checkpoint with the read model', async () => {
    const last = await appendCounted(4, 10);
    const r = runner(tallyProjection(), { batchSize: 7 });
    await r.start();
    await r.caughtUp({ position: last });
    expect(await tallyRows()).toEqual(replayTally(await allEvents()));
    // Ignored events at the end move the stored checkpoint when the runner is idle.
    await eventually(async () => (await activeCheckpoint()) === last);

    const next = await appendCounted(2, 3);
    await r.caughtUp({ position: next });
    expect(await tallyRows()).toEqual(replayTally(await allEvents()));
  });

  it('leaves read model and checkpoint in agreement when a batch fails midway, then finishes', async () => {
    const appended = await appendCounted(3, 10);
    // A poison event: the 17th of the log fails every time it is applied, in whichever batch.
    // (Wait until readers can see the whole log: other sessions' transactions hold the horizon.)
    await eventually(async () => (await allEvents()).some((e) => e.position === appended));
    const poison = (await allEvents())[16]!.id;
    const failing = tallyProjection({
      beforeApply(event) {
        if (event.id === poison) throw new Error('crash in the middle of a batch');
      },
    });
    const r = runner(failing, { batchSize: 10 });
    await r.start();
    await eventually(async () => r.health()[0]?.error !== null && r.health()[0]?.error !== undefined);
    await r.stop();

    const checkpoint = await activeCheckpoint();
    expect(checkpoint).not.toBeNull();
    expect(await tallyRows()).toEqual(replayTally(await allEvents(checkpoint)));
    // Batch boundaries depend on what the snapshot horizon lets a read see (the horizon is
    // cluster-wide, so other sessions' open transactions can shorten a batch): assert that the
    // failing 17th event and everything after it stayed out, whatever the boundaries were.
    const applied = (await allEvents(checkpoint)).length;
    expect(applied).toBeGreaterThan(0);
    expect(applied).toBeLessThan(17);

    const again = runner(tallyProjection(), { batchSize: 10 });
    await again.start();
    await again.caughtUp({ position: appended });
    expect(await tallyRows()).toEqual(replayTally(await allEvents()));
  });

  it('survives a projection process killed mid-batch (SIGKILL): read model, checkpoint and replay agree', async () => {
    const appended = await appendCounted(5, 40);
    await ensureGenerations(db.knex, tallyProjection());
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'testing/tally-child.ts'), db.url],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      let batches = 0;
      child.stdout.on('data', (chunk: Buffer) => {
        batches += chunk.toString().split('applying').length - 1;
        if (batches >= 3) resolve();
      });
      child.on('exit', (code) => reject(new Error(`child exited early with ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('close', resolve));
    // The killed connection's open transaction is rolled back by the server.
    await eventually(async () => {
      const { rows } = await db.knex.raw(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      );
      return db.embedded || rows[0].n === 0;
    });

    const checkpoint = await activeCheckpoint();
    expect(checkpoint).not.toBeNull();
    const applied = await allEvents(checkpoint);
    expect(applied.length).toBeGreaterThan(0);
    expect(applied.length).toBeLessThan(201);
    expect(await tallyRows()).toEqual(replayTally(applied));

    const r = runner();
    await r.start();
    await r.caughtUp({ position: appended });
    expect(await tallyRows()).toEqual(replayTally(await allEvents()));
  });

  it('rebuilds beside the live generation and switches the view when caught up', async () => {
    const appended = await appendCounted(3, 5);
    const r = runner(tallyProjection(), { rescanIntervalMs: 30 });
    await r.start();
    await r.caughtUp({ position: appended });
    const before = await tallyRows();

    const generation = await requestRebuild(db.knex, tallyProjection());
    expect(generation).toBe(2);
    // While building, readers keep the old generation.
    expect(await tallyRows()).toEqual(before);
    await eventually(async () =>
      (await generations()).some((g) => g.generation === 2 && g.status === 'active'),
    );

    expect((await generations()).map((g) => [g.generation, g.status])).toEqual([
      [1, 'retired'],
      [2, 'active'],
    ]);
    expect(await tallyRows()).toEqual(before);
    expect(await tallyRows('tally_g2')).toEqual(before);
    expect(await db.knex.schema.hasTable('tally_g1')).toBe(false);

    const more = await appendCounted(1, 2);
    await r.caughtUp({ position: more });
    expect(await tallyRows()).toEqual(replayTally(await allEvents()));
  });

  it('gives a rebuilt generation its afterCreate indexes once it has caught up, before the switch', async () => {
    const appended = await appendCounted(2, 3);
    const indexedTally = () => {
      const projection = tallyProjection();
      return {
        ...projection,
        async afterCreate(knex: Knex | Knex.Transaction, tables: Readonly<Record<'tally', string>>) {
          await knex.raw('create index ?? on ?? ("count")', [`${tables.tally}_count`, tables.tally]);
        },
      };
    };
    const indexes = async (table: string) =>
      (await db.knex('pg_indexes').where({ tablename: table }).pluck('indexname')).sort();
    const r = runner(indexedTally(), { rescanIntervalMs: 30 });
    await r.start();
    await r.caughtUp({ position: appended });
    expect(await indexes('tally_g1')).toEqual(['tally_g1_count', 'tally_g1_pkey']);

    const generation = await requestRebuild(db.knex, indexedTally());
    expect(await indexes(`tally_g${generation}`)).toEqual([`tally_g${generation}_pkey`]);
    await eventually(async () =>
      (await generations()).some((g) => g.generation === generation && g.status === 'active'),
    );
    expect(await indexes(`tally_g${generation}`)).toEqual([
      `tally_g${generation}_count`,
      `tally_g${generation}_pkey`,
    ]);
    expect(await tallyRows()).toEqual(replayTally(await allEvents()));
  });

  it('builds the listed indexes of a rebuilt generation side by side, and the same ones as a new table gets', async () => {
    const r = runner(userGroupsProjection, { rescanIntervalMs: 30 });
    await r.start();
    let last = '';
    for (let id = 1; id <= 5; id++) {
      const event = {
        ...newEvent('UserGroupCreated', { id, name: `그룹 ${id}`, description: '' }),
        metadata: metadata(),
      };
      last = (await store.append(`UserGroup-${id}`, [event], { expectedRevision: 'no_stream' })).position;
    }
    await r.caughtUp({ position: last });
    const indexes = async (table: string) =>
      (await db.knex('pg_indexes').where({ tablename: table }).pluck('indexname'))
        .map((name: string) => name.replace(table, '<table>'))
        .sort();
    const first = await indexes('usergroups_g1');
    expect(first).toEqual(
      expect.arrayContaining([
        '<table>_name_id_index',
        '<table>_search_0',
        '<table>_search_1',
        '<table>_pkey',
      ]),
    );

    const generation = await requestRebuild(db.knex, userGroupsProjection);
    // Filled from the log without its key, which comes back with the other indexes (restoreKey).
    expect(await indexes(`usergroups_g${generation}`)).toEqual([]);
    await eventually(
      async () =>
        (await db.knex('projection_generations').where({ name: 'usergroups', generation }).first('status'))
          ?.status === 'active',
    );
    expect(await indexes(`usergroups_g${generation}`)).toEqual(first);
    const key = await db.knex.raw<{ rows: { definition: string }[] }>(
      `select pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = ?::regclass and contype = 'p'`,
      [`usergroups_g${generation}`],
    );
    expect(key.rows.map((row) => row.definition)).toEqual(['PRIMARY KEY (id)']);
    const health = r.health().find((h) => h.name === 'usergroups' && h.generation === generation);
    expect(health?.indexSeconds).toBeGreaterThan(0);
    expect(health?.vacuumSeconds).toBeGreaterThan(0);
    // Vacuumed before the switch: every page all-visible, planner statistics there.
    const state = await db
      .knex('pg_class')
      .where({ relname: `usergroups_g${generation}` })
      .first('relpages', 'relallvisible', 'reltuples');
    expect(state?.relpages).toBeGreaterThan(0);
    expect(state?.relallvisible).toBe(state?.relpages);
    expect(state?.reltuples).toBe(5);
    expect((await db.knex('usergroups').count({ n: '*' }))[0]?.n).toBe('5');
  });

  it('builds a new version on start beside the old one, which stays readable until the switch', async () => {
    const appended = await appendCounted(2, 5);
    const v1 = runner(tallyProjection({ version: 1 }));
    await v1.start();
    await v1.caughtUp({ position: appended });
    await v1.stop();
    const expected = await tallyRows();

    await ensureGenerations(db.knex, tallyProjection({ version: 2 }));
    expect((await generations()).map((g) => [g.generation, g.status])).toEqual([
      [1, 'active'],
      [2, 'building'],
    ]);
    expect(await tallyRows()).toEqual(expected);
    expect(await tallyRows('tally_g2')).toEqual([]);

    const v2 = runner(tallyProjection({ version: 2 }));
    await v2.start();
    await eventually(async () =>
      (await generations()).some((g) => g.generation === 2 && g.status === 'active'),
    );
    expect(await tallyRows()).toEqual(expected);
  });

  /**
   * Appends `groups` groups, and after every `every`-th creation an update of the one before and a
   * deletion of the one before that; answers the names expected and the last position.
   */
  async function appendGroups(
    groups: number,
    every: number,
    first = 1,
    expected = new Map<number, string>(),
  ) {
    let last = '';
    const append = async (id: number, type: string, data: object, revision: number | 'no_stream') => {
      const event = { ...newEvent(type, data), metadata: metadata() };
      last = (await store.append(`UserGroup-${id}`, [event], { expectedRevision: revision })).position;
    };
    for (let id = first; id < first + groups; id++) {
      await append(id, 'UserGroupCreated', { id, name: `그룹 ${id}`, description: '' }, 'no_stream');
      expected.set(id, `그룹 ${id}`);
      if (id % every === 0 && id - 2 >= first) {
        await append(id - 1, 'UserGroupUpdated', { name: `고친 그룹 ${id - 1}` }, 0);
        expected.set(id - 1, `고친 그룹 ${id - 1}`);
        await append(id - 2, 'UserGroupDeleted', {}, 0);
        expected.delete(id - 2);
      }
    }
    return { expected, last };
  }

  /** Rebuilds the groups read model (generation 2) and waits for the switch to it. */
  async function rebuildGroups() {
    await requestRebuild(db.knex, userGroupsProjection);
    await eventually(
      async () =>
        (await db.knex('projection_generations').where({ name: 'usergroups', generation: 2 }).first('status'))
          ?.status === 'active',
    );
  }

  /** The groups read model holds exactly the expected groups, and keeps their count. */
  async function expectGroups(expected: ReadonlyMap<number, string>) {
    const rows = await db.knex('usergroups').orderBy('id').select('id', 'name', 'version');
    expect(rows).toEqual(
      [...expected].map(([id, name]) => ({ id, name, version: name.startsWith('고친') ? 1 : 0 })),
    );
    const kept = await db.knex('read_model_counts').where('physical', 'like', 'usergroups_g%').first('rows');
    expect(Number(kept?.rows)).toBe(expected.size);
  }

  it('never applies a planned batch twice when two runners compete (the move and the writes in one statement)', async () => {
    const a = runner(userGroupsProjection, { batchSize: 3 });
    const b = runner(userGroupsProjection, { batchSize: 3 });
    await Promise.all([a.start(), b.start()]);
    // Live appends a few at a time, so both runners apply short batches as they come (planBatch).
    const { expected, last } = await appendGroups(40, 4);
    await Promise.all([a.caughtUp({ position: last }), b.caughtUp({ position: last })]);
    await expectGroups(expected);
  });

  it('catches up page by page, each planned while the page before is written, with the rows of one-by-one', async () => {
    // Written before any runner starts, so the runners catch up in pages of 4: groups are changed
    // on the page after the one that created them, which must see the creation committed.
    const { expected, last } = await appendGroups(60, 3);
    // Two runners of the same generation: a page planned ahead of a batch the other applied is
    // thrown away.
    const a = runner(userGroupsProjection, { batchSize: 2, catchUpBatchSize: 4 });
    const b = runner(userGroupsProjection, { batchSize: 2, catchUpBatchSize: 4 });
    await Promise.all([a.start(), b.start()]);
    await Promise.all([a.caughtUp({ position: last }), b.caughtUp({ position: last })]);
    await expectGroups(expected);
  });

  it('rebuilds runs of creations from the log server-side, folding the pages where runs end, with the rows of one-by-one', async () => {
    // Creations only, then creations with changes of the groups before them, then creations again.
    let { expected } = await appendGroups(20, Number.POSITIVE_INFINITY);
    ({ expected } = await appendGroups(20, 3, 21, expected));
    const { last } = await appendGroups(30, Number.POSITIVE_INFINITY, 41, expected);
    const pages = { rescanIntervalMs: 30, batchSize: 2, catchUpBatchSize: 4, fromLogPageSize: 4 };
    const live = runner(userGroupsProjection, pages);
    await live.start();
    await live.caughtUp({ position: last });

    // The streams of the events the loops read of the log through the store.
    const read = new Set<string>();
    const readAll = store.readAll.bind(store);
    store.readAll = async (options) => {
      const page = await readAll(options);
      for (const event of page) read.add(event.stream);
      return page;
    };
    // Two runners fill the new generation in pages of 4: a run made by one is not made again.
    const other = runner(userGroupsProjection, pages);
    await other.start();
    await rebuildGroups();
    await expectGroups(expected);
    // The runs of creations did not come through the store: the changes (and the pages folded
    // after them) did.
    expect(read.has('UserGroup-23')).toBe(true);
    expect(read.has('UserGroup-38')).toBe(true);
    expect([...read].filter((stream) => Number(stream.split('-')[1]) <= 20)).toEqual([]);
    expect(read.has('UserGroup-70')).toBe(false);
  });

  it('rebuilds by folding every page when the log is not in the database of the read models', async () => {
    const { expected, last } = await appendGroups(30, 4);
    // The same store without logInSql, as KurrentDB's: the table (filled without its key when the
    // generation was made) gets its key back before the first page is folded.
    const elsewhere: EventStore = Object.create(store, { logInSql: { value: undefined } });
    const r = runner(userGroupsProjection, {
      store: elsewhere,
      rescanIntervalMs: 30,
      batchSize: 2,
      catchUpBatchSize: 4,
    });
    await r.start();
    await r.caughtUp({ position: last });
    await rebuildGroups();
    await expectGroups(expected);
  });

  it('hands the rows of a live batch to RecentRows as a read of the view gives them, and no row older than asked', async () => {
    const recentRows = new RecentRows((a, b) => store.comparePositions(a, b));
    const append = async (id: number, type: string, data: object, revision: number | 'no_stream') => {
      const event = { ...newEvent(type, data), metadata: metadata() };
      return (await store.append(`UserGroup-${id}`, [event], { expectedRevision: revision })).position;
    };
    // Appended before the runner starts and read in one full batch (a catch-up, not planned): none kept.
    const early = [];
    for (let id = 1; id <= 3; id++)
      early.push(
        await append(id, 'UserGroupCreated', { id, name: `그룹 ${id}`, description: '' }, 'no_stream'),
      );
    const r = runner(userGroupsProjection, { batchSize: 3, recentRows });
    await r.start();
    await r.caughtUp({ position: early[2]! });
    expect(recentRows.get('usergroups', 1, early[0]!)).toBeUndefined();

    const view = (id: number) => db.knex('usergroups').where({ id }).first();
    const created = await append(
      4,
      'UserGroupCreated',
      { id: 4, name: '그룹 4', description: '설명' },
      'no_stream',
    );
    await r.caughtUp({ position: created });
    const row = await view(4);
    expect(row.registered).toBeInstanceOf(Date);
    expect(recentRows.get('usergroups', 4, created)).toEqual(row);

    const updated = await append(4, 'UserGroupUpdated', { name: '고친 그룹 4' }, 0);
    // Asked as of a position later than any batch applied: not kept (the caller reads the view).
    expect(recentRows.get('usergroups', 4, updated)).toBeUndefined();
    await r.caughtUp({ position: updated });
    expect(recentRows.get('usergroups', 4, updated)).toEqual(await view(4));
    expect(recentRows.get<{ name: string }>('usergroups', 4, created)?.name).toBe('고친 그룹 4');

    const other = await append(
      5,
      'UserGroupCreated',
      { id: 5, name: '그룹 5', description: '' },
      'no_stream',
    );
    await r.caughtUp({ position: other });
    const deleted = await append(4, 'UserGroupDeleted', {}, 1);
    await r.caughtUp({ position: deleted });
    expect(recentRows.get('usergroups', 4, created)).toBeUndefined();
    // A batch that only deletes drops its rows and keeps the others.
    expect(recentRows.get('usergroups', 5, other)).toEqual(await view(5));
  });

  // A server's connections only: the embedded PGlite runs one transaction at a time.
  (process.env.TEST_DATABASE_URL ? it : it.skip)(
    "lets the other projections read the log while one projection's long batch is still open",
    async () => {
      const gate = deferred();
      const inside = deferred();
      const slow = tallyProjection({
        beforeApply: async () => {
          inside.resolve();
          await gate.promise;
        },
      });
      const r = new ProjectionRunner({
        knex: db.knex,
        store,
        vault: new PiiVault(db.knex),
        projections: [slow, userGroupsProjection],
        pollIntervalMs: 20,
      });
      runners.push(r);
      await r.start();
      await store.append('Tally-1', [newEvent('Counted', {})], { expectedRevision: 'no_stream' });
      // The tally's batch now holds its transaction open, as a catch-up of thousands of events does.
      await inside.promise;
      const group = { id: 1, name: '그룹 1', description: '' };
      const created = await store.append(
        'UserGroup-1',
        [{ ...newEvent('UserGroupCreated', group), metadata: metadata() }],
        { expectedRevision: 'no_stream' },
      );
      try {
        await eventually(async () => (await db.knex('usergroups').where({ id: 1 }).first()) !== undefined);
      } finally {
        gate.resolve();
      }
      await r.caughtUp({ position: created.position });
      expect(await tallyRows()).toEqual(replayTally(await allEvents()));
    },
  );

  describe("this process's own appends", () => {
    const created = (id: number) => ({
      ...newEvent('UserGroupCreated', { id, name: `그룹 ${id}`, description: '' }),
      metadata: metadata(),
    });
    const row = (id: number) => db.knex('usergroups').where({ id }).first();
    /** Every event the runner's reads of the log returned, from now on. */
    const readsOf = (subject: EventStore) => {
      const read: StoredEvent[] = [];
      const readAll = subject.readAll.bind(subject);
      subject.readAll = async (options) => {
        const page = await readAll(options);
        read.push(...page);
        return page;
      };
      return read;
    };

    it('applies them without reading them back, and reads what another process appends', async () => {
      const r = runner(userGroupsProjection);
      await r.start();
      await r.caughtUp();
      const read = readsOf(store);
      const own = await store.append('UserGroup-1', [created(1)], { expectedRevision: 'no_stream' });
      await eventually(async () => (await row(1)) !== undefined);
      await r.caughtUp({ position: own.position });
      expect(read.filter((event) => event.stream === 'UserGroup-1')).toEqual([]);

      // Another process's append reaches this one by the head's poll, without its events: read.
      const other = createPostgresEventStore(db.knex);
      await other.append('UserGroup-2', [created(2)], { expectedRevision: 'no_stream' });
      await eventually(async () => (await row(2)) !== undefined);
      expect(read.map((event) => event.stream)).toContain('UserGroup-2');
    });

    // A server's connections only: PGlite runs one transaction at a time.
    (process.env.TEST_DATABASE_URL ? it : it.skip)(
      'waits for a transaction before them that may still append, then applies both in log order',
      async () => {
        const r = runner(userGroupsProjection);
        await r.start();
        await r.caughtUp();
        const appending = deferred();
        const done = deferred();
        // Another process appends in a transaction it holds open: its event comes first in the log.
        const held = db.knex.transaction(async (trx) => {
          await (store as ReturnType<typeof createPostgresEventStore>).appendWith(
            trx,
            'UserGroup-3',
            [created(3)],
            'no_stream',
          );
          appending.resolve();
          await done.promise;
        });
        await appending.promise;
        /** Reads of the log that came back, counted. */
        let reads = 0;
        const readAll = store.readAll.bind(store);
        store.readAll = async (options) => {
          const page = await readAll(options);
          reads++;
          return page;
        };
        let own: Awaited<ReturnType<EventStore['append']>>;
        try {
          own = await store.append('UserGroup-4', [created(4)], { expectedRevision: 'no_stream' });
          // The loop reads the log only once its guarded move of the own append wrote nothing; a
          // read begun before the append may still come back first. Applying the own append would
          // have moved the checkpoint past the held event for good.
          const before = reads;
          await eventually(async () => reads >= before + 3);
          expect(await row(4)).toBeUndefined();
          expect(r.health().find((h) => h.name === 'usergroups')!.checkpoint).not.toBe(own.position);
        } finally {
          done.resolve();
          await held;
        }
        await r.caughtUp({ position: own.position });
        expect(await row(3)).toBeDefined();
        expect(await row(4)).toBeDefined();
      },
    );

    /** A runner of the tally (which ignores groups) and the groups, started and caught up. */
    const tallyBesideGroups = async () => {
      const r = new ProjectionRunner({
        knex: db.knex,
        store,
        vault: new PiiVault(db.knex),
        projections: [tallyProjection(), userGroupsProjection],
        pollIntervalMs: 20,
      });
      runners.push(r);
      await r.start();
      await r.caughtUp();
      /** Whether the tally's loop has read the log up to `position`. */
      const tallyPassed = (position: string) => {
        const checkpoint = r.health().find((h) => h.name === 'tally')!.checkpoint;
        return checkpoint !== null && store.comparePositions(checkpoint, position) >= 0;
      };
      return { r, tallyPassed };
    };

    it('reads past an append a projection ignores when it handles an event of the appends just before', async () => {
      const { tallyPassed } = await tallyBesideGroups();
      // A command appends twice: a waiter waits for the tally to pass the second append too.
      const first = await store.append('Tally-1', [newEvent('Counted', {})], {
        expectedRevision: 'no_stream',
      });
      await eventually(async () => tallyPassed(first.position));
      const last = await store.append('UserGroup-7', [created(7)], { expectedRevision: 'no_stream' });
      // Well within the second after which a projection reads past appends it ignores anyway.
      await eventually(async () => tallyPassed(last.position), 500);
    });

    it('reads past the appends a projection ignores at once when asked whether it caught up', async () => {
      const { r, tallyPassed } = await tallyBesideGroups();
      const own = await store.append('UserGroup-5', [created(5)], { expectedRevision: 'no_stream' });
      await eventually(async () => (await row(5)) !== undefined);
      // The tally ignores the group: it would read past it only a second after its last read.
      await r.caughtUp({ position: own.position, timeoutMs: 500 });
      expect(tallyPassed(own.position)).toBe(true);
    });
  });

  it('never applies a batch twice when two runners compete for one projection', async () => {
    const appended = await appendCounted(4, 25);
    const a = runner(tallyProjection(), { batchSize: 5 });
    const b = runner(tallyProjection(), { batchSize: 5 });
    await Promise.all([a.start(), b.start()]);
    await Promise.all([a.caughtUp({ position: appended }), b.caughtUp({ position: appended })]);
    expect(await tallyRows()).toEqual(replayTally(await allEvents()));
  });
});
