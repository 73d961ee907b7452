import type { LogInSql, PiiVault, StoredEvent } from '@interior/platform';
import type { Knex } from 'knex';
import type { LogCreations } from './log-creations';
import type { PendingBatch, RowBatchPlan } from './row-batch';

/**
 * A projection turns the global log into tables shaped for screens (docs/architecture.md "Projections").
 * It owns its tables and writes nothing else. Tables exist per generation (`<table>_g<n>`) behind
 * a view named `<table>` that readers use, so a rebuild fills a new generation beside the live
 * one and switches the views when it has caught up. Bump `version` when the tables or the
 * handling change: the runner rebuilds on start.
 */
export interface ProjectionContext {
  vault: PiiVault;
  /**
   * The log, when it is in the read models' database: the batch's statements can read the events'
   * rows (LogInSql.at). Absent for a store whose log is elsewhere.
   */
  log?: LogInSql;
  /**
   * What `readFromLog` read of the log for this batch before its transaction, when the runner read
   * it ahead (a catch-up far behind); absent otherwise, and the batch reads what it needs itself.
   */
  readAhead?: LogReads;
}

/** Values read from the log for a batch, by `logReadKey` of the event they come from. */
export type LogReads = ReadonlyMap<string, unknown>;

/** The key of an event's value in LogReads. */
export const logReadKey = (stream: string, revision: number) => `${stream}@${revision}`;

/**
 * The fields of its events' data a catch-up's slim pages leave out for `projection`: those it reads
 * in the log and those it ignores; none when it reads nothing in the log (it gets whole pages).
 */
export function fieldsLeftOutOfSlimPages(projection: Projection): readonly string[] {
  return projection.readsInLog?.length ? [...projection.readsInLog, ...(projection.ignoresInData ?? [])] : [];
}

export interface Projection<Table extends string = string> {
  name: string;
  version: number;
  /** Event types `apply` reacts to; other events only move the checkpoint. */
  handles: readonly string[];
  /**
   * Fields of its events' data it can take from the log in its own statements (context.log) rather
   * than from the events: a catch-up's pages then come without them (EventStore.readAllWithout),
   * when the log is in the read models' database. A batch may still hold events with them (a live
   * batch, a store whose log is elsewhere): the projection uses a field when the event has it.
   */
  readsInLog?: readonly string[];
  /**
   * Fields of its events' data it never reads: the pages read without `readsInLog`'s fields leave
   * these out too, for the server to print and the process to parse neither. Whole pages (shared
   * with every other loop) still carry them.
   */
  ignoresInData?: readonly string[];
  /** The tables of one generation: logical name → knex table definition (the migration). */
  tables: Readonly<Record<Table, (table: Knex.CreateTableBuilder) => void>>;
  /** Indexes or constraints beyond what the table builders declare, by physical table name. */
  afterCreate?(knex: Knex | Knex.Transaction, tables: Readonly<Record<Table, string>>): Promise<void>;
  /**
   * The indexes beyond what the table builders declare, as statements, one index each, idempotent
   * (`create index if not exists`), instead of `afterCreate`: a rebuilt generation then builds them
   * side by side once it is full (runner/finish.ts indexGeneration), not one after another.
   */
  indexes?(knex: Knex | Knex.Transaction, tables: Readonly<Record<Table, string>>): Promise<string[]>;
  /** Applies one event inside the batch's transaction; must use only `trx`. */
  apply(
    trx: Knex.Transaction,
    event: StoredEvent,
    tables: Readonly<Record<Table, string>>,
    context: ProjectionContext,
  ): Promise<void>;
  /**
   * Applies a whole batch (the events of `handles`, in log order) inside its transaction, with the
   * same result as `apply` on each event in turn. When present the runner calls it instead of
   * `apply`, so that rebuilds and catch-ups write set-based (see row-batch.ts).
   */
  applyBatch?(
    trx: Knex.Transaction,
    events: readonly StoredEvent[],
    tables: Readonly<Record<Table, string>>,
    context: ProjectionContext,
  ): Promise<void>;
  /**
   * Reads, outside any transaction, what `applyBatch` would read of the log for `events`: far behind,
   * the runner calls it for the page it reads ahead, while the batch before that page is applied,
   * and hands its answer to that page's `applyBatch` (context.readAhead). The log's committed
   * events never change, so what it read stays right; `applyBatch` reads itself what is missing.
   */
  readFromLog?(knex: Knex, events: readonly StoredEvent[], log: LogInSql): Promise<LogReads>;
  /**
   * The writes of a batch, planned outside any transaction (its rows read, the events folded in
   * memory), for a read model of one table written only by its runner. The runner runs them in one
   * statement with the move of its checkpoint, each guarded to write nothing unless the checkpoint
   * moved from where the batch was read after: no other writer can have changed the rows between
   * the read and that statement without moving the checkpoint first. A live batch then costs two
   * round trips instead of five (BEGIN, the move, the read, the write, COMMIT). Same result as
   * `applyBatch`. With `pending`, it is planned while the batch before is still being written
   * (a catch-up), and waits for that batch before reading any row it writes.
   */
  planBatch?(
    knex: Knex,
    events: readonly StoredEvent[],
    tables: Readonly<Record<Table, string>>,
    pending?: PendingBatch,
  ): Promise<RowBatchPlan | null>;
  /**
   * Whether `planBatch` plans this batch (the events of `handles`, in log order); absent, it plans
   * every batch. A batch it does not plan is applied in a transaction (`applyBatch`): for a read
   * model some of whose events need more than its table's rows (another table, a row read back).
   */
  plans?(events: readonly StoredEvent[]): boolean;
  /**
   * The rows its creation events make, as SQL over the log's rows: a rebuild on the PostgreSQL
   * store fills each run of such events server-side (log-creations.ts). Only for a table those
   * events make rows of as `apply` would, with nothing else to do for them.
   */
  createsFromLog?: LogCreations;
}

export function defineProjection<Table extends string>(projection: Projection<Table>): Projection<Table> {
  return projection;
}

/** A projection's indexes, one after another: its `indexes` when it lists them, else `afterCreate`. */
export async function createIndexes(
  trx: Knex.Transaction,
  projection: Projection,
  tables: Readonly<Record<string, string>>,
): Promise<void> {
  if (!projection.indexes) return projection.afterCreate?.(trx, tables);
  for (const statement of await projection.indexes(trx, tables)) await trx.raw(statement);
}

/** Physical table names of one generation. */
export function generationTables<Table extends string>(
  projection: Projection<Table>,
  generation: number,
): Record<Table, string> {
  const names = {} as Record<Table, string>;
  for (const table of Object.keys(projection.tables) as Table[]) names[table] = `${table}_g${generation}`;
  return names;
}

/** Metadata helpers shared by projections. */
export const occurredAt = (event: StoredEvent) => new Date(event.metadata.occurredAt);
