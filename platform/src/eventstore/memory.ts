import { Wakeup } from '../wakeup';
import {
  type AppendListener,
  type AppendResult,
  DuplicateEventIdError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type StoredEvent,
  type SubscribeOptions,
  WrongExpectedRevisionError,
} from './port';

/**
 * An event store in memory, for tests that seed a stream without a database (a feature's decider
 * and API tests). It passes the same contract suite as the other adapters. Positions are the
 * decimal index in the log, zero-padded so that they order as text too.
 */
const encode = (index: number): Position => String(index).padStart(16, '0');
const decode = (position: Position) => Number(position);

export class InMemoryEventStore implements EventStore {
  readonly kind = 'memory';
  private readonly log: StoredEvent[] = [];
  private readonly streams = new Map<string, StoredEvent[]>();
  private readonly byId = new Map<string, StoredEvent>();
  private readonly listeners = new Set<AppendListener>();

  async append(
    stream: string,
    events: readonly NewEvent[],
    { expectedRevision }: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const earlier = events.map((e) => this.byId.get(e.id));
    if (earlier.some(Boolean)) {
      // A retried append: the same ids in the same stream answer the first result.
      if (earlier.some((e) => !e || e.stream !== stream)) throw new DuplicateEventIdError(stream);
      const last = earlier[earlier.length - 1]!;
      return { nextRevision: last.revision, position: last.position };
    }
    const existing = this.streams.get(stream) ?? [];
    const current = existing.length - 1;
    const expected = expectedRevision === 'no_stream' ? -1 : expectedRevision;
    if (expected !== 'any' && expected !== current) {
      throw new WrongExpectedRevisionError(stream, expectedRevision, current < 0 ? 'no_stream' : current);
    }
    const recordedAt = new Date().toISOString();
    const stored = events.map((event, i) => ({
      ...structuredClone(event),
      stream,
      revision: current + 1 + i,
      position: encode(this.log.length + i),
      recordedAt,
    }));
    this.log.push(...stored);
    this.streams.set(stream, [...existing, ...stored]);
    for (const event of stored) this.byId.set(event.id, event);
    const last = stored[stored.length - 1]!;
    for (const listener of this.listeners) listener(last.position);
    return { nextRevision: last.revision, position: last.position };
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    return (this.streams.get(stream) ?? [])
      .filter((e) => e.revision >= (options.fromRevision ?? 0))
      .slice(0, options.limit ?? Number.POSITIVE_INFINITY)
      .map((e) => structuredClone(e));
  }

  async readAll({ after, limit }: ReadAllOptions): Promise<StoredEvent[]> {
    const from = after ? decode(after) + 1 : 0;
    return this.log.slice(from, from + limit).map((e) => structuredClone(e));
  }

  async *subscribe({ after, signal, batchSize = 500 }: SubscribeOptions): AsyncIterable<StoredEvent> {
    const wakeup = new Wakeup();
    const unsubscribe = this.onAppended(() => wakeup.notify());
    let checkpoint = after ?? null;
    try {
      while (!signal?.aborted) {
        const batch = await this.readAll({ after: checkpoint, limit: batchSize });
        for (const event of batch) {
          if (signal?.aborted) return;
          yield event;
          checkpoint = event.position;
        }
        if (batch.length < batchSize) await wakeup.wait(1_000, signal);
      }
    } finally {
      unsubscribe();
    }
  }

  async headPosition(): Promise<Position | null> {
    return this.log.length ? encode(this.log.length - 1) : null;
  }

  comparePositions(a: Position, b: Position): number {
    return Math.sign(decode(a) - decode(b));
  }

  onAppended(listener: AppendListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
