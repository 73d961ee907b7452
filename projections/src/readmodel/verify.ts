import { randomBytes } from 'node:crypto';
import { asReadModelWriter, type Position } from '@interior/platform';
import type { Knex } from 'knex';
import { createIndexes, generationTables, type Projection } from '../projection';
import { generationsOf, type ReadModelDeps } from './status';

/** Rows compared per table and direction (the read model's against the fold's, and back). */
const SAMPLE_ROWS = 200;
/** Events folded per transaction. */
const FOLD_PAGE = 1000;
/** Differences reported at most (the first found). */
const MAX_DIFFERENCES = 50;
/** Folds further while the live read model keeps moving, this many times at most. */
const ATTEMPTS = 5;

type Row = Record<string, unknown>;

export type Difference =
  | { table: string; kind: 'rowCount'; readModel: number; log: number }
  | {
      table: string;
      kind: 'row';
      key: Row;
      /** Columns whose values differ (every column when one side has no such row). */
      fields: string[];
      readModel: Row | null;
      log: Row | null;
    };

export interface VerifyReport {
  /** Rows of the read model (every table of its active generation). */
  rows: number;
  /** Rows compared one by one: a sample of the read model's, and a sample of the fold's. */
  checked: number;
  /** The position of the log both sides were at. */
  position: Position | null;
  differences: Difference[];
}

/**
 * Compares a read model with a fold of the log: the projection's own handlers applied to every
 * event up to the read model's checkpoint, into scratch tables dropped at the end. Then, in one
 * snapshot where the checkpoint is still that position, the row count of each table and a sample
 * of rows each way (matched by the table's key) must agree. The fold is a rebuild's work without
 * the switch: it takes as long as reading the log once.
 */
export async function verifyReadModel(deps: ReadModelDeps, projection: Projection): Promise<VerifyReport> {
  const { knex } = deps;
  const suffix = randomBytes(4).toString('hex');
  const scratch: Record<string, string> = Object.fromEntries(
    Object.keys(projection.tables).map((table) => [table, `${table}_verify_${suffix}`]),
  );
  try {
    await knex.transaction(async (trx) => {
      for (const [table, define] of Object.entries(projection.tables)) {
        await trx.schema.createTable(scratch[table]!, define as (t: Knex.CreateTableBuilder) => void);
      }
      // Constraints the handlers rely on (an upsert's unique index) come with the indexes.
      await createIndexes(trx, projection, scratch);
    });
    const fold = new Fold(deps, projection, scratch);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const { active } = await generationsOf(knex, projection.name);
      if (!active) return { rows: 0, checked: 0, position: null, differences: [] };
      await fold.to(active.checkpoint);
      const report = await knex.transaction(
        async (trx) => {
          const now = (await generationsOf(trx, projection.name)).active;
          // The read model moved on meanwhile: fold further and look again.
          if (!now || now.generation !== active.generation || now.checkpoint !== fold.after) return null;
          return compare(trx, projection, generationTables(projection, now.generation), scratch, fold.after);
        },
        { isolationLevel: 'repeatable read', readOnly: true },
      );
      if (report) return report;
    }
    throw new Error(`read model ${projection.name} kept moving while it was being verified`);
  } finally {
    for (const physical of Object.values(scratch)) await knex.schema.dropTableIfExists(physical);
    await knex('read_model_counts').whereIn('physical', Object.values(scratch)).delete();
  }
}

/** The log folded into the scratch tables, page by page, up to a position. */
class Fold {
  after: Position | null = null;
  private readonly handles: ReadonlySet<string>;

  constructor(
    private readonly deps: ReadModelDeps,
    private readonly projection: Projection,
    private readonly tables: Record<string, string>,
  ) {
    this.handles = new Set(projection.handles);
  }

  async to(target: Position | null): Promise<void> {
    const { store, knex, vault } = this.deps;
    const { projection, tables } = this;
    while (target !== null && (this.after === null || store.comparePositions(this.after, target) < 0)) {
      const page = await store.readAll({ after: this.after, limit: FOLD_PAGE });
      const within = page.filter((event) => store.comparePositions(event.position, target) <= 0);
      if (within.length === 0) break;
      const handled = within.filter((event) => this.handles.has(event.type));
      if (handled.length > 0) {
        await knex.transaction(async (trx) => {
          // Writes read models only: readers of the log need not wait for it.
          await trx.raw(`select ${asReadModelWriter}`);
          if (projection.applyBatch) await projection.applyBatch(trx, handled, tables, { vault });
          else for (const event of handled) await projection.apply(trx, event, tables, { vault });
        });
      }
      this.after = within[within.length - 1]!.position;
      if (within.length < page.length) break;
    }
    // Every event up to the target is folded (a checkpoint need not be an event the fold handles).
    if (target !== null) this.after = target;
  }
}

/** The columns of a table's primary key, in order (none when it has no key). */
async function keyColumns(trx: Knex.Transaction, physical: string): Promise<string[]> {
  const { rows } = await trx.raw<{ rows: { name: string }[] }>(
    `select a.attname as name
       from pg_index i
       join lateral unnest(i.indkey) with ordinality as k(attnum, n) on true
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
      where i.indrelid = ?::regclass and i.indisprimary
      order by k.n`,
    [physical],
  );
  return rows.map((row) => row.name);
}

async function count(trx: Knex.Transaction, physical: string): Promise<number> {
  const { rows } = await trx.raw<{ rows: { n: number }[] }>('select count(*)::integer as n from ??', [
    physical,
  ]);
  return rows[0]!.n;
}

/** A sample of a table's rows as JSON (jsonb, so both sides print alike). */
async function sample(trx: Knex.Transaction, physical: string): Promise<Row[]> {
  const { rows } = await trx.raw<{ rows: { r: Row }[] }>(
    'select to_jsonb(t) as r from ?? t order by random() limit ?',
    [physical, SAMPLE_ROWS],
  );
  return rows.map((row) => row.r);
}

/** The rows of `physical` with the keys of `rows` (or, without a key, equal to them). */
async function matching(trx: Knex.Transaction, physical: string, key: string[], rows: Row[]): Promise<Row[]> {
  if (rows.length === 0) return [];
  const columns = key.map(() => '??').join(', ');
  const { rows: found } = await trx.raw<{ rows: { r: Row }[] }>(
    key.length > 0
      ? `select to_jsonb(t) as r from ?? t
          where (${columns}) in (select ${columns} from jsonb_populate_recordset(null::??, ?::jsonb))`
      : 'select to_jsonb(t) as r from ?? t where to_jsonb(t) in (select jsonb_array_elements(?::jsonb))',
    key.length > 0
      ? [physical, ...key, ...key, physical, JSON.stringify(rows)]
      : [physical, JSON.stringify(rows)],
  );
  return found.map((row) => row.r);
}

const keyOf = (row: Row, key: string[]) =>
  JSON.stringify(key.length > 0 ? key.map((column) => row[column]) : row);

function differingFields(a: Row | null, b: Row | null): string[] {
  const fields = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
  return [...fields].filter((field) => JSON.stringify(a?.[field]) !== JSON.stringify(b?.[field]));
}

async function compare(
  trx: Knex.Transaction,
  projection: Projection,
  live: Record<string, string>,
  scratch: Record<string, string>,
  position: Position | null,
): Promise<VerifyReport> {
  const differences: Difference[] = [];
  let rows = 0;
  let checked = 0;
  for (const table of Object.keys(projection.tables)) {
    const [readModelRows, logRows] = [await count(trx, live[table]!), await count(trx, scratch[table]!)];
    rows += readModelRows;
    if (readModelRows !== logRows)
      differences.push({ table, kind: 'rowCount', readModel: readModelRows, log: logRows });
    const key = await keyColumns(trx, scratch[table]!);
    const seen = new Set<string>();
    // Each way: a row of the read model the fold lacks or has otherwise, and a row of the fold the
    // read model lacks (a row deleted by hand, or never written).
    for (const [from, to, fromIsLive] of [
      [live[table]!, scratch[table]!, true],
      [scratch[table]!, live[table]!, false],
    ] as const) {
      const rowsFrom = await sample(trx, from);
      const found = new Map((await matching(trx, to, key, rowsFrom)).map((row) => [keyOf(row, key), row]));
      checked += rowsFrom.length;
      for (const row of rowsFrom) {
        const id = keyOf(row, key);
        if (seen.has(id)) continue;
        seen.add(id);
        const other = found.get(id) ?? null;
        const fields = differingFields(row, other);
        if (fields.length === 0) continue;
        differences.push({
          table,
          kind: 'row',
          key: Object.fromEntries(key.map((column) => [column, row[column]])),
          fields,
          readModel: fromIsLive ? row : other,
          log: fromIsLive ? other : row,
        });
      }
    }
  }
  return { rows, checked, position, differences: differences.slice(0, MAX_DIFFERENCES) };
}
