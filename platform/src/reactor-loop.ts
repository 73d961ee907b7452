import type { Knex } from 'knex';
import { IDLE_POLL_MS } from './eventstore/append-listeners';
import type { EventStore, Position, StoredEvent } from './eventstore/port';
import { Signal } from './signal';

/**
 * The loop shared by the readers of the log that turn events into effects (projections/src/reactors,
 * the process managers below), each with its checkpoint in `reactor_checkpoints`. How far it has
 * read is kept in memory; the stored checkpoint moves when it does something, and past events it
 * ignores at most once every IDLE_STORE_MS (projections/src/runner/live.ts keeps to the same).
 */
export const IDLE_STORE_MS = 1_000;

export interface ReactorLoop {
  knex: Knex;
  store: EventStore;
  /** Its row in `reactor_checkpoints`. */
  name: string;
  handles(event: StoredEvent): boolean;
  /**
   * Does what the batch's events it handles call for, and moves the stored checkpoint from
   * `stored` to `last` if it is still `stored`. Answers the checkpoint stored afterwards (another
   * process's, when that one had moved it first).
   */
  handle(events: StoredEvent[], stored: Position | null, last: Position): Promise<Position | null>;
  signal: AbortSignal;
  batchSize?: number;
  pollIntervalMs?: number;
  onError(error: unknown): void;
}

/**
 * A reactor starts at the head of the log the first time it runs: replaying the log must not send
 * last year's mail again. Call before the loop starts, so nothing appended after it is missed.
 */
export async function startReactorCheckpoint(knex: Knex, store: EventStore, name: string): Promise<void> {
  await knex('reactor_checkpoints')
    .insert({ name, checkpoint: await store.headPosition() })
    .onConflict('name')
    .ignore();
}

/** Runs until `signal` aborts; a failing batch is tried again later, backing off. */
export async function runReactorLoop(loop: ReactorLoop): Promise<void> {
  const { knex, store, name, signal } = loop;
  const limit = loop.batchSize ?? 1000;
  const pollIntervalMs = loop.pollIntervalMs ?? IDLE_POLL_MS;
  const appended = new Signal();
  const wake = () => appended.fire();
  // Appends of this process whose events the store gives and this loop ignores do not wake it: it
  // reads past them with the next append it handles, or the next poll (at most pollIntervalMs on).
  const unsubscribe = store.onAppended((_position, events) => {
    if (!events || events.some((event) => loop.handles(event))) wake();
  });
  signal.addEventListener('abort', wake, { once: true });
  try {
    let stored = await storedCheckpoint(knex, name);
    let position = stored;
    let storedAt = Date.now();
    /** The signal's version before a short read that was handled whole: wait for the next append. */
    let drainedSince: number | null = null;
    let failures = 0;
    while (!signal.aborted) {
      if (drainedSince !== null) {
        await appended.wait(drainedSince, pollIntervalMs);
        drainedSince = null;
      }
      const since = appended.version;
      try {
        const batch = await store.readAll({ after: position, limit });
        if (batch.length === 0) {
          // Storing the position past ignored events only saves rereading them after a restart.
          if (position !== stored && Date.now() - storedAt >= IDLE_STORE_MS) {
            stored = position = await moveReactorCheckpoint(knex, name, stored, position);
            storedAt = Date.now();
          }
          await appended.wait(since, pollIntervalMs);
          continue;
        }
        const last = batch[batch.length - 1]!.position;
        const handled = batch.filter((event) => loop.handles(event));
        if (handled.length > 0) {
          stored = await loop.handle(handled, stored, last);
          storedAt = Date.now();
        }
        position = handled.length === 0 ? last : stored;
        if (batch.length < limit && position === last) drainedSince = since;
        failures = 0;
      } catch (error) {
        failures++;
        loop.onError(error);
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(30_000, 200 * 2 ** Math.min(failures, 8))),
        );
      }
    }
  } finally {
    unsubscribe();
    signal.removeEventListener('abort', wake);
  }
}

async function storedCheckpoint(knex: Knex | Knex.Transaction, name: string): Promise<Position | null> {
  return (await knex('reactor_checkpoints').where({ name }).first('checkpoint'))?.checkpoint ?? null;
}

/**
 * Moves a checkpoint, if it is still the one this process last stored (else another process moved
 * it: that one is returned). For a move past events nothing was done for, or done idempotently: a
 * crash that loses this commit only makes the loop read those events again, so it does not wait
 * for the WAL flush.
 */
export async function moveReactorCheckpoint(
  knex: Knex,
  name: string,
  from: Position | null,
  to: Position | null,
): Promise<Position | null> {
  const { rows } = await knex.raw<{ rows: unknown[] }>(
    `update reactor_checkpoints set checkpoint = ?, updated_at = now()
     from (select set_config('synchronous_commit', 'off', true)) as durability
     where name = ? and checkpoint is not distinct from ?
     returning 1`,
    [to, name, from],
  );
  return rows.length > 0 ? to : storedCheckpoint(knex, name);
}

export interface ProcessManagerOptions {
  knex: Knex;
  store: EventStore;
  logger?: { error(object: unknown, message: string): void };
  pollIntervalMs?: number;
}

/**
 * A process manager: from its checkpoint (the log's head the first time), each event it handles in
 * turn, then the checkpoint moved past the batch. Its handling must be idempotent (it reads
 * current state rather than trusting the event): a crash before the move only makes it see the
 * batch again. Failures are logged and the batch tried again.
 */
export abstract class ProcessManager {
  private readonly abort = new AbortController();
  private loop: Promise<void> | undefined;

  constructor(protected readonly options: ProcessManagerOptions) {}

  /** Its row in `reactor_checkpoints`. */
  protected abstract readonly name: string;
  protected abstract handles(event: StoredEvent): boolean;
  protected abstract handle(event: StoredEvent): Promise<unknown>;

  async start(): Promise<void> {
    const { knex, store, logger } = this.options;
    const name = this.name;
    await startReactorCheckpoint(knex, store, name);
    this.loop = runReactorLoop({
      knex,
      store,
      name,
      handles: (event) => this.handles(event),
      handle: async (events, stored, last) => {
        for (const event of events) await this.handle(event);
        return moveReactorCheckpoint(knex, name, stored, last);
      },
      signal: this.abort.signal,
      pollIntervalMs: this.options.pollIntervalMs,
      onError: (error) => logger?.error({ err: error }, `${name} batch failed`),
    }).catch((error) => logger?.error({ err: error }, `${name} ended`));
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.loop;
  }
}
