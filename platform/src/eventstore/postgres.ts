import type { Knex } from 'knex';
import { listenOn } from '../db/channel';
import { pgConstraint, pgErrorCode, pgErrorCodes } from '../db/database';
import { queryNamed, queryNumbered } from '../db/prepared';
import { Wakeup } from '../wakeup';
import { AppendListeners } from './append-listeners';
import {
  type AppendListener,
  type AppendResult,
  DuplicateEventIdError,
  type EventStore,
  type ExpectedRevision,
  type LogInSql,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type StoredEvent,
  type SubscribeOptions,
  WrongExpectedRevisionError,
} from './port';
import {
  APPENDED_CHANNEL,
  CANONICAL_POSITION,
  compareDigits,
  decodePosition,
  type EventRow,
  encodePosition,
  HOLDS_ONLY_SQL,
  LOG_AT_SQL,
  LOG_COUNT_SQL,
  LOG_PAGE_SQL,
  ORIGIN,
  STATEMENTS,
  type StatementName,
  toStoredEvent,
} from './postgres-statements';

/**
 * The PostgreSQL event store (the default adapter). Table `events` is created by
 * platform/src/db/migrations.ts.
 *
 * Global order is (transaction_id, position). A bigserial alone is not safe to read "after N": a
 * transaction that took a lower number can commit after a reader has moved past it. Readers
 * therefore see only rows whose transaction id is below the oldest transaction still running
 * (VISIBLE_BELOW in postgres-statements.ts), so everything they have not seen yet sorts after their checkpoint.
 */

/**
 * The application name a transaction takes, for itself only, to say it never appends to the log:
 * a projection's batch, an index build of a rebuild (projections/src/runner/). Readers do not
 * wait for such transactions (VISIBLE_BELOW), so a long one (a catch-up batch of seconds, a search
 * index built over a million rows) does not hide every event appended meanwhile from every reader,
 * and with them every command's read of its own write. The events table refuses inserts from such
 * a transaction (migration 016), so the promise is kept, not only made.
 */
export const READ_MODEL_WRITER = 'interior read-model writer';

/** A SQL expression that makes the current transaction a READ_MODEL_WRITER (until it ends). */
export const asReadModelWriter = `set_config('application_name', '${READ_MODEL_WRITER}', true)`;

export interface PostgresEventStoreOptions {
  /**
   * How often the visible head is polled for other processes' appends (append-listeners.ts), and
   * how often an idle subscription polls.
   */
  pollIntervalMs?: number;
  /**
   * Run the store's statements as named prepared statements: each connection parses and plans
   * them once (on a short statement, most of its time). Off for the embedded PGlite, where the
   * connections of a process share one backend session and would prepare the same name twice.
   */
  prepared?: boolean;
  /**
   * Processes of their own on one database (the distributed stack's services): each append says
   * so on a PostgreSQL channel (NOTIFY, in the append's statement, delivered at its commit), and
   * while anyone in this process listens for appends, it LISTENs there and looks at the head at
   * once, instead of at the next poll (up to `pollIntervalMs` later). Off in a process that runs every part itself, whose own appends
   * wake its readers directly.
   */
  wakeOtherProcesses?: boolean;
}

/**
 * Appends whose JSON is longer than this are given to listeners by their position only: parsing a
 * design's document again at every save, and a runner keeping a few of them
 * (projections/src/runner/live.ts OWN_APPENDS_KEPT), would cost more than a reader reading them back.
 */
const LISTENED_APPEND_CHARS = 64 * 1024;

export function createPostgresEventStore(
  knex: Knex,
  options: PostgresEventStoreOptions = {},
): PostgresEventStore {
  return new PostgresEventStore(
    knex,
    options.pollIntervalMs ?? 100,
    options.prepared ?? false,
    options.wakeOtherProcesses ?? false,
  );
}

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres';
  private readonly listeners: AppendListeners;
  /** Appends by this process so far: a read started before one of them may have missed it. */
  private appends = 0;
  /** Reads of the log in flight, by `after|limit|appends` (see readAll). */
  private readonly reads = new Map<string, Promise<StoredEvent[]>>();

  readonly logInSql: LogInSql;

  /** The LISTEN connection while anyone listens (wakeOtherProcesses). */
  private listening: ReturnType<typeof listenOn> | null = null;

  constructor(
    private readonly knex: Knex,
    private readonly pollIntervalMs: number,
    private readonly prepared: boolean,
    private readonly wakeOtherProcesses = false,
  ) {
    this.listeners = new AppendListeners(() => this.headPosition(), pollIntervalMs);
    this.logInSql = {
      knex,
      page(after, limit) {
        const from = after ? decodePosition(after) : ORIGIN;
        return { sql: LOG_PAGE_SQL, bindings: [from.tx.toString(), from.pos.toString(), limit] };
      },
      at(streams, revisions) {
        return { sql: LOG_AT_SQL, bindings: [[...streams], [...revisions]] };
      },
      count(after, limit) {
        const from = after ? decodePosition(after) : ORIGIN;
        return { sql: LOG_COUNT_SQL, bindings: [from.tx.toString(), from.pos.toString(), limit] };
      },
      holdsOnly(after, events) {
        const from = after ? decodePosition(after) : ORIGIN;
        // The events' last transaction (BigInt has no Math.max).
        let last = 0n;
        for (const event of events) {
          const { tx } = decodePosition(event.position);
          if (tx > last) last = tx;
        }
        return {
          sql: HOLDS_ONLY_SQL,
          bindings: [last.toString(), from.tx.toString(), from.pos.toString(), events.length],
        };
      },
    };
  }

  /**
   * Runs one of the store's statements on a connection of the pool (named, so prepared once per
   * connection, when `prepared`), or inside the caller's transaction.
   */
  private async run<R>(db: Knex | Knex.Transaction, name: StatementName, values: unknown[]): Promise<R[]> {
    const text = STATEMENTS[name];
    return this.prepared ? queryNamed<R>(db, name, text, values) : queryNumbered<R>(db, text, values);
  }

  async append(
    stream: string,
    events: readonly NewEvent[],
    { expectedRevision }: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const appended: StoredEvent[] = [];
    const result = await this.appendWith(this.knex, stream, events, expectedRevision, appended);
    this.appends++;
    this.listeners.appended(result.position, appended.length > 0 ? appended : undefined);
    return result;
  }

  /** LISTENs for other processes' appends; a notification makes the listeners look at the head now. */
  private listen() {
    return listenOn(this.knex, APPENDED_CHANNEL, () => this.listeners.checkNow());
  }

  /**
   * The append itself, on a connection or inside a caller's transaction. Exposed for the contract
   * suite, which holds a transaction open to prove that readers never skip its event.
   */
  async appendWith(
    db: Knex | Knex.Transaction,
    stream: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
    /**
     * Filled with the events as the log now holds them, when this call inserted them and they are
     * not larger than LISTENED_APPEND_CHARS.
     */
    appended?: StoredEvent[],
  ): Promise<AppendResult> {
    const expected =
      expectedRevision === 'any' ? null : expectedRevision === 'no_stream' ? -1 : expectedRevision;
    const ids = events.map((e) => e.id);
    // The events as one JSON document: an array parameter of JSON texts would be escaped element by
    // element on both sides (most of the time of a large event's append).
    const document = JSON.stringify(
      events.map(({ id, type, data, metadata }) => ({ id, type, data, metadata })),
    );
    for (;;) {
      try {
        const rows = await this.run<Pick<EventRow, 'revision' | 'tx' | 'pos' | 'recorded_at'>>(
          db,
          // Other processes' stores are told in the append's own statement, at its commit.
          this.wakeOtherProcesses ? 'event_store_append_notify' : 'event_store_append',
          [stream, document, expected],
        );
        const last = rows[rows.length - 1];
        if (last) {
          if (appended && document.length <= LISTENED_APPEND_CHARS) {
            // As a read gives them: from the JSON the log stored (what JSON drops is gone, as there).
            const stored = JSON.parse(document) as Pick<EventRow, 'id' | 'type' | 'data' | 'metadata'>[];
            appended.push(...rows.map((row, i) => toStoredEvent({ ...stored[i]!, ...row, stream })));
          }
          return { nextRevision: Number(last.revision), position: encodePosition(last.tx, last.pos) };
        }
      } catch (error) {
        if (pgErrorCode(error) !== pgErrorCodes.uniqueViolation) throw error;
        // Another writer took the same revision: with 'any' simply try again on the new revision.
        if (pgConstraint(error) === 'events_stream_revision_unique' && expected === null) continue;
      }
      // Nothing was written: either this is a retry of an append that already happened, or the
      // stream moved on.
      const earlier = await this.findEarlierAppend(db, stream, ids);
      if (earlier) return earlier;
      throw new WrongExpectedRevisionError(stream, expectedRevision, await this.currentRevision(db, stream));
    }
  }

  private async findEarlierAppend(
    db: Knex | Knex.Transaction,
    stream: string,
    ids: string[],
  ): Promise<AppendResult | null> {
    const { rows } = await db.raw<{ rows: { stream: string; revision: string; tx: string; pos: string }[] }>(
      `select stream, revision::text as revision, transaction_id::text as tx, position::text as pos
       from events where id = any(?::uuid[]) order by transaction_id, position`,
      [ids],
    );
    if (rows.length === 0) return null;
    if (rows.length !== ids.length || rows.some((r) => r.stream !== stream))
      throw new DuplicateEventIdError(stream);
    const last = rows[rows.length - 1]!;
    return { nextRevision: Number(last.revision), position: encodePosition(last.tx, last.pos) };
  }

  private async currentRevision(db: Knex | Knex.Transaction, stream: string): Promise<number | 'no_stream'> {
    const { rows } = await db.raw<{ rows: { revision: string | null }[] }>(
      'select max(revision)::text as revision from events where stream = ?',
      [stream],
    );
    const revision = rows[0]?.revision;
    return revision == null ? 'no_stream' : Number(revision);
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const rows = await this.run<EventRow>(this.knex, 'event_store_read_stream', [
      stream,
      options.fromRevision ?? 0,
      options.limit ?? null,
    ]);
    return rows.map(toStoredEvent);
  }

  /**
   * After an append every projection, reactor and process manager of this process wakes at the same
   * checkpoint and asks for the same page: one query serves the readers that ask while it is in
   * flight. A read started before this process's latest append is not shared, so no reader misses
   * that append; appends of other processes are found by the next read, as always.
   */
  readAll(options: ReadAllOptions): Promise<StoredEvent[]> {
    return this.sharedRead(options, []);
  }

  /**
   * A page without some fields of the data, shared as readAll's are (by readers that leave out
   * the same fields): a rebuild's pages of designs without their documents, which the designs read
   * model copies from the log in its own statements.
   */
  readAllWithout(options: ReadAllOptions, fields: readonly string[]): Promise<StoredEvent[]> {
    return this.sharedRead(options, fields);
  }

  private sharedRead(options: ReadAllOptions, without: readonly string[]): Promise<StoredEvent[]> {
    const key = `${options.after ?? ''}|${options.limit}|${this.appends}|${without.join(',')}`;
    let read = this.reads.get(key);
    if (!read) {
      read = this.queryAll(options, without);
      this.reads.set(key, read);
      const forget = () => this.reads.delete(key);
      read.then(forget, forget);
    }
    return read;
  }

  private async queryAll(
    { after, limit }: ReadAllOptions,
    without: readonly string[],
  ): Promise<StoredEvent[]> {
    const from = after ? decodePosition(after) : ORIGIN;
    const position = [from.tx.toString(), from.pos.toString(), limit];
    const rows =
      without.length === 0
        ? await this.run<EventRow>(this.knex, 'event_store_read_all', position)
        : await this.run<EventRow>(this.knex, 'event_store_read_all_without', [...position, [...without]]);
    return rows.map(toStoredEvent);
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
        if (batch.length < batchSize) await wakeup.wait(this.pollIntervalMs, signal);
      }
    } finally {
      unsubscribe();
    }
  }

  async headPosition(): Promise<Position | null> {
    const [row] = await this.run<{ tx: string; pos: string }>(this.knex, 'event_store_head', []);
    return row ? encodePosition(row.tx, row.pos) : null;
  }

  comparePositions(a: Position, b: Position): number {
    // Every loop and waiter compares positions at every append: canonical ones (PostgreSQL's text of
    // xid8 and bigint, no leading zeros) compare as digit strings, shorter first, without parsing.
    if (CANONICAL_POSITION.test(a) && CANONICAL_POSITION.test(b)) {
      const i = a.indexOf(':');
      const j = b.indexOf(':');
      return compareDigits(a.slice(0, i), b.slice(0, j)) || compareDigits(a.slice(i + 1), b.slice(j + 1));
    }
    const x = decodePosition(a);
    const y = decodePosition(b);
    if (x.tx !== y.tx) return x.tx < y.tx ? -1 : 1;
    if (x.pos !== y.pos) return x.pos < y.pos ? -1 : 1;
    return 0;
  }

  onAppended(listener: AppendListener): () => void {
    if (this.wakeOtherProcesses) this.listening ??= this.listen();
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    const listening = await this.listening;
    this.listening = null;
    await listening?.close();
  }
}
