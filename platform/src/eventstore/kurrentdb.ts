import type { EventMetadata } from '@interior/contracts';
import {
  type AllStreamResolvedEvent,
  ANY,
  type AppendStreamState,
  BACKWARDS,
  END,
  ErrorType,
  type EventData,
  excludeSystemEvents,
  FORWARDS,
  isCommandError,
  type JSONType,
  jsonEvent,
  KurrentDBClient,
  type Position as KurrentPosition,
  NO_STREAM,
  type ResolvedEvent,
  START,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { AppendListeners } from './append-listeners';
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
 * KurrentDB (EventStoreDB) adapter of the event store port, over `@kurrent/kurrentdb-client`.
 *
 * Positions: KurrentDB's `$all` position `{commit, prepare}` (two u64) encoded as
 * `"<commit>/<prepare>"`, each zero-padded to 20 digits, so the strings also sort as text;
 * `comparePositions` parses both parts as BigInt. Appends through gRPC are self-committed, so an
 * event's position is the same whether it is read from its stream or from `$all`.
 *
 * Idempotency: event ids are the KurrentDB event ids. The server reports an idempotent retry as a
 * plain success (no flag): `nextExpectedRevision` is the last revision of the original write and
 * `position` is that event's log position (or absent on older servers). A fresh append reports its
 * commit position, which for a multi-event append need not be the last event's `$all` position. So
 * every append reads its last event back and answers with that event's real position: the
 * first append and any retry give the same `{ nextRevision, position }`.
 *
 * The server checks ids only when the expected revision is behind the stream (exact) or `any`
 * (a bounded in-memory cache). To close the gap for a retry made at the current revision (a
 * handler that reloaded the stream after its first try), an append with a numeric or `any`
 * expected revision first compares its ids with the stream's last events. Ids are unique per
 * stream here, not across streams as in the PostgreSQL adapter.
 */
export function openKurrentDbEventStore(connectionString: string): EventStore {
  return new KurrentDbEventStore(KurrentDBClient.connectionString(connectionString));
}

const DIGITS = 20;
const POSITION_PATTERN = /^(\d{1,20})\/(\d{1,20})$/;

export function encodeKurrentPosition(position: KurrentPosition): Position {
  return `${position.commit.toString().padStart(DIGITS, '0')}/${position.prepare.toString().padStart(DIGITS, '0')}`;
}

export function decodeKurrentPosition(position: Position): KurrentPosition {
  const match = POSITION_PATTERN.exec(position);
  if (!match) throw new TypeError(`not a KurrentDB position: ${position}`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

function compareKurrentPositions(a: Position, b: Position): number {
  const x = decodeKurrentPosition(a);
  const y = decodeKurrentPosition(b);
  if (x.commit !== y.commit) return x.commit < y.commit ? -1 : 1;
  if (x.prepare !== y.prepare) return x.prepare < y.prepare ? -1 : 1;
  return 0;
}

type Recorded = NonNullable<ResolvedEvent['event']> | NonNullable<AllStreamResolvedEvent['event']>;

function toStoredEvent(recorded: Recorded): StoredEvent {
  if (!recorded.position) {
    throw new Error(
      `KurrentDB did not report the position of event ${recorded.id} (server 22.6 or later needed)`,
    );
  }
  return {
    id: recorded.id,
    type: recorded.type,
    data: recorded.data,
    metadata: recorded.metadata as unknown as EventMetadata,
    stream: recorded.streamId,
    revision: Number(recorded.revision),
    position: encodeKurrentPosition(recorded.position),
    recordedAt: recorded.created.toISOString(),
  };
}

/** The event itself, or nothing for link events and system events that a filter let through. */
function fromResolved(resolved: ResolvedEvent | AllStreamResolvedEvent): StoredEvent | null {
  const recorded = resolved.event;
  if (!recorded || resolved.link || recorded.type.startsWith('$')) return null;
  return toStoredEvent(recorded);
}

function toEventData(event: NewEvent): EventData {
  return jsonEvent({
    id: event.id,
    type: event.type,
    data: (event.data ?? null) as JSONType,
    metadata: event.metadata as unknown as JSONType,
  });
}

function toStreamState(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  return BigInt(expected);
}

function isErrorOfType(error: unknown, ...types: ErrorType[]): boolean {
  return error instanceof Error && isCommandError(error) && types.includes(error.type);
}

/** Errors after which a subscription can be opened again from the last position it gave. */
const TRANSIENT = [
  ErrorType.UNAVAILABLE,
  ErrorType.DEADLINE_EXCEEDED,
  ErrorType.NOT_LEADER,
  ErrorType.TIMEOUT,
];
const MAX_RESUBSCRIBES_WITHOUT_PROGRESS = 8;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

class KurrentDbEventStore implements EventStore {
  readonly kind = 'kurrentdb';
  /** Polls the head as often as the PostgreSQL adapter does by default. */
  private readonly listeners = new AppendListeners(() => this.headPosition(), 100);
  private readonly subscriptions = new Set<AbortController>();
  private closed = false;

  constructor(private readonly client: KurrentDBClient) {}

  comparePositions(a: Position, b: Position): number {
    return compareKurrentPositions(a, b);
  }

  onAppended(listener: AppendListener): () => void {
    return this.listeners.add(listener);
  }

  async append(
    stream: string,
    events: readonly NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    this.assertOpen();
    if (events.length === 0) throw new RangeError(`stream ${stream}: an append needs at least one event`);
    const { expectedRevision } = options;

    // 'no_stream' needs no look: the server compares the ids from revision 0 itself.
    if (expectedRevision !== 'no_stream') {
      const tail = await this.readStreamTail(stream, events.length);
      const done = this.matchIds(stream, events, tail);
      if (done) return done;
    }

    let nextExpectedRevision: bigint;
    let reported: KurrentPosition | undefined;
    try {
      const result = await this.client.appendToStream(stream, events.map(toEventData), {
        streamState: toStreamState(expectedRevision),
      });
      // Only with `throwOnAppendFailure=false` in the connection string does a conflict resolve.
      if (!result.success) {
        const current = result.nextExpectedRevision;
        return await this.refuse(
          stream,
          events,
          expectedRevision,
          current >= 0n ? Number(current) : 'no_stream',
        );
      }
      nextExpectedRevision = result.nextExpectedRevision;
      reported = result.position;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      const actual = error.actualState;
      return await this.refuse(
        stream,
        events,
        expectedRevision,
        typeof actual === 'bigint' ? Number(actual) : 'no_stream',
      );
    }

    const last = await this.readStreamRange(stream, Number(nextExpectedRevision), 1, true);
    const position = last[0]?.position ?? (reported ? encodeKurrentPosition(reported) : undefined);
    if (!position) throw new Error(`stream ${stream}: KurrentDB reported no position for the append`);
    this.listeners.appended(position);
    return { nextRevision: Number(nextExpectedRevision), position };
  }

  /**
   * The server answers "wrong expected version" also when only some of the ids were written
   * already (or, racing, all of them): look where they would be before calling it a conflict.
   */
  private async refuse(
    stream: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
    actual: number | 'no_stream',
  ): Promise<AppendResult> {
    const written =
      expectedRevision === 'any'
        ? await this.readStreamTail(stream, events.length)
        : await this.readStreamRange(
            stream,
            expectedRevision === 'no_stream' ? 0 : expectedRevision + 1,
            events.length,
          );
    const done = this.matchIds(stream, events, written);
    if (done) return done;
    throw new WrongExpectedRevisionError(stream, expectedRevision, actual);
  }

  /**
   * `written` are the events where `events` would already be if this were a retry: all ids in
   * place means the first result; some ids means a broken retry; none means a new append.
   */
  private matchIds(stream: string, events: readonly NewEvent[], written: StoredEvent[]): AppendResult | null {
    const ids = new Set(written.map((e) => e.id));
    const reused = events.filter((e) => ids.has(e.id)).length;
    if (reused === 0) return null;
    const inPlace = written.length === events.length && written.every((e, i) => e.id === events[i]!.id);
    if (reused === events.length && inPlace) {
      const last = written[written.length - 1]!;
      return { nextRevision: last.revision, position: last.position };
    }
    throw new DuplicateEventIdError(stream);
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    this.assertOpen();
    return this.readStreamRange(stream, options.fromRevision ?? 0, options.limit ?? Number.MAX_SAFE_INTEGER);
  }

  private async readStreamRange(
    stream: string,
    fromRevision: number,
    maxCount: number,
    requiresLeader = false,
  ): Promise<StoredEvent[]> {
    const from = Math.max(0, Math.trunc(fromRevision));
    return this.collectStream(
      this.client.readStream(stream, {
        fromRevision: BigInt(from),
        maxCount,
        direction: FORWARDS,
        requiresLeader,
      }),
    );
  }

  /** The last `count` events of a stream, oldest first. */
  private async readStreamTail(stream: string, count: number): Promise<StoredEvent[]> {
    const events = await this.collectStream(
      this.client.readStream(stream, {
        fromRevision: END,
        maxCount: count,
        direction: BACKWARDS,
        requiresLeader: true,
      }),
    );
    return events.reverse();
  }

  private async collectStream(read: AsyncIterable<ResolvedEvent>): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    try {
      for await (const resolved of read) {
        const event = resolved.event && !resolved.link ? toStoredEvent(resolved.event) : null;
        if (event) events.push(event);
      }
    } catch (error) {
      if (isErrorOfType(error, ErrorType.STREAM_NOT_FOUND)) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions): Promise<StoredEvent[]> {
    this.assertOpen();
    const { after, limit } = options;
    if (limit <= 0) return [];
    const events: StoredEvent[] = [];
    // Reading $all from a position includes the event at it: ask for one more and drop it.
    for await (const resolved of this.client.readAll({
      fromPosition: after ? decodeKurrentPosition(after) : START,
      maxCount: after ? limit + 1 : limit,
      direction: FORWARDS,
      filter: excludeSystemEvents(),
    })) {
      const event = fromResolved(resolved);
      if (!event || (after && compareKurrentPositions(event.position, after) <= 0)) continue;
      events.push(event);
      if (events.length >= limit) break;
    }
    return events;
  }

  async headPosition(): Promise<Position | null> {
    this.assertOpen();
    for await (const resolved of this.client.readAll({
      fromPosition: END,
      maxCount: 1,
      direction: BACKWARDS,
      filter: excludeSystemEvents(),
    })) {
      const event = fromResolved(resolved);
      if (event) return event.position;
    }
    return null;
  }

  async *subscribe(options: SubscribeOptions): AsyncIterable<StoredEvent> {
    this.assertOpen();
    const controller = new AbortController();
    const stop = () => controller.abort();
    options.signal?.addEventListener('abort', stop, { once: true });
    if (options.signal?.aborted) controller.abort();
    this.subscriptions.add(controller);
    const { signal } = controller;
    let last = options.after ?? null;
    let failures = 0;
    try {
      while (!signal.aborted) {
        const subscription = this.client.subscribeToAll(
          { fromPosition: last ? decodeKurrentPosition(last) : START, filter: excludeSystemEvents() },
          { highWaterMark: options.batchSize ?? 256 },
        );
        // Cancelling the gRPC call does not end the readable, so end it by hand.
        const end = () => {
          subscription.unsubscribe().catch(() => {});
          subscription.destroy();
        };
        signal.addEventListener('abort', end, { once: true });
        try {
          for await (const resolved of subscription) {
            const event = fromResolved(resolved);
            // The server starts after `last`; the check keeps a resubscription exactly-once anyway.
            if (!event || (last && compareKurrentPositions(event.position, last) <= 0)) continue;
            last = event.position;
            failures = 0;
            yield event;
            if (signal.aborted) return;
          }
          // The server ended a subscription that should run until aborted: treat it as a drop.
          if (signal.aborted) return;
          if (++failures > MAX_RESUBSCRIBES_WITHOUT_PROGRESS)
            throw new Error('KurrentDB ended the $all subscription');
        } catch (error) {
          if (signal.aborted) return;
          if (!isErrorOfType(error, ...TRANSIENT) || ++failures > MAX_RESUBSCRIBES_WITHOUT_PROGRESS)
            throw error;
        } finally {
          signal.removeEventListener('abort', end);
          end();
        }
        await sleep(Math.min(100 * 2 ** failures, 5_000), signal);
      }
    } finally {
      options.signal?.removeEventListener('abort', stop);
      this.subscriptions.delete(controller);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const subscription of this.subscriptions) subscription.abort();
    this.listeners.clear();
    await this.client.dispose();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('KurrentDB event store is closed');
  }
}
