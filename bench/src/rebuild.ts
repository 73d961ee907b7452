import { nextId } from '@interior/command-service/ids';
import { requestRebuild } from '@interior/projections';
import { userGroupsProjection } from '@interior/projections/usergroups/usergroups.projection';
import type { PlatformServer } from '@interior/server';
import { sampleGroup, userGroupCreated, userGroupStream } from './groups';
import { until } from './measure';

/**
 * Section 3: rebuilding the `usergroups` read model from the log.
 *
 * Seeding: valid `UserGroupCreated` events appended through the platform's store, one group (one
 * stream, expected revision 'no_stream') per call, ids from the platform's id sequence, by 8
 * writers, until the read model holds the target number of groups (the groups the earlier
 * sections created count), while the live runner keeps the active generation up to date.
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
  seconds: number;
}

export async function seedGroups(
  platform: PlatformServer,
  target: number,
  actorId: number,
  writers = 8,
): Promise<SeedResult> {
  const { knex } = platform.runtime.db;
  const toSeed = Math.max(0, target - (await countGroups(platform, 'usergroups')));
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (next < toSeed) {
        next++;
        const id = await nextId(knex, 'UserGroup');
        await platform.runtime.store.append(
          userGroupStream(id),
          [userGroupCreated(id, sampleGroup(id), actorId)],
          { expectedRevision: 'no_stream' },
        );
      }
    }),
  );
  await platform.runner.caughtUp({ timeoutMs: 300_000 });
  return { seeded: toSeed, seconds: (performance.now() - started) / 1000 };
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
  eventsPerSecond: number;
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
  return {
    generation,
    table,
    logEvents: log.all,
    groupEvents: log.groups,
    groups,
    pickupSeconds: (pickedUp - requested) / 1000,
    buildSeconds,
    eventsPerSecond: log.all / buildSeconds,
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
