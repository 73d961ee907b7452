import {
  createPostgresEventStore,
  type EventStore,
  PiiVault,
  type RecentRows,
  type StoredEvent,
} from '@interior/platform';
import { metadata, newEvent } from '@interior/platform/eventstore/contract-suite';
import { eventually, openTestDatabase, type TestDatabase } from '@interior/platform/testing';
import type { Projection } from '../projection';
import { ProjectionRunner, requestRebuild } from '../runner';
import { userGroupsProjection } from '../usergroups/usergroups.projection';
import type { TallyRow } from './tally';
import { tallyProjection } from './tally';

/**
 * What the runner's tests (runner*.test.ts) share: a database and a store per test, runners stopped
 * after it, and the logs and read models they append and compare.
 */

/** The test's database and store (set before each test by useRunnerDatabase). */
export let db: TestDatabase;
export let store: EventStore;
/** Runners started by the test, stopped after it. */
export const runners: ProjectionRunner[] = [];

/** A database and a store for each test of the calling file, and its runners stopped after it. */
export function useRunnerDatabase(): void {
  beforeEach(async () => {
    db = await openTestDatabase();
    store = createPostgresEventStore(db.knex, { pollIntervalMs: 20 });
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await db.drop();
  });
}

export function runner(
  projection: Projection = tallyProjection(),
  extra: {
    batchSize?: number;
    catchUpBatchSize?: number;
    rescanIntervalMs?: number;
    recentRows?: RecentRows;
    fromLogPageSize?: number;
    /** Instead of the tests' 20 ms. */
    pollIntervalMs?: number;
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
export async function appendCounted(streams: number, perStream: number): Promise<string> {
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

export async function allEvents(until?: string | null): Promise<StoredEvent[]> {
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

export const tallyRows = async (table = 'tally'): Promise<TallyRow[]> =>
  db.knex(table).select('stream', 'count', 'lastRevision').orderBy('stream');

export const generations = () =>
  db
    .knex('projection_generations')
    .where({ name: 'tally' })
    .orderBy('generation')
    .select('generation', 'status', 'checkpoint');

export async function activeCheckpoint(): Promise<string | null> {
  const row = await db
    .knex('projection_generations')
    .where({ name: 'tally', status: 'active' })
    .first('checkpoint');
  return row?.checkpoint ?? null;
}

/**
 * Appends `groups` groups, and after every `every`-th creation an update of the one before and a
 * deletion of the one before that; answers the names expected and the last position.
 */
export async function appendGroups(
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
export async function rebuildGroups() {
  await requestRebuild(db.knex, userGroupsProjection);
  await eventually(
    async () =>
      (await db.knex('projection_generations').where({ name: 'usergroups', generation: 2 }).first('status'))
        ?.status === 'active',
  );
}

/** The groups read model holds exactly the expected groups, and keeps their count. */
export async function expectGroups(expected: ReadonlyMap<number, string>) {
  const rows = await db.knex('usergroups').orderBy('id').select('id', 'name', 'version');
  expect(rows).toEqual(
    [...expected].map(([id, name]) => ({ id, name, version: name.startsWith('고친') ? 1 : 0 })),
  );
  const kept = await db.knex('read_model_counts').where('physical', 'like', 'usergroups_g%').first('rows');
  expect(Number(kept?.rows)).toBe(expected.size);
}
