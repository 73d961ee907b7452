import type { Position, StoredEvent } from '@interior/platform';
import { IDLE_STORE_MS } from '@interior/platform';
import { commit, commitPlanned, forgetRecent, readAhead, readPage, takePrefetched } from './catch-up';
import { finishStep } from './finish';
import { fillFromLog, fromLogNext } from './from-log';
import { GENERATIONS, restoreKey } from './generations';
import { drainedWait, idleWait, ownBatch, putOffIgnored } from './live';
import { handledOf, type LoopHost, type LoopState, type PrefetchedPage } from './loop-state';

/**
 * One generation's loop: reads the log after its checkpoint and applies what its projection
 * handles, until the runner stops or the generation is retired. Each turn takes one step: a run of
 * creations made from the log (from-log.ts), a batch read (or this process's own appends, live.ts)
 * and committed (catch-up.ts), a step of finishing a building generation (finish.ts), or a wait.
 *
 * From a wake-up to the read it asks for, no part is awaited that does not wait: the read (or the
 * guarded move of this process's own appends) is sent in the microtask turn of the wake-up, before
 * the code that woke the loop (an append's caller, caughtUp's) goes on. Awaiting an async part
 * that decides at once deferred it a few turns: a read woken by caughtUp was then sent beside the
 * append that followed it, and could find that append in the log before its answer told the loop.
 */
export async function runLoop(host: LoopHost, state: LoopState): Promise<void> {
  while (!host.stopped.aborted && !state.stop.aborted) {
    const drained = drainedWait(host, state);
    if (drained) await drained;
    const since = host.appended.version;
    try {
      if (fromLogNext(state)) {
        const made = await fillFromLog(host, state);
        if (made === 'retired') return;
        if (made === 'made') continue;
      }
      const limit: number = state.behind ? state.catchUpBatchSize : state.batchSize;
      const next = takePrefetched(state, limit);
      const putOff = next ? null : putOffIgnored(host, state, since);
      if (putOff) {
        await putOff;
        continue;
      }
      const applied = await applyNext(host, state, since, limit, next);
      if (applied === 'retired') return;
      if (applied === 'applied') continue;
      if (state.health.status === 'building' && (await finishStep(host, state))) continue;
      await idleWait(host, state, since);
    } catch (error) {
      // A failing batch rolled back whole; try again later (a poison event stalls only this
      // projection, and health shows why).
      state.failures++;
      state.health.error = error instanceof Error ? error.message : String(error);
      host.logger.error(
        { err: error, projection: state.projection.name, generation: state.generation },
        'projection batch failed',
      );
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(30_000, 200 * 2 ** Math.min(state.failures, 8))),
      );
    }
  }
}

/**
 * Reads the next batch (`next`, the page read ahead; this process's own appends; or `limit` events
 * of the log) and applies the events of it the projection handles. 'applied' when the loop should
 * go on at once (a batch was read), 'retired' when the generation was, 'idle' when there was
 * nothing to apply and no checkpoint to store.
 */
async function applyNext(
  host: LoopHost,
  state: LoopState,
  since: number,
  limit: number,
  next: PrefetchedPage | null,
): Promise<'applied' | 'retired' | 'idle'> {
  const { health, projection } = state;
  const own = next ? null : ownBatch(host, state);
  if (!own) state.lastRead = { at: performance.now(), otherWakes: host.own.otherWakes };
  const guard = own ? state.log!.holdsOnly(health.checkpoint, own) : undefined;
  const batch: StoredEvent[] =
    own ?? (await (next?.read ?? readPage(host, state, { after: health.checkpoint, limit })));
  state.behind = !own && batch.length === limit;
  if (batch.length > 0 && state.foldedPages > 0) state.foldedPages--;
  // The page after is read ahead unless the next one is made from the log.
  if (state.behind && !fromLogNext(state)) readAhead(host, state, batch);
  const relevant = handledOf(state, batch);
  if (batch.length > 0 && relevant.length === 0) {
    // Nothing to apply: no transaction per batch; the position is stored when idle.
    health.checkpoint = batch[batch.length - 1]!.position;
    if (!state.behind && health.status === 'active') state.drainedSince = since;
    return 'applied';
  }
  const target: Position | null = batch.length > 0 ? batch[batch.length - 1]!.position : health.checkpoint;
  // Storing the position past ignored events only saves rereading them after a restart: an active
  // loop does it at most once a second, not after every append it ignores.
  const idleStore = batch.length === 0 && target !== state.saved;
  const storeLater = idleStore && health.status === 'active' && Date.now() - state.storedAt < IDLE_STORE_MS;
  if (target === null || (batch.length === 0 && target === state.saved) || storeLater) return 'idle';
  if (projection.createsFromLog && !state.keyed && relevant.length > 0) {
    // A page folded here reads and upserts rows by their key (restoreKey): once per loop.
    await host.knex.transaction(async (trx) => {
      await trx(GENERATIONS).where(state.where).forUpdate().first('status');
      await restoreKey(trx, state.filled);
    });
    state.keyed = true;
  }
  const planned = state.plans(relevant);
  // Far behind, the prefetched page is planned while this one is written (commitPlanned).
  const outcome = planned
    ? await commitPlanned(host, state, target, relevant, {
        ...(next?.plan ? { plan: next.plan } : {}),
        ...(state.prefetched ? { pageAfter: state.prefetched } : {}),
        ...(guard ? { guard } : {}),
      })
    : await commit(host, state, target, relevant, next?.logReads);
  if (own && outcome.kind !== 'committed') state.ownTriedThrough = target;
  state.storedAt = Date.now();
  // Rows this process cannot name changed: a batch applied another way, or by another process.
  if (relevant.length > 0 && (!planned || outcome.kind !== 'committed')) forgetRecent(host, state);
  if (outcome.kind === 'retired') return 'retired';
  state.saved = outcome.kind === 'moved' ? outcome.checkpoint : target;
  health.checkpoint = state.saved;
  if (outcome.kind === 'committed') health.status = outcome.status;
  health.error = null;
  state.failures = 0;
  // Moved: another process applied the batch; what this process read may be out of date too.
  if (relevant.length) host.changed(projection.name);
  if (outcome.kind === 'committed' && !state.behind && batch.length > 0 && health.status === 'active')
    state.drainedSince = since;
  return 'applied';
}
