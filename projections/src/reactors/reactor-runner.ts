import type { EventStore, Position, StoredEvent } from '@interior/platform';
import { IDLE_POLL_MS, moveReactorCheckpoint, REACTOR_IDLE_STORE_MS, Signal } from '@interior/platform';
import type { Knex } from 'knex';
import type { Logger } from '../runner';

/**
 * Reactors turn events into side effects (mail, payments) instead of read models (docs/architecture.md
 * "Projections"). Each keeps its own checkpoint in `reactor_checkpoints`; it works out a batch's
 * effects outside any transaction (it may read the store), then records them and moves the
 * checkpoint in one transaction, idempotently keyed by the causing event. Unlike projections they
 * are never rebuilt: replaying the log must not send last year's mail again, so a reactor starts
 * at the head of the log the first time it runs.
 */
export interface Reactor<Prepared = unknown> {
  name: string;
  handles: readonly string[];
  prepare(event: StoredEvent): Promise<Prepared>;
  record(trx: Knex.Transaction, event: StoredEvent, prepared: Prepared): Promise<void>;
}

export interface ReactorRunnerOptions {
  knex: Knex;
  store: EventStore;
  reactors: readonly Reactor[];
  pollIntervalMs?: number;
  batchSize?: number;
  logger?: Logger;
  /** Fired after a batch recorded effects (wakes the outbox sender in process). */
  recorded?: Signal;
}

const CHECKPOINTS = 'reactor_checkpoints';

export class ReactorRunner {
  private readonly abort = new AbortController();
  private readonly appended = new Signal();
  private loops: Promise<void>[] = [];
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly options: ReactorRunnerOptions) {}

  async start(): Promise<void> {
    const { knex, store } = this.options;
    const head = await store.headPosition();
    for (const reactor of this.options.reactors) {
      await knex(CHECKPOINTS).insert({ name: reactor.name, checkpoint: head }).onConflict('name').ignore();
    }
    this.unsubscribe = store.onAppended(() => this.appended.fire());
    this.loops = this.options.reactors.map((reactor) =>
      this.run(reactor).catch((error) =>
        this.options.logger?.error({ err: error, reactor: reactor.name }, 'reactor ended'),
      ),
    );
  }

  async stop(): Promise<void> {
    this.abort.abort();
    this.appended.fire();
    this.unsubscribe?.();
    await Promise.allSettled(this.loops);
  }

  private async run(reactor: Reactor): Promise<void> {
    const { knex, store, logger } = this.options;
    const handles = new Set(reactor.handles);
    const limit = this.options.batchSize ?? 1000;
    const pollIntervalMs = this.options.pollIntervalMs ?? IDLE_POLL_MS;
    /** The checkpoint as stored, and how far this loop has read (past events it ignores). */
    let stored: Position | null = (await knex(CHECKPOINTS).where({ name: reactor.name }).first('checkpoint'))
      ?.checkpoint;
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
        const batch = await store.readAll({ after: position, limit });
        if (batch.length === 0) {
          // Storing the position past ignored events only saves rereading them after a restart:
          // at most once a second, without waiting for the WAL flush.
          if (position !== stored && Date.now() - storedAt >= REACTOR_IDLE_STORE_MS) {
            stored = position = await moveReactorCheckpoint(knex, reactor.name, stored, position);
            storedAt = Date.now();
          }
          await this.appended.wait(since, pollIntervalMs);
          continue;
        }
        const last = batch[batch.length - 1]!.position;
        const prepared: { event: StoredEvent; effect: unknown }[] = [];
        for (const event of batch) {
          if (handles.has(event.type)) prepared.push({ event, effect: await reactor.prepare(event) });
        }
        if (prepared.length === 0) {
          position = last;
          if (batch.length < limit) drainedSince = since;
          continue;
        }
        const moved = await knex.transaction(async (trx) => {
          const row = await trx(CHECKPOINTS).where({ name: reactor.name }).forUpdate().first('checkpoint');
          if ((row?.checkpoint ?? null) !== stored) return row?.checkpoint ?? null;
          for (const { event, effect } of prepared) await reactor.record(trx, event, effect);
          await trx(CHECKPOINTS)
            .where({ name: reactor.name })
            .update({ checkpoint: last, updated_at: trx.fn.now() });
          return last;
        });
        stored = position = moved;
        storedAt = Date.now();
        failures = 0;
        if (moved === last) {
          this.options.recorded?.fire();
          if (batch.length < limit) drainedSince = since;
        }
      } catch (error) {
        failures++;
        logger?.error({ err: error, reactor: reactor.name }, 'reactor batch failed');
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(30_000, 200 * 2 ** Math.min(failures, 8))),
        );
      }
    }
  }
}
