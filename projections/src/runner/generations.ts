import type { Position } from '@interior/platform';
import { asReadModelWriter } from '@interior/platform';
import type { Knex } from 'knex';
import { createIndexes, generationTables, type Projection } from '../projection';

/**
 * The generations of projections (projection_generations): their tables made, indexed, pointed at
 * by the readers' views and dropped. Each generation of each projection has a row there holding its
 * checkpoint; a generation is `active` (readers' views point at its tables) or `building` (a
 * rebuild filling new tables beside the active ones) until it is `retired`.
 */
export interface GenerationRow {
  name: string;
  generation: number;
  version: number;
  status: 'building' | 'active' | 'retired';
  handles: string[];
  checkpoint: Position | null;
  /** Whether the tables have their `afterCreate` indexes (a building generation gets them at the end). */
  indexed: boolean;
}

export const GENERATIONS = 'projection_generations';

export const lockProjection = (trx: Knex.Transaction, name: string) =>
  trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`projection:${name}`]);

/**
 * A building generation's tables get their `afterCreate` indexes (sort and trigram search indexes)
 * only once it has caught up with the log (`indexGeneration`): building such an index over the
 * filled table at once costs a fraction of keeping it up to date row by row through a rebuild.
 */
export async function createGeneration(
  trx: Knex.Transaction,
  projection: Projection,
  generation: number,
  status: 'active' | 'building',
) {
  const tables = generationTables(projection, generation);
  for (const [table, define] of Object.entries(projection.tables) as [
    string,
    (t: Knex.CreateTableBuilder) => void,
  ][]) {
    const physical = tables[table]!;
    await trx.schema.dropTableIfExists(physical);
    await forgetCounts(trx, [physical]);
    await trx.schema.createTable(physical, define);
  }
  if (status === 'active') await createIndexes(trx, projection, tables);
  else if (projection.createsFromLog) await dropKey(trx, keyedTable(projection, generation));
}

/**
 * The table a rebuild fills from the log (Projection.createsFromLog), of one generation: it is
 * filled without its primary key. A run from the log inserts rows no other can have made (see
 * LogCreations.creates), and keeping the key's index up to date row by row was an eighth of the
 * fill; the key comes back as a unique index built at once (restoreKey), before anything else
 * writes the table: before the runner folds a page of it, or with its other indexes.
 */
export function keyedTable(projection: Projection, generation: number): string {
  const tables = generationTables(projection, generation) as Record<string, string>;
  return tables[projection.createsFromLog!.table]!;
}

/** The names of a table's primary key constraints (none or one). */
async function primaryKeys(trx: Knex.Transaction, physical: string): Promise<string[]> {
  const { rows } = await trx.raw<{ rows: { name: string }[] }>(
    `select conname as name from pg_constraint where conrelid = ?::regclass and contype = 'p'`,
    [physical],
  );
  return rows.map((row) => row.name);
}

async function dropKey(trx: Knex.Transaction, physical: string): Promise<void> {
  for (const name of await primaryKeys(trx, physical)) {
    await trx.raw('alter table ?? drop constraint ??', [physical, name]);
  }
}

/** The primary key index of a table, as knex names it. */
const keyIndex = (physical: string) => `${physical}_pkey`;

/** Builds the index of a table's key on `id` (restoreKey), unless it exists. */
export const buildKeyIndex = (knex: Knex | Knex.Transaction, physical: string) =>
  knex.raw('create unique index if not exists ?? on ?? (id)', [keyIndex(physical), physical]);

/**
 * Gives back a table filled without its primary key (dropKey) its key on `id`, unless it has one:
 * its index built at once, then made the key. The caller holds the generation's row (another
 * runner may be restoring it too).
 */
export async function restoreKey(trx: Knex.Transaction, physical: string): Promise<void> {
  if ((await primaryKeys(trx, physical)).length > 0) return;
  await roomToSort(trx);
  await buildKeyIndex(trx, physical);
  await trx.raw('alter table ?? add constraint ?? primary key using index ??', [
    physical,
    keyIndex(physical),
    keyIndex(physical),
  ]);
}

/**
 * A bulk index build is faster with room to sort its entries in memory (this transaction only). It
 * appends nothing to the log, so readers of the log need not wait for it (asReadModelWriter): a
 * search index over a million rows takes seconds.
 */
export const roomToSort = (trx: Knex.Transaction) =>
  trx.raw(`select set_config('maintenance_work_mem', '256MB', true), ${asReadModelWriter}`);

export async function pointViewsAt(trx: Knex.Transaction, projection: Projection, generation: number) {
  const tables = generationTables(projection, generation);
  for (const table of Object.keys(projection.tables)) {
    await trx.raw('drop view if exists ??', [table]);
    await trx.raw('create view ?? as select * from ??', [table, tables[table]!]);
  }
}

export async function dropGeneration(
  knex: Knex | Knex.Transaction,
  projection: Projection,
  generation: number,
) {
  const tables = generationTables(projection, generation);
  for (const physical of Object.values(tables)) await knex.schema.dropTableIfExists(physical as string);
  await forgetCounts(knex, Object.values(tables) as string[]);
}

/** Row counts kept for tables (projections/src/row-batch.ts) go with the tables. */
async function forgetCounts(knex: Knex | Knex.Transaction, physical: readonly string[]) {
  await knex('read_model_counts')
    .whereIn('physical', [...physical])
    .delete();
}

/**
 * Makes sure the projection has an active generation, and a building one when the code's version
 * differs from the active one's. Safe to run from several processes at once.
 */
export async function ensureGenerations(knex: Knex, projection: Projection): Promise<void> {
  await knex.transaction(async (trx) => {
    await lockProjection(trx, projection.name);
    const rows: GenerationRow[] = await trx(GENERATIONS)
      .where({ name: projection.name })
      .whereNot({ status: 'retired' });
    const active = rows.find((r) => r.status === 'active');
    const building = rows.find((r) => r.status === 'building');
    const next =
      Math.max(0, ...(await trx(GENERATIONS).where({ name: projection.name }).pluck('generation'))) + 1;
    if (!active) {
      if (building) return;
      await createGeneration(trx, projection, next, 'active');
      await pointViewsAt(trx, projection, next);
      await trx(GENERATIONS).insert(row(projection, next, 'active'));
    } else if (active.version !== projection.version && building?.version !== projection.version) {
      if (building) {
        await trx(GENERATIONS)
          .where({ name: projection.name, generation: building.generation })
          .update({ status: 'retired' });
        await dropGeneration(trx, projection, building.generation);
      }
      await createGeneration(trx, projection, next, 'building');
      await trx(GENERATIONS).insert(row(projection, next, 'building'));
    }
    // Event types a projection handles can grow without a new version (a newly declared
    // resource's deletions, which no earlier event can be): readers' waits must know them.
    await trx(GENERATIONS)
      .where({ name: projection.name, version: projection.version })
      .whereNot({ status: 'retired' })
      .update({ handles: [...projection.handles] });
  });
}

/**
 * Starts a rebuild: a new generation from the start of the log, beside the active one. The
 * runner (of this or another process) fills it and switches the views when it has caught up.
 */
export async function requestRebuild(knex: Knex, projection: Projection): Promise<number> {
  return knex.transaction(async (trx) => {
    await lockProjection(trx, projection.name);
    const building: GenerationRow | undefined = await trx(GENERATIONS)
      .where({ name: projection.name, status: 'building' })
      .first();
    if (building) {
      await trx(GENERATIONS)
        .where({ name: projection.name, generation: building.generation })
        .update({ status: 'retired' });
      await dropGeneration(trx, projection, building.generation);
    }
    const next =
      Math.max(0, ...(await trx(GENERATIONS).where({ name: projection.name }).pluck('generation'))) + 1;
    await createGeneration(trx, projection, next, 'building');
    await trx(GENERATIONS).insert(row(projection, next, 'building'));
    return next;
  });
}

function row(projection: Projection, generation: number, status: GenerationRow['status']) {
  return {
    name: projection.name,
    generation,
    version: projection.version,
    status,
    handles: [...projection.handles],
    checkpoint: null,
    indexed: status === 'active',
  };
}
