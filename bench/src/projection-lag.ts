import { nextId } from '@interior/command-service/ids';
import type { Position } from '@interior/platform';
import { userGroupsProjection } from '@interior/projections/usergroups/usergroups.projection';
import type { PlatformServer } from '@interior/server';
import { sampleGroup, userGroupCreated, userGroupStream } from './groups';
import { type Percentiles, type RunPlan, runWriters, summarize } from './measure';

/**
 * Section 2: projection lag, from an append having committed to its group being visible in the
 * `usergroups` read model.
 *
 * Method: writers append valid `UserGroupCreated` events through the platform's own store (which
 * wakes the in-process runner, as a command does). The clock starts when `append` resolves (the
 * event is committed) and stops when the active `usergroups` generation's checkpoint has reached
 * the event's position. The runner moves that checkpoint in the same transaction as the read-model
 * rows and fires `runtime.checkpoints` after the commit, so "checkpoint ≥ position" means the row
 * is visible to every reader; waiting on the signal (not polling the table) keeps the observer from
 * adding queries of its own. At the end every appended group is looked up in the view, as a check.
 * The appends themselves are not in the figure (section 1 measures them).
 */
export interface LagResult extends Percentiles {
  writers: number;
}

export async function measureProjectionLag(
  platform: PlatformServer,
  plan: RunPlan,
  actorId: number,
): Promise<LagResult> {
  let lags: number[] = [];
  const ids: number[] = [];
  const makeWriter = () => async () => {
    const id = await nextId(platform.runtime.db.knex, 'UserGroup');
    const event = userGroupCreated(id, sampleGroup(id), actorId);
    const { position } = await platform.runtime.store.append(userGroupStream(id), [event], {
      expectedRevision: 'no_stream',
    });
    const committed = performance.now();
    await usergroupsReached(platform, position);
    lags.push(performance.now() - committed);
    ids.push(id);
  };
  await runWriters(plan.writers, plan.warmupMs, makeWriter);
  lags = [];
  await runWriters(plan.writers, plan.durationMs, makeWriter);
  await expectVisible(platform, ids);
  return { writers: plan.writers, ...summarize(lags) };
}

function activeCheckpoint(platform: PlatformServer): Position | null {
  const loop = platform.runner
    .health()
    .find((h) => h.name === userGroupsProjection.name && h.status === 'active');
  return loop?.checkpoint ?? null;
}

async function usergroupsReached(platform: PlatformServer, position: Position, timeoutMs = 30_000) {
  const { store, checkpoints } = platform.runtime;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const since = checkpoints.version;
    const checkpoint = activeCheckpoint(platform);
    if (checkpoint && store.comparePositions(checkpoint, position) >= 0) return;
    if (performance.now() > deadline)
      throw new Error(`usergroups did not reach ${position} in ${timeoutMs} ms`);
    await checkpoints.wait(since, 100);
  }
}

async function expectVisible(platform: PlatformServer, ids: readonly number[]) {
  const { rows } = await platform.runtime.db.knex.raw<{ rows: { n: number }[] }>(
    'select count(*)::int as n from usergroups where id = any(?::int[])',
    [[...ids]],
  );
  const visible = rows[0]?.n;
  if (visible !== ids.length) {
    throw new Error(`projection lag: ${ids.length} groups appended, ${visible} visible in usergroups`);
  }
}
