import type { StoredEvent } from '@interior/platform';
import type { Knex } from 'knex';
import { sqlIdentifier } from './sql';

/**
 * The common read model "one row per record, keyed by an integer `id`", applied a batch at a time:
 * the rows a batch touches are read in one statement, the events are folded into them in memory,
 * and the table is written once per batch (one multi-row `insert … on conflict (id) do update`
 * for the rows that exist afterwards, one `delete … where id = any(…)` for those that are gone).
 * A rebuild or a catch-up then costs a few statements per batch instead of one or more per event.
 *
 * A fold sees the rows as they stand before each event, with the effects of the batch's earlier
 * events, so its result is the one applying the events one at a time would give.
 */
export interface RowFold<Row extends { id: number }> {
  /** The ids of the rows an event reads or changes (those it creates included). */
  ids(event: StoredEvent): readonly number[];
  /**
   * The id of the row the event creates when no such row can exist before it (the first event of
   * the record's own stream): a batch that creates a row does not read it first, which in a
   * rebuild, most of whose events create rows, is most of the reading.
   */
  creates?(event: StoredEvent): number | undefined;
  /** Applies one event to the rows in memory. */
  fold(rows: Rows<Row>, event: StoredEvent): void;
}

/** The rows a batch touches, in memory: what `get` does not find does not exist. */
export class Rows<Row extends { id: number }> {
  private readonly current = new Map<number, Row | null>();
  private readonly changed = new Set<number>();
  private readonly existed = new Set<number>();

  /** Rows as read from the table before the batch. */
  constructor(loaded: Iterable<Row>) {
    for (const row of loaded) {
      this.current.set(row.id, row);
      this.existed.add(row.id);
    }
  }

  get(id: number): Row | undefined {
    return this.current.get(id) ?? undefined;
  }

  /** Inserts the row, unless one with its id exists (insert … on conflict do nothing). */
  insertIfAbsent(row: Row): void {
    if (this.get(row.id)) return;
    this.set(row);
  }

  /** Changes the row if it exists (update … where id = …). */
  update(id: number, change: (row: Row) => Partial<Row>): void {
    const row = this.get(id);
    if (row) this.set({ ...row, ...change(row), id });
  }

  delete(id: number): void {
    if (!this.get(id)) return;
    this.current.set(id, null);
    this.changed.add(id);
  }

  private set(row: Row): void {
    this.current.set(row.id, row);
    this.changed.add(row.id);
  }

  /**
   * What the batch changed: rows to write (in id order), ids of rows that existed and are gone, and
   * how many rows the table gains (negative when it loses some).
   */
  changes(): { upserts: Row[]; deletes: number[]; added: number } {
    const upserts: Row[] = [];
    const deletes: number[] = [];
    let added = 0;
    for (const id of [...this.changed].sort((a, b) => a - b)) {
      const row = this.current.get(id);
      if (row) {
        upserts.push(row);
        if (!this.existed.has(id)) added++;
      } else if (this.existed.has(id)) deletes.push(id);
    }
    return { upserts, deletes, added: added - deletes.length };
  }
}

/** Ids per statement: keeps each statement's parameters well under PostgreSQL's 65,535. */
const CHUNK = 5_000;

/** `items` in slices of at most `size` (a statement's rows, a parameter's ids). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * One statement of a batch's writes. `guard` is a condition every row written must meet, or null:
 * the runner's fused commit (runner/catch-up.ts commitPlanned) writes only when its checkpoint
 * moved in the same statement.
 */
export interface PlannedWrite {
  /** `returning`: the statement returns the rows it wrote (an upsert; a delete ignores it). */
  sql(guard: string | null, returning?: boolean): string;
  bindings: Knex.RawBinding[];
  /**
   * Writes records keyed by `id`, which it can return for RecentRows; else it deletes them, or
   * writes rows no reader asks for by id (a log's rows), of which RecentRows keeps none.
   */
  upsert: boolean;
}

/** A batch folded into rows: the statements that write them, and how many rows the table gains. */
export interface RowBatchPlan {
  table: string;
  writes: PlannedWrite[];
  added: number;
  /** The ids the batch deletes. */
  deleted: number[];
  /** The ids of every row the batch writes or deletes. */
  written: ReadonlySet<number>;
}

/**
 * A batch whose writes are still being committed while the next one is planned (the runner's
 * catch-up, runner/catch-up.ts): the next plan reads none of the rows it writes before `settled`.
 */
export interface PendingBatch {
  written: ReadonlySet<number>;
  settled: Promise<unknown>;
}

/**
 * Folds `events` into `table` (the physical table of one generation): the batch's rows are read in
 * one statement and the events folded into them in memory. Null when the batch touches no row.
 */
export async function planRowBatch<Row extends { id: number }>(
  db: Knex | Knex.Transaction,
  table: string,
  events: readonly StoredEvent[],
  fold: RowFold<Row>,
  pending?: PendingBatch,
): Promise<RowBatchPlan | null> {
  const ids = new Set<number>();
  /** Rows the batch creates before anything else of it touches them: nothing to read. */
  const created = new Set<number>();
  for (const event of events) {
    const creates = fold.creates?.(event);
    if (creates !== undefined && !ids.has(creates)) created.add(creates);
    for (const id of fold.ids(event)) ids.add(id);
  }
  if (ids.size === 0) return null;
  const toRead = [...ids].filter((id) => !created.has(id));
  // A row the batch before writes is read once that batch is in (or failed: then this plan is
  // thrown away with it); the others are as that batch leaves them already.
  if (pending && toRead.some((id) => pending.written.has(id))) await pending.settled.catch(() => {});
  const loaded: Row[] = [];
  for (const part of chunks(toRead, CHUNK)) {
    loaded.push(...((await db(table).whereRaw('id = any(?)', [part]).select('*')) as Row[]));
  }
  const rows = new Rows<Row>(loaded);
  for (const event of events) fold.fold(rows, event);
  const { upserts, deletes, added } = rows.changes();
  const writes: PlannedWrite[] = [];
  for (const part of chunks(deletes, CHUNK)) {
    writes.push({
      sql: (guard) => `delete from ?? where id = any(?)${guard ? ` and ${guard}` : ''}`,
      bindings: [table, part],
      upsert: false,
    });
  }
  if (upserts.length > 0) {
    // One column list for the statement: a column a row does not carry is written as null.
    const keys = new Set<string>();
    for (const row of upserts) for (const key in row) keys.add(key);
    const columns = [...keys];
    const json = await jsonColumnsOf(db, table);
    const list = columns.map(sqlIdentifier).join(', ');
    const merge = columns
      .filter((c) => c !== 'id')
      .map((c) => `${sqlIdentifier(c)} = excluded.${sqlIdentifier(c)}`)
      .join(', ');
    for (const part of chunks(upserts, UPSERT_ROWS)) {
      // The rows as one JSON parameter, typed by the table's own row type: one short statement to
      // parse and plan, where a multi-row VALUES list has a parameter per cell. Plain json, not
      // jsonb: read once, it need not be parsed into jsonb's binary form (about a third less time).
      // A key a row lacks (or holds undefined) is null to json_populate_recordset, as the column list
      // wants; only jsonb columns' JSON texts need embedding, so rows without them are written as
      // they are (a copy of every row was most of a rebuild's time in this function).
      const document = JSON.stringify(
        json.size === 0 ? part : part.map((row) => withJsonEmbedded(row, json)),
      );
      writes.push({
        sql: (
          guard,
          returning,
        ) => `insert into ?? (${list}) select ${list} from json_populate_recordset(null::??, ?::json)
          ${guard ? `where ${guard}` : ''} on conflict (id) do ${merge ? `update set ${merge}` : 'nothing'}${returning ? ' returning *' : ''}`,
        bindings: [table, table, document],
        upsert: true,
      });
    }
  }
  return {
    table,
    writes,
    added,
    deleted: deletes,
    written: new Set([...upserts.map((row) => row.id), ...deletes]),
  };
}

/**
 * Folds `events` into `table` and writes the result (planRowBatch) inside the caller's
 * transaction: the batch's rows are read in one statement and written back in one. The
 * table's number of rows is kept in `read_model_counts` in the same transaction (lists read their
 * exact total there), so a table written this way must be written only this way.
 */
export async function applyRowBatch<Row extends { id: number }>(
  trx: Knex.Transaction,
  table: string,
  events: readonly StoredEvent[],
  fold: RowFold<Row>,
): Promise<void> {
  await applyPlan(trx, await planRowBatch(trx, table, events, fold));
}

/** A batch's planned writes (Projection.planBatch) run inside the caller's transaction, in one statement. */
export async function applyPlan(trx: Knex.Transaction, plan: RowBatchPlan | null): Promise<void> {
  if (!plan || plan.writes.length === 0) return;
  const { items, bindings, counted } = writesAsWith(plan, null);
  const { rows } = await trx.raw<{ rows: { counted: unknown }[] }>(
    `with ${items.join(', ')} select ${counted} as counted`,
    bindings,
  );
  await countIfUncounted(trx, plan, rows[0]?.counted);
}

/**
 * The plan's writes, and the move of the table's kept row count, as the items of one
 * data-modifying WITH (one statement, one round trip: each item runs whether or not the query reads
 * it), each guarded by `guard` when given. `counted` is the query's expression for how many kept
 * counts moved, for countIfUncounted.
 */
export function writesAsWith(
  plan: RowBatchPlan,
  guard: string | null,
  options: { returning?: boolean } = {},
): { items: string[]; bindings: Knex.RawBinding[]; counted: string; returned: string | null } {
  // Rows come back from a plan that upserts in one statement (a live batch): its item's name.
  const upserts = plan.writes.filter((write) => write.upsert);
  const returning = options.returning && upserts.length === 1 ? upserts[0]! : null;
  const name = (i: number) => `written_${i}`;
  const items = plan.writes.map((write, i) => `${name(i)} as (${write.sql(guard, write === returning)})`);
  const returned = returning ? name(plan.writes.indexOf(returning)) : null;
  const bindings = plan.writes.flatMap((write) => write.bindings);
  if (plan.added === 0) return { items, bindings, counted: 'null', returned };
  items.push(
    `counted as (update read_model_counts set rows = rows + ? where physical = ?${guard ? ` and ${guard}` : ''} returning 1)`,
  );
  bindings.push(plan.added, plan.table);
  return { items, bindings, counted: '(select count(*) from counted)', returned };
}

/**
 * After the statement of writesAsWith: a table that changed size but had no kept count yet is
 * counted whole, now that the batch is in, so a table that had rows before is counted right too.
 */
export async function countIfUncounted(
  db: Knex | Knex.Transaction,
  plan: Pick<RowBatchPlan, 'table' | 'added'>,
  counted: unknown,
): Promise<void> {
  if (plan.added === 0 || Number(counted) > 0) return;
  await db.raw(
    `insert into read_model_counts (physical, rows) select ?, count(*) from ??
     on conflict (physical) do update set rows = excluded.rows`,
    [plan.table, plan.table],
  );
}

/** Rows per upsert statement: a JSON document of a few megabytes at most. */
const UPSERT_ROWS = 5_000;

/**
 * The jsonb columns of a table (their values are JSON text in a row, see resource.projection.ts
 * toColumns, or parsed when read back), by table name: a generation's tables never change shape.
 */
const jsonColumns = new Map<string, Promise<Set<string>>>();

function jsonColumnsOf(db: Knex | Knex.Transaction, table: string): Promise<Set<string>> {
  let known = jsonColumns.get(table);
  if (!known) {
    known = db
      .raw<{ rows: { name: string }[] }>(
        `select attname as name from pg_attribute
         where attrelid = ?::regclass and attnum > 0 and not attisdropped and atttypid = 'jsonb'::regtype`,
        [table],
      )
      .then(({ rows }) => new Set(rows.map((r) => r.name)));
    jsonColumns.set(table, known);
    known.catch(() => jsonColumns.delete(table));
  }
  return known;
}

/** A row as json_populate_recordset reads it: its jsonb columns' JSON texts embedded as JSON. */
function withJsonEmbedded(row: object, json: ReadonlySet<string>): object {
  let copy: Record<string, unknown> | null = null;
  for (const column of json) {
    const value = (row as Record<string, unknown>)[column];
    if (typeof value !== 'string') continue;
    copy ??= { ...row };
    copy[column] = JSON.parse(value);
  }
  return copy ?? row;
}
