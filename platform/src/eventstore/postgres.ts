import type { Knex } from 'knex';
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

/**
 * The PostgreSQL event store (the default adapter). Table `events` is created by
 * platform/src/db/migrations.ts.
 *
 * Global order is (transaction_id, position). A bigserial alone is not safe to read "after N": a
 * transaction that took a lower number can commit after a reader has moved past it. Readers
 * therefore see only rows whose transaction id is below the oldest transaction still running
 * (VISIBLE_BELOW), so everything they have not seen yet sorts after their checkpoint.
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

/**
 * The oldest transaction of the reader's snapshot still running that may write to this database's
 * `events` (else the snapshot's xmax): `pg_snapshot_xmin` would also wait for transactions of
 * other databases of the cluster, which cannot write here (on a shared server they hold every new
 * event back for as long as they run), and for read-model writers, which never append. A running
 * transaction is passed over only when pg_stat_activity shows it as one of those; one that ended
 * meanwhile, or that the view does not show, counts as a possible writer, so the horizon is never
 * later than safe. A function of migration 017 (db/migrations.ts), stable, so it sees the calling
 * statement's snapshot; called in a subquery, so it runs once per statement whatever the plan (a
 * function left bare in a filter would run again for every row).
 */
const VISIBLE_BELOW = '(select event_log_visible_below())';
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
   * Processes of their own on one database (the distributed stack's services): after each append
   * the store says so on a PostgreSQL channel (NOTIFY), and while anyone in this process listens
   * for appends, it LISTENs there and looks at the head at once, instead of at the next poll (up
   * to `pollIntervalMs` later). Off in a process that runs every part itself, whose own appends
   * wake its readers directly.
   */
  wakeOtherProcesses?: boolean;
}

/** What the store uses of a pg connection that LISTENs. */
interface PgListenConnection {
  on(event: 'notification' | 'error', handler: () => void): void;
  query(sql: string): Promise<unknown>;
}

/** The channel of wakeOtherProcesses. */
const APPENDED_CHANNEL = 'event_store_appended';

const ORIGIN = { tx: 0n, pos: 0n };

/** Encodes the (transaction_id, position) pair as `<xid8>:<position>`, both decimal. */
function encodePosition(tx: string, pos: string): Position {
  return `${tx}:${pos}`;
}

/** encodePosition of an `events` row, in SQL. */
const POSITION_SQL = `transaction_id::text || ':' || position::text`;

function decodePosition(position: Position): { tx: bigint; pos: bigint } {
  const match = /^(\d+):(\d+)$/.exec(position);
  if (!match) throw new Error(`not a PostgreSQL event store position: ${position}`);
  return { tx: BigInt(match[1]!), pos: BigInt(match[2]!) };
}

const CANONICAL_POSITION = /^(?:0|[1-9]\d*):(?:0|[1-9]\d*)$/;

/** Two non-negative integers written without leading zeros, compared. */
function compareDigits(x: string, y: string): number {
  if (x.length !== y.length) return x.length < y.length ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

interface EventRow {
  id: string;
  stream: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: StoredEvent['metadata'];
  tx: string;
  pos: string;
  recorded_at: string;
}

/**
 * `recorded_at` as the ISO text StoredEvent carries (milliseconds, UTC), for reads and the append's
 * answer alike, made by PostgreSQL: parsing a timestamp into a Date and printing it again was a
 * tenth of what a rebuild spent per event in Node, while the server has time to spare then.
 */
const RECORDED_AT_SQL = `to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns of an event, its data as `data` (a SQL expression over the row). */
const selectEvent = (data: string) => `id, stream, revision, type, ${data} as data, metadata,
  transaction_id::text as tx, position::text as pos, ${RECORDED_AT_SQL} as recorded_at`;

const SELECT_EVENT = selectEvent('data');

function toStoredEvent(row: EventRow): StoredEvent {
  return {
    id: row.id,
    stream: row.stream,
    revision: Number(row.revision),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    position: encodePosition(row.tx, row.pos),
    recordedAt: row.recorded_at,
  };
}

/**
 * One statement: read the stream's revision, check the expectation, insert. Zero rows back means
 * the expectation failed; UNIQUE (stream, revision) settles two writers that read the same revision.
 * The rows come back in revision order, with what a read of them adds to the events (append).
 */
const APPEND_SQL = `
  with current_revision as (
    select coalesce(max(revision), -1) as revision from events where stream = $1
  ), inserted as (
    insert into events (id, stream, revision, type, data, metadata)
    select e.id, $1, current_revision.revision + e.ordinality, e.type, e.data, e.metadata
    from current_revision,
      rows from (jsonb_to_recordset($2::jsonb) as (id uuid, type text, data jsonb, metadata jsonb))
        with ordinality as e(id, type, data, metadata, ordinality)
    where $3::bigint is null or current_revision.revision = $3::bigint
    returning revision, transaction_id, position, recorded_at
  )
  select revision::text as revision, transaction_id::text as tx, position::text as pos,
    ${RECORDED_AT_SQL} as recorded_at
  from inserted order by revision`;

const readAllSql = (data: string) => `select ${selectEvent(data)} from events
  where (transaction_id, position) > ($1::text::xid8, $2::bigint)
    and transaction_id < ${VISIBLE_BELOW}
  order by transaction_id, position
  limit $3`;

const READ_ALL_SQL = readAllSql('data');

/** READ_ALL_SQL with the data's fields named by $4 left out (readAllWithout). */
const READ_ALL_WITHOUT_SQL = readAllSql('data - $4::text[]');

/** The page of READ_ALL_SQL as rows for statements of the database (LogInSql). */
/** How many events readAll would answer after a position, at most `limit` (LogInSql.count). */
const LOG_COUNT_SQL = `select count(*)::integer as n from (select 1 from events
  where (transaction_id, position) > (?::text::xid8, ?::bigint)
    and transaction_id < ${VISIBLE_BELOW}
  limit ?) as behind`;

const LOG_PAGE_SQL = `select row_number() over (order by transaction_id, position) as n,
    type, stream, revision, data, metadata, ${POSITION_SQL} as at
  from events
  where (transaction_id, position) > (?::text::xid8, ?::bigint)
    and transaction_id < ${VISIBLE_BELOW}
  order by transaction_id, position
  limit ?`;

/** The log's rows of (stream, revision) pairs (LogInSql.at), each found by the unique index. */
const LOG_AT_SQL = `select e.stream, e.revision, e.data
  from unnest(?::text[], ?::bigint[]) as k(stream, revision)
  join events as e on e.stream = k.stream and e.revision = k.revision`;

/**
 * The condition of LogInSql.holdsOnly (bindings: the events' last transaction, the position after
 * which they lie, how many they are), a function of migration 017 (db/migrations.ts). The events are
 * committed appends of one or more transactions, the last of them `tx`: when it lies below the
 * horizon of READ_ALL_SQL, every transaction before it is over and the events are all visible, so
 * if as many events are visible after the position as they are, they are the events readAll would
 * answer there, and no other.
 */
const HOLDS_ONLY_SQL = 'event_log_holds_only(?::text::xid8, ?::text::xid8, ?::bigint, ?::integer)';

// A null limit reads to the end of the stream.
const READ_STREAM_SQL = `select ${SELECT_EVENT} from events where stream = $1 and revision >= $2 order by revision limit $3`;

const HEAD_SQL = `select transaction_id::text as tx, position::text as pos from events
  where transaction_id < ${VISIBLE_BELOW}
  order by transaction_id desc, position desc limit 1`;

/** The store's statements by the name they are prepared under on each connection. */
const STATEMENTS = {
  event_store_append: APPEND_SQL,
  event_store_read_all: READ_ALL_SQL,
  event_store_read_all_without: READ_ALL_WITHOUT_SQL,
  event_store_read_stream: READ_STREAM_SQL,
  event_store_head: HEAD_SQL,
} as const;
type StatementName = keyof typeof STATEMENTS;

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

  /** NOTIFY after appends (wakeOtherProcesses): one under way, and whether another must follow it. */
  private notifying = false;
  private notifyAgain = false;
  /** The LISTEN connection while anyone listens (wakeOtherProcesses). */
  private listening: Promise<PgListenConnection | null> | null = null;

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
    this.notifyOthers();
    return result;
  }

  /**
   * Tells other processes' stores an append committed (wakeOtherProcesses), without holding up
   * the append: appends while a NOTIFY is under way are told by one more after it.
   */
  private notifyOthers(): void {
    if (!this.wakeOtherProcesses) return;
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = true;
    void (async () => {
      try {
        do {
          this.notifyAgain = false;
          await this.knex.raw('select pg_notify(?, null)', [APPENDED_CHANNEL]);
        } while (this.notifyAgain);
      } catch {
        // The other processes' polls still find the append, a poll interval later.
      } finally {
        this.notifying = false;
      }
    })();
  }

  /** LISTENs on a connection of its own (outside the pool: it stays in the session). */
  private async listen(): Promise<PgListenConnection | null> {
    try {
      const connection = (await this.knex.client.acquireRawConnection()) as PgListenConnection;
      connection.on('notification', () => this.listeners.checkNow());
      // A lost connection leaves the polls, which were running all along.
      connection.on('error', () => {});
      await connection.query(`listen ${APPENDED_CHANNEL}`);
      return connection;
    } catch {
      return null;
    }
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
          'event_store_append',
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
    const connection = await this.listening;
    this.listening = null;
    if (connection) await this.knex.client.destroyRawConnection(connection);
  }
}
