import type { EventStore, Signal, StoredEvent } from '@interior/platform';
import { runReactorLoop, startReactorCheckpoint } from '@interior/platform';
import type { Knex } from 'knex';
import type { Logger } from '../runner';

/**
 * Reactors turn events into side effects (mail, payments) instead of read models (docs/architecture.md
 * "Projections"). Each keeps its own checkpoint in `reactor_checkpoints`; it works out a batch's
 * effects outside any transaction (it may read the store), then records them and moves the
 * checkpoint in one transaction, idempotently keyed by the causing event. Unlike projections they
 * are never rebuilt: a reactor starts at the head of the log the first time it runs (the loop is
 * platform/src/reactor-loop.ts).
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
  private loops: Promise<void>[] = [];

  constructor(private readonly options: ReactorRunnerOptions) {}

  async start(): Promise<void> {
    const { knex, store } = this.options;
    for (const reactor of this.options.reactors) await startReactorCheckpoint(knex, store, reactor.name);
    this.loops = this.options.reactors.map((reactor) =>
      this.run(reactor).catch((error) =>
        this.options.logger?.error({ err: error, reactor: reactor.name }, 'reactor ended'),
      ),
    );
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.allSettled(this.loops);
  }

  private run(reactor: Reactor): Promise<void> {
    const { knex, store, logger } = this.options;
    const handles = new Set(reactor.handles);
    return runReactorLoop({
      knex,
      store,
      name: reactor.name,
      handles: (event) => handles.has(event.type),
      handle: async (events, stored, last) => {
        const prepared: { event: StoredEvent; effect: unknown }[] = [];
        for (const event of events) prepared.push({ event, effect: await reactor.prepare(event) });
        const moved = await knex.transaction(async (trx) => {
          const row = await trx(CHECKPOINTS).where({ name: reactor.name }).forUpdate().first('checkpoint');
          if ((row?.checkpoint ?? null) !== stored) return row?.checkpoint ?? null;
          for (const { event, effect } of prepared) await reactor.record(trx, event, effect);
          await trx(CHECKPOINTS)
            .where({ name: reactor.name })
            .update({ checkpoint: last, updated_at: trx.fn.now() });
          return last;
        });
        if (moved === last) this.options.recorded?.fire();
        return moved;
      },
      signal: this.abort.signal,
      batchSize: this.options.batchSize,
      pollIntervalMs: this.options.pollIntervalMs,
      onError: (error) => logger?.error({ err: error, reactor: reactor.name }, 'reactor batch failed'),
    });
  }
}
