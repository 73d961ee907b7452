import type { EventStore } from '@interior/platform';
import { metadata, newEvent } from '@interior/platform/eventstore/contract-suite';
import { eventually } from '@interior/platform/testing';
import type { Knex } from 'knex';
import { ensureGenerations, requestRebuild } from './runner';
import {
  allEvents,
  appendCounted,
  appendGroups,
  db,
  expectGroups,
  generations,
  rebuildGroups,
  runner,
  store,
  tallyRows,
  useRunnerDatabase,
} from './testing/runner-tests';
import { replayTally, tallyProjection } from './testing/tally';
import { userGroupsProjection } from './usergroups/usergroups.projection';

useRunnerDatabase();

describe('projection runner: rebuilds', () => {
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

  it('rebuilds runs of creations from the log server-side, folding the pages where runs end, with the rows of one-by-one', async () => {
    // Creations only, then creations with changes of the groups before them, then creations again.
    let { expected } = await appendGroups(20, Number.POSITIVE_INFINITY);
    ({ expected } = await appendGroups(20, 3, 21, expected));
    // The last run is long: after the changes each runner folds a few pages through the store
    // before it makes runs from the log again, and the two runners' pages interleave as they may.
    const { last } = await appendGroups(60, Number.POSITIVE_INFINITY, 41, expected);
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
    expect(read.has('UserGroup-100')).toBe(false);
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
});
