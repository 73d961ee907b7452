import { streamName } from '@interior/contracts';
import {
  type EventStore,
  IDLE_POLL_MS,
  moveReactorCheckpoint,
  type Position,
  REACTOR_IDLE_STORE_MS,
  Signal,
} from '@interior/platform';
import type { Knex } from 'knex';
import { handleCommand, loadState } from '../decider';
import { userDecider } from '../user/decide';
import { isLive, subscriptionDecider } from './subscription';

const NAME = 'subscription-roles';
/** Events after which a subscriber's role may have to change. */
const HANDLES = new Set(['SubscriptionCharged', 'SubscriptionExpired']);
/** Events per read: the same page the projections and reactors of the process read (one query). */
const BATCH = 1000;

interface Logger {
  error(object: unknown, message: string): void;
}

/**
 * The process manager between subscriptions and users: subscription events in, `ApplyPlanRole`
 * commands on the user out. It reads the subscription's current state rather than trusting the
 * single event, so handling an event twice (after a crash before the checkpoint moved) sets the
 * same role again, which the user decider turns into no event at all. Its checkpoint lives in
 * `reactor_checkpoints` like the reactors'; it starts at the log's head the first time.
 */
export class SubscriptionRoleProcess {
  private readonly abort = new AbortController();
  private readonly appended = new Signal();
  private loop: Promise<void> | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly options: { knex: Knex; store: EventStore; logger?: Logger; pollIntervalMs?: number },
  ) {}

  async start(): Promise<void> {
    const { knex, store } = this.options;
    await knex('reactor_checkpoints')
      .insert({ name: NAME, checkpoint: await store.headPosition() })
      .onConflict('name')
      .ignore();
    this.unsubscribe = store.onAppended(() => this.appended.fire());
    this.loop = this.run().catch((error) => this.options.logger?.error({ err: error }, 'role process ended'));
  }

  async stop(): Promise<void> {
    this.abort.abort();
    this.appended.fire();
    this.unsubscribe?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    const { knex, store, logger } = this.options;
    const pollIntervalMs = this.options.pollIntervalMs ?? IDLE_POLL_MS;
    /** The checkpoint as stored, and how far this loop has read (past events it ignores). */
    let stored: Position | null =
      (await knex('reactor_checkpoints').where({ name: NAME }).first('checkpoint'))?.checkpoint ?? null;
    let position = stored;
    let storedAt = Date.now();
    /** The signal's version before a short read that was handled whole: wait for the next append. */
    let drainedSince: number | null = null;
    let failures = 0;
    while (!this.abort.signal.aborted) {
      if (drainedSince !== null) {
        await this.appended.wait(drainedSince, pollIntervalMs);
        drainedSince = null;
      }
      const since = this.appended.version;
      try {
        const batch = await store.readAll({ after: position, limit: BATCH });
        if (batch.length === 0) {
          if (position !== stored && Date.now() - storedAt >= REACTOR_IDLE_STORE_MS) {
            stored = position = await moveReactorCheckpoint(knex, NAME, stored, position);
            storedAt = Date.now();
          }
          await this.appended.wait(since, pollIntervalMs);
          continue;
        }
        const last = batch[batch.length - 1]!.position;
        const relevant = batch.filter((event) => HANDLES.has(event.type));
        if (relevant.length > 0) {
          for (const event of relevant) {
            await this.applyRole(Number(event.stream.slice('Subscription-'.length)), event.id);
          }
          // Applying a role twice changes nothing (see above), so the checkpoint moves after the
          // commands, with the WAL flush: a crash before it only makes them run again.
          const moved = await knex('reactor_checkpoints')
            .where({ name: NAME })
            .whereRaw('checkpoint is not distinct from ?', [stored])
            .update({ checkpoint: last, updated_at: knex.fn.now() });
          stored =
            moved > 0
              ? last
              : ((await knex('reactor_checkpoints').where({ name: NAME }).first('checkpoint'))?.checkpoint ??
                null);
          storedAt = Date.now();
        }
        position = stored === last || relevant.length === 0 ? last : stored;
        if (batch.length < BATCH && position === last) drainedSince = since;
        failures = 0;
      } catch (error) {
        failures++;
        logger?.error({ err: error }, 'role process batch failed');
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(30_000, 200 * 2 ** Math.min(failures, 8))),
        );
      }
    }
  }

  /**
   * Gives the user the role their subscription calls for now. Also called by the routes right
   * after a charge or an expiry, so the answer already shows the new role; the process makes sure
   * of it whatever happens to that request.
   */
  async applyRole(userId: number, causationId: string): Promise<string[]> {
    const { store } = this.options;
    const { state } = await loadState(store, streamName('Subscription', userId), subscriptionDecider);
    const paid = isLive(state) && (state.status === 'Active' || state.status === 'PastDue');
    const handled = await handleCommand(store, {
      stream: streamName('User', userId),
      decider: userDecider,
      command: { type: 'ApplyPlanRole', planRole: paid && isLive(state) ? state.terms.planCode : null },
      meta: { actorId: null, correlationId: causationId, causationId, now: new Date() },
    });
    if (handled.position) return [handled.position];
    // Nothing to change: the role may have been given a moment ago by the other caller (this
    // process manager and a route race to it). The answer must still wait until the users read
    // model shows it, so the position of the user's last event is the one to wait for.
    if (handled.revision === 'no_stream') return [];
    const [last] = await store.readStream(streamName('User', userId), { fromRevision: handled.revision });
    return last ? [last.position] : [];
  }
}
