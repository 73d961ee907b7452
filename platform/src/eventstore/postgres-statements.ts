import type { Position, StoredEvent } from './port';

/**
 * The PostgreSQL event store's statements, and how its rows and positions are written and read.
 * Global order is (transaction_id, position); readers see only rows whose transaction id is below
 * the oldest transaction still running that may append (VISIBLE_BELOW).
 */

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

export const ORIGIN = { tx: 0n, pos: 0n };

/** Encodes the (transaction_id, position) pair as `<xid8>:<position>`, both decimal. */
export function encodePosition(tx: string, pos: string): Position {
  return `${tx}:${pos}`;
}

/** encodePosition of an `events` row, in SQL. */
const POSITION_SQL = `transaction_id::text || ':' || position::text`;

export function decodePosition(position: Position): { tx: bigint; pos: bigint } {
  const match = /^(\d+):(\d+)$/.exec(position);
  if (!match) throw new Error(`not a PostgreSQL event store position: ${position}`);
  return { tx: BigInt(match[1]!), pos: BigInt(match[2]!) };
}

export const CANONICAL_POSITION = /^(?:0|[1-9]\d*):(?:0|[1-9]\d*)$/;

/** Two non-negative integers written without leading zeros, compared. */
export function compareDigits(x: string, y: string): number {
  if (x.length !== y.length) return x.length < y.length ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

export interface EventRow {
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

export function toStoredEvent(row: EventRow): StoredEvent {
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

/** The channel an append is told on to other processes' stores (wakeOtherProcesses). */
export const APPENDED_CHANNEL = 'event_store_appended';

/**
 * One statement: read the stream's revision, check the expectation, insert. Zero rows back means
 * the expectation failed; UNIQUE (stream, revision) settles two writers that read the same revision.
 * The rows come back in revision order, with what a read of them adds to the events (append).
 * With `notify`, the same statement tells APPENDED_CHANNEL when it inserted: PostgreSQL delivers it
 * at the commit (none on a rollback), without a round trip of its own after the append.
 */
const appendSql = (notify: boolean) => `
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
  )${
    notify
      ? `, notified as (
    select pg_notify('${APPENDED_CHANNEL}', null) from (select from inserted limit 1) as any_inserted
  )`
      : ''
  }
  select revision::text as revision, transaction_id::text as tx, position::text as pos,
    ${RECORDED_AT_SQL} as recorded_at
  from inserted${notify ? ', notified' : ''} order by revision`;

const readAllSql = (data: string) => `select ${selectEvent(data)} from events
  where (transaction_id, position) > ($1::text::xid8, $2::bigint)
    and transaction_id < ${VISIBLE_BELOW}
  order by transaction_id, position
  limit $3`;

const READ_ALL_SQL = readAllSql('data');

/** READ_ALL_SQL with the data's fields named by $4 left out (readAllWithout). */
const READ_ALL_WITHOUT_SQL = readAllSql('data - $4::text[]');

/** How many events readAll would answer after a position, at most `limit` (LogInSql.count). */
export const LOG_COUNT_SQL = `select count(*)::integer as n from (select 1 from events
  where (transaction_id, position) > (?::text::xid8, ?::bigint)
    and transaction_id < ${VISIBLE_BELOW}
  limit ?) as behind`;

/** The page of READ_ALL_SQL as rows for statements of the database (LogInSql.page). */
export const LOG_PAGE_SQL = `select row_number() over (order by transaction_id, position) as n,
    type, stream, revision, data, metadata, ${POSITION_SQL} as at
  from events
  where (transaction_id, position) > (?::text::xid8, ?::bigint)
    and transaction_id < ${VISIBLE_BELOW}
  order by transaction_id, position
  limit ?`;

/** The log's rows of (stream, revision) pairs (LogInSql.at), each found by the unique index. */
export const LOG_AT_SQL = `select e.stream, e.revision, e.data
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
export const HOLDS_ONLY_SQL = 'event_log_holds_only(?::text::xid8, ?::text::xid8, ?::bigint, ?::integer)';

// A null limit reads to the end of the stream.
const READ_STREAM_SQL = `select ${SELECT_EVENT} from events where stream = $1 and revision >= $2 order by revision limit $3`;

const HEAD_SQL = `select transaction_id::text as tx, position::text as pos from events
  where transaction_id < ${VISIBLE_BELOW}
  order by transaction_id desc, position desc limit 1`;

/** The store's statements by the name they are prepared under on each connection. */
export const STATEMENTS = {
  event_store_append: appendSql(false),
  event_store_append_notify: appendSql(true),
  event_store_read_all: READ_ALL_SQL,
  event_store_read_all_without: READ_ALL_WITHOUT_SQL,
  event_store_read_stream: READ_STREAM_SQL,
  event_store_head: HEAD_SQL,
} as const;
export type StatementName = keyof typeof STATEMENTS;
