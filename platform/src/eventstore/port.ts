import type { EventMetadata } from '@interior/contracts';
import type { Knex } from 'knex';

/**
 * The event store port (docs/architecture.md "Event store"). Every adapter passes `contract-suite.ts`.
 *
 * Revisions count events in a stream from 0; the revision of a stream is the revision of its last
 * event. A position is the adapter's opaque global checkpoint: a string that only the adapter's
 * `comparePositions` may order (never a JS number, which would lose precision).
 */
export type ExpectedRevision = number | 'no_stream' | 'any';
export type Position = string;

export interface NewEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface StoredEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  stream: string;
  revision: number;
  position: Position;
  recordedAt: string;
}

export interface AppendResult {
  /** Revision of the last event appended (or of the first append, for an idempotent retry). */
  nextRevision: number;
  /** Global position of the last event appended. */
  position: Position;
}

export interface ReadStreamOptions {
  fromRevision?: number;
  limit?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this checkpoint; null or absent reads from the start. */
  after?: Position | null;
  limit: number;
}

export interface SubscribeOptions {
  after?: Position | null;
  signal?: AbortSignal;
  /** Events read per round trip. */
  batchSize?: number;
}

export interface EventStore {
  /** Which adapter this is, for logs and health answers. */
  readonly kind: string;
  append(
    stream: string,
    events: readonly NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>;
  /**
   * Events of one stream in revision order; an empty array when the stream does not exist. `limit`
   * reads at most that many (a stream's events can be large: a design's each hold its document).
   */
  readStream(stream: string, options?: ReadStreamOptions): Promise<StoredEvent[]>;
  /** Events of every stream in global order, only ever growing at the end for a reader. */
  readAll(options: ReadAllOptions): Promise<StoredEvent[]>;
  /**
   * readAll with the named fields of each event's `data` left out (the PostgreSQL store, beside
   * `logInSql`): a reader that takes those fields from the log inside its own statements
   * (LogInSql.at) need not have them sent and parsed. A store without it is read whole.
   */
  readAllWithout?(options: ReadAllOptions, fields: readonly string[]): Promise<StoredEvent[]>;
  /** Catch-up subscription: every event after the checkpoint, exactly once, in global order. */
  subscribe(options: SubscribeOptions): AsyncIterable<StoredEvent>;
  /** The position of the last event a reader can see now, or null for an empty log. */
  headPosition(): Promise<Position | null>;
  comparePositions(a: Position, b: Position): number;
  /**
   * Called after every append this process makes, so in-process readers wake at once, and when the
   * head moved by appends of other processes (polled once per process, see append-listeners.ts).
   * A store with `logInSql` also gives its own appends' events (but a large append's), as readAll
   * will read them: a reader may apply them without reading them back, guarded by
   * `LogInSql.holdsOnly`.
   */
  onAppended(listener: AppendListener): () => void;
  close(): Promise<void>;
  /**
   * The log as rows of a table its database's statements can read (the PostgreSQL store only): a
   * rebuild fills a table from a page of creations server-side, without the events coming to the
   * process (projections/src/runner/from-log.ts, docs/architecture.md "Rebuilds"). Absent elsewhere.
   */
  readonly logInSql?: LogInSql;
}

/** Woken with the position of an append (AppendListeners), and its events where the store gives them. */
export type AppendListener = (position: Position, events?: readonly StoredEvent[]) => void;

export interface LogInSql {
  /** The database of the log: only its own statements can read the page. */
  readonly knex: Knex;
  /**
   * SQL (knex bindings) of the page readAll would answer: the events after `after`, at most `limit`,
   * as rows of `n` (1, 2, … in log order), `type`, `stream`, `revision` (bigint), `data` and
   * `metadata` (jsonb), and `at`, the event's Position.
   */
  page(after: Position | null, limit: number): { sql: string; bindings: Knex.RawBinding[] };
  /**
   * SQL (knex bindings) of the log's rows of events named by stream and revision (pairs, in two
   * arrays): one lookup each in the log's unique (stream, revision) index, as rows of `stream`,
   * `revision` (bigint) and `data` (jsonb), none for a pair the log does not hold. A read model
   * copies a large field of events it read without it (readAllWithout) from here, in its own
   * statement, instead of through the process.
   */
  at(streams: readonly string[], revisions: readonly number[]): { sql: string; bindings: Knex.RawBinding[] };
  /**
   * SQL (knex bindings) of how many events readAll would answer after `after`, at most `limit`,
   * as one row's `n` (a read model's lag, read from the log's index alone).
   */
  count(after: Position | null, limit: number): { sql: string; bindings: Knex.RawBinding[] };
  /**
   * SQL (knex bindings) of a condition: the events readAll would answer after `after` now are
   * exactly `events` (appends of this store, given to its listeners), in one page, and will stay
   * so (every transaction before theirs is over). A reader that holds these events applies them
   * without reading them back, in a statement guarded by this condition.
   */
  holdsOnly(
    after: Position | null,
    events: readonly StoredEvent[],
  ): { sql: string; bindings: Knex.RawBinding[] };
}

/** The stream is not at the revision the writer expected (HTTP 412 with If-Match, else 409). */
export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`stream ${stream}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** Some, not all, of the event ids of an append already exist, or exist in another stream. */
export class DuplicateEventIdError extends Error {
  constructor(readonly stream: string) {
    super(`stream ${stream}: event ids already used elsewhere`);
    this.name = 'DuplicateEventIdError';
  }
}
