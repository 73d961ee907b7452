import { setTimeout as delay } from 'node:timers/promises';
import { messages } from '@interior/contracts';
import { conflict, type Position } from '@interior/platform';
import type { Projection } from '../projection';
import { lockProjection, requestRebuild } from '../runner';
import { eventsAfter, GENERATIONS, generationsOf, type ReadModelDeps } from './status';

/**
 * Starts a blue/green rebuild of one read model, as `npm run rebuild` does (requestRebuild): a new
 * generation beside the active one, which the runner of any process fills and switches to once it
 * has caught up, while readers keep the active one. Refused while a generation of that read model
 * is being built: the check and the start hold the projection's own lock, which every process
 * takes before changing its generations, so two starts at once cannot both pass.
 */
export async function startRebuild(deps: ReadModelDeps, projection: Projection): Promise<number> {
  return deps.knex.transaction(async (trx) => {
    await lockProjection(trx, projection.name);
    const { building } = await generationsOf(trx, projection.name);
    if (building) throw conflict(messages.readModelRebuilding);
    // Inside this transaction (a savepoint): the lock is held until the new generation exists.
    return requestRebuild(trx, projection);
  });
}

/** One message of a rebuild's progress stream. */
export type RebuildProgress =
  | {
      generation: number;
      position: Position | null;
      /** Events of the log still ahead of the new generation. */
      remaining: number | null;
      eventsPerSecond: number | null;
      /** Seconds until it catches up, at the current rate; null before a rate is known. */
      eta: number | null;
    }
  /** The new generation took over: readers now read it. */
  | { switched: true; generation: number }
  /** Another rebuild replaced this one before it finished. */
  | { switched: false; generation: number; replaced: true }
  /** No rebuild under way: the active generation as it stands. */
  | { building: false; generation: number | null; position: Position | null };

const POLL_MS = 500;

/**
 * The progress of the rebuild under way, from its generation's row (any process may be filling
 * it): one message now, one per poll while it runs, and the switch (or its replacement) at the
 * end. A client that comes late gets the state at the time; with no rebuild under way, one message
 * saying so.
 */
export async function* rebuildProgress(
  deps: ReadModelDeps,
  projection: Projection,
  signal: AbortSignal,
): AsyncGenerator<RebuildProgress> {
  let watched: number | null = null;
  let last: { at: number; remaining: number } | null = null;
  let rate: number | null = null;
  while (!signal.aborted) {
    const { active, building } = await generationsOf(deps.knex, projection.name);
    if (watched !== null && building?.generation !== watched) {
      const row = await deps
        .knex(GENERATIONS)
        .where({ name: projection.name, generation: watched })
        .first('status');
      yield row?.status === 'active'
        ? { switched: true, generation: watched }
        : { switched: false, generation: watched, replaced: true };
      return;
    }
    if (!building) {
      yield { building: false, generation: active?.generation ?? null, position: active?.checkpoint ?? null };
      return;
    }
    watched = building.generation;
    const remaining = await eventsAfter(deps, building.checkpoint);
    const at = performance.now();
    if (remaining !== null) {
      if (last && at > last.at) {
        // Events newly appended meanwhile are left out: beside a rebuild's pace they are few.
        const done = Math.max(0, last.remaining - remaining);
        const now = (done * 1000) / (at - last.at);
        // Smoothed, so one slow poll does not swing the estimate.
        rate = rate === null ? now : rate * 0.7 + now * 0.3;
      }
      last = { at, remaining };
    }
    yield {
      generation: building.generation,
      position: building.checkpoint,
      remaining,
      eventsPerSecond: rate === null ? null : Math.round(rate),
      eta: rate && remaining !== null ? Math.ceil(remaining / rate) : remaining === 0 ? 0 : null,
    };
    // A client gone ends the wait at once (the loop then ends).
    await delay(POLL_MS, undefined, { signal }).catch(() => undefined);
  }
}
