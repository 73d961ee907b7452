import type { StoredEvent } from '@interior/platform';
import type { Knex } from 'knex';

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

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Folds `events` into `table` (the physical table of one generation) and writes the result:
 * the batch's rows are read in one statement and written back in one or two. The table's number
 * of rows is kept in `read_model_counts` in the same transaction (lists read their exact total
 * there), so a table written this way must be written only this way.
 */
export async function applyRowBatch<Row extends { id: number }>(
  trx: Knex.Transaction,
  table: string,
  events: readonly StoredEvent[],
  fold: RowFold<Row>,
): Promise<void> {
  const ids = [...new Set(events.flatMap((event) => fold.ids(event)))];
  if (ids.length === 0) return;
  const loaded: Row[] = [];
  for (const part of chunks(ids, CHUNK)) {
    loaded.push(...((await trx(table).whereRaw('id = any(?)', [part]).select('*')) as Row[]));
  }
  const rows = new Rows<Row>(loaded);
  for (const event of events) fold.fold(rows, event);
  const { upserts, deletes, added } = rows.changes();
  const statements: ((builder: Knex.QueryBuilder) => Knex.QueryBuilder)[] = [];
  for (const part of chunks(deletes, CHUNK)) {
    statements.push((builder) => builder.from(table).whereRaw('id = any(?)', [part]).delete());
  }
  if (upserts.length > 0) {
    // One column list for the statement: a column a row does not carry is written as null.
    const columns = [...new Set(upserts.flatMap((row) => Object.keys(row)))];
    const perStatement = Math.max(1, Math.floor(30_000 / columns.length));
    for (const part of chunks(upserts, perStatement)) {
      statements.push((builder) =>
        builder
          .insert(part.map((row) => Object.fromEntries(columns.map((c) => [c, columnValue(row, c)]))))
          .into(table)
          .onConflict('id')
          .merge(columns.filter((c) => c !== 'id')),
      );
    }
  }
  for (const [i, statement] of statements.entries()) {
    if (i < statements.length - 1 || added === 0) {
      await statement(trx.queryBuilder());
      continue;
    }
    // The last write moves the row count too, in the same statement (one round trip less).
    const count = trx('read_model_counts')
      .where({ physical: table })
      .update({ rows: trx.raw('rows + ?', [added]) })
      .returning('physical');
    const written: { counted: string | number }[] = await statement(trx.with('counted', count)).returning(
      trx.raw('(select count(*) from counted) as counted'),
    );
    if (Number(written[0]?.counted ?? 0) === 0) await countFromTable(trx, table);
  }
}

/**
 * The first time a table's rows are counted: from the table itself, after this batch's writes,
 * so a table that had rows before is counted right too.
 */
async function countFromTable(trx: Knex.Transaction, table: string): Promise<void> {
  await trx.raw(
    `insert into read_model_counts (physical, rows) select ?, count(*) from ??
     on conflict (physical) do update set rows = excluded.rows`,
    [table, table],
  );
}

const columnValue = (row: object, column: string) => (row as Record<string, unknown>)[column] ?? null;
