import { nextId } from '@interior/command-service/ids';
import { requestRebuild } from '@interior/projections';
import { userGroupsProjection } from '@interior/projections/usergroups/usergroups.projection';
import type { PlatformServer } from '@interior/server';
import { districts, teams } from './groups';
import { until } from './measure';

/**
 * Section 3: rebuilding the `usergroups` read model from the log.
 *
 * Seeding: valid `UserGroupCreated` events written to the log in chunks of SQL (see SEED_SQL), until
 * the read model holds the target number of groups (the groups the earlier sections created
 * count); the running platform's projections catch up with them meanwhile and after, at batch
 * speed (their catch-up is timed too).
 *
 * Rebuild: `requestRebuild` creates a new `building` generation beside the active one; the running
 * platform's runner finds it on its next rescan (every 5 s) and fills it from the start of the
 * log, then switches the views to it. The build is timed from the moment the runner's loop for the
 * new generation exists (`runner.health()`) to the moment it reports `active`; the wait for the
 * rescan is reported apart, since it depends on the rescan interval, not on the work. Health is
 * read in memory every 2 ms, so the timing adds at most that to seconds of work.
 */
export interface SeedResult {
  seeded: number;
  /** Appending the events (SQL, in chunks). */
  seconds: number;
  /**
   * From the last chunk appended to every projection of the platform having caught up with it (the
   * live runner applies the earlier chunks while the later ones are written).
   */
  catchUpSeconds: number;
}

/**
 * Valid `UserGroupCreated` events (as `userGroupCreated(id, sampleGroup(id), actor)` makes them),
 * ids from the platform's id sequence, each group a stream of its own at revision 0, written by
 * one INSERT … SELECT per chunk: appending a million events one call at a time would take the
 * whole run. The columns the store fills itself (position, transaction_id, recorded_at) are its
 * defaults, so these are ordinary events of the log to every reader.
 */
const SEED_SQL = `
  with ids as (select nextval('id_usergroup')::int as id from generate_series(1, ?)),
  groups as (
    select id, (?::text[])[id % 10 + 1] as district, (?::text[])[(id / 10) % 10 + 1] as team from ids
  )
  insert into events (id, stream, revision, type, data, metadata)
  select gen_random_uuid(), 'UserGroup-' || id, 0, 'UserGroupCreated',
    jsonb_build_object(
      'id', id,
      'name', district || ' ' || team || ' ' || id,
      'description', district || ' 지역 ' || team || ' 그룹 (벤치마크 ' || id || ')'),
    jsonb_build_object(
      'actorId', ?::int, 'correlationId', gen_random_uuid(), 'causationId', null,
      'occurredAt', to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'schemaVersion', 1)
  from groups`;

export async function seedGroups(
  platform: PlatformServer,
  target: number,
  actorId: number,
  progress: (message: string) => void,
  chunk = 100_000,
  /** How long every projection may take to catch up with the seeded events. */
  catchUpTimeoutMs = 600_000,
): Promise<SeedResult> {
  const { knex } = platform.runtime.db;
  if (districts.length !== 10 || teams.length !== 10)
    throw new Error('the seed SQL expects 10 districts and 10 teams');
  // The sequence exists once a group was created (sections 1 and 2 created some).
  await nextId(knex, 'UserGroup');
  const toSeed = Math.max(0, target - (await countGroups(platform, 'usergroups')));
  const started = performance.now();
  for (let done = 0; done < toSeed; ) {
    const size = Math.min(chunk, toSeed - done);
    await knex.raw(SEED_SQL, [size, [...districts], [...teams], actorId]);
    done += size;
    progress(`seeded ${done.toLocaleString('en-US')} of ${toSeed.toLocaleString('en-US')} groups`);
  }
  const appended = performance.now();
  await platform.runner.caughtUp({ timeoutMs: catchUpTimeoutMs });
  const caughtUp = performance.now();
  return {
    seeded: toSeed,
    seconds: (appended - started) / 1000,
    catchUpSeconds: (caughtUp - appended) / 1000,
  };
}

export interface RebuildResult {
  /** The new generation and its physical table (behind the `usergroups` view). */
  generation: number;
  table: string;
  /** Every event in the log: the new generation reads them all and applies those it handles. */
  logEvents: number;
  groupEvents: number;
  groups: number;
  /** From requestRebuild to the runner's loop for the new generation running. */
  pickupSeconds: number;
  /** From that loop starting to its generation being active (views switched). */
  buildSeconds: number;
  /** Of buildSeconds: creating the sort and search indexes once the table was full. */
  indexSeconds: number;
  /** Of buildSeconds: then vacuuming the new table before the switch. */
  vacuumSeconds: number;
  eventsPerSecond: number;
  /** The log's events over the time to fill the table, before its indexes and vacuum. */
  fillEventsPerSecond: number;
}

export async function measureRebuild(platform: PlatformServer): Promise<RebuildResult> {
  const { runner } = platform;
  const { knex } = platform.runtime.db;
  await runner.caughtUp({ timeoutMs: 300_000 });
  const log = await countLog(platform);
  const groups = await countGroups(platform, 'usergroups');

  const requested = performance.now();
  const generation = await requestRebuild(knex, userGroupsProjection);
  const loop = () =>
    runner.health().find((h) => h.name === userGroupsProjection.name && h.generation === generation);
  await until(() => loop() !== undefined, { everyMs: 2, timeoutMs: 30_000, what: 'the runner to pick up' });
  const pickedUp = performance.now();
  await until(() => loop()?.status === 'active', { everyMs: 2, timeoutMs: 600_000, what: 'the switch' });
  const active = performance.now();

  const table = `usergroups_g${generation}`;
  const rebuilt = await countGroups(platform, table);
  if (rebuilt !== groups)
    throw new Error(`rebuild: ${groups} groups before, ${rebuilt} in the new generation`);
  const buildSeconds = (active - pickedUp) / 1000;
  const indexSeconds = loop()?.indexSeconds ?? 0;
  const vacuumSeconds = loop()?.vacuumSeconds ?? 0;
  return {
    generation,
    table,
    logEvents: log.all,
    groupEvents: log.groups,
    groups,
    pickupSeconds: (pickedUp - requested) / 1000,
    buildSeconds,
    indexSeconds,
    vacuumSeconds,
    eventsPerSecond: log.all / buildSeconds,
    fillEventsPerSecond: log.all / (buildSeconds - indexSeconds - vacuumSeconds),
  };
}

async function countGroups(platform: PlatformServer, table: string): Promise<number> {
  const [row] = await platform.runtime.db.knex(table).count({ n: '*' });
  return Number(row?.n ?? 0);
}

async function countLog(platform: PlatformServer): Promise<{ all: number; groups: number }> {
  const { rows } = await platform.runtime.db.knex.raw<{ rows: { all: number; groups: number }[] }>(
    `select count(*)::int as all, (count(*) filter (where type = any(?::text[])))::int as groups from events`,
    [[...userGroupsProjection.handles]],
  );
  return rows[0] ?? { all: 0, groups: 0 };
}
