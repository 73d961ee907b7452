import { type Position, pgErrorCode, pgErrorCodes } from '@interior/platform';
import { generationTables, type Projection } from '../projection';
import { forgetRecent } from './catch-up';
import {
  buildKeyIndex,
  dropGeneration,
  GENERATIONS,
  type GenerationRow,
  keyedTable,
  lockProjection,
  pointViewsAt,
  restoreKey,
  roomToSort,
} from './generations';
import type { LoopHost, LoopState } from './loop-state';

/**
 * A building generation that has caught up with the log is finished in three steps, each once:
 * its indexes built, its tables vacuumed, then the readers' views switched to it in one transaction;
 * the generation it replaces is retired and its tables dropped.
 */

/** Indexes of a rebuilt generation built at once (indexGeneration): one per core here. */
const INDEX_BUILDS = 2;

/** PostgreSQL's answer when the index was created meanwhile by another session. */
function isAlreadyCreated(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === pgErrorCodes.uniqueViolation || code === pgErrorCodes.duplicateTable;
}

/**
 * The next step of a building generation with nothing left to read: true when one was taken (or
 * the switch happened), false when there was none to take (the switch found something moved first).
 */
export async function finishStep(host: LoopHost, state: LoopState): Promise<boolean> {
  const { health, projection, generation } = state;
  if (health.status !== 'building') return false;
  if (!state.indexed) {
    const started = performance.now();
    state.indexed = await indexGeneration(host, projection, generation);
    health.indexSeconds = (performance.now() - started) / 1000;
    return true;
  }
  if (health.vacuumSeconds === undefined) {
    // Freshly filled tables have no hint bits and no visibility map: the first reads after the
    // switch would each write the pages they read, and no list could use an index-only scan (a deep
    // page read 350 ms instead of 20 at a million rows). One vacuum now, outside any transaction (it
    // cannot run in one), also gives the planner its statistics.
    const started = performance.now();
    for (const physical of Object.values(state.tables))
      await host.knex.raw('vacuum (analyze) ??', [physical]);
    health.vacuumSeconds = (performance.now() - started) / 1000;
    return true;
  }
  if (await switchTo(host, projection, generation, state.saved)) {
    forgetRecent(host, state);
    health.status = 'active';
    host.changed(projection.name);
    return true;
  }
  return false;
}

/**
 * Gives a caught-up building generation its `afterCreate` indexes, once (the generation's row is
 * locked and marked in the same transaction). True when they exist; false when the generation was
 * retired meanwhile.
 */
async function indexGeneration(host: LoopHost, projection: Projection, generation: number): Promise<boolean> {
  const { knex } = host;
  const where = { name: projection.name, generation };
  if (projection.indexes) {
    const current: Pick<GenerationRow, 'status' | 'indexed'> | undefined = await knex(GENERATIONS)
      .where(where)
      .first('status', 'indexed');
    if (!current || current.status === 'retired') return false;
    if (!current.indexed) {
      // Side by side, each in its own transaction: a crash leaves whole indexes or none of one, and a
      // second try (or another process indexing too) creates only the missing ones.
      const statements = [...(await projection.indexes(knex, generationTables(projection, generation)))];
      // The key of a table filled from the log, beside the other indexes (restoreKey makes it the key).
      if (projection.createsFromLog) {
        statements.push(buildKeyIndex(knex, keyedTable(projection, generation)).toString());
      }
      const lane = async () => {
        for (let sql = statements.shift(); sql !== undefined; sql = statements.shift()) {
          await knex
            .transaction(async (trx) => {
              await roomToSort(trx);
              await trx.raw(sql);
            })
            .catch((error: unknown) => {
              // The same index created by another process at the same moment.
              if (!isAlreadyCreated(error)) throw error;
            });
        }
      };
      await Promise.all(Array.from({ length: INDEX_BUILDS }, lane));
    }
  }
  return knex.transaction(async (trx) => {
    const current: Pick<GenerationRow, 'status' | 'indexed'> | undefined = await trx(GENERATIONS)
      .where(where)
      .forUpdate()
      .first('status', 'indexed');
    if (!current || current.status === 'retired') return false;
    if (current.indexed) return true;
    if (!projection.indexes) {
      await roomToSort(trx);
      await projection.afterCreate?.(trx, generationTables(projection, generation));
    }
    if (projection.createsFromLog) await restoreKey(trx, keyedTable(projection, generation));
    await trx(GENERATIONS).where(where).update({ indexed: true, updated_at: trx.fn.now() });
    host.logger.info({ projection: projection.name, generation }, 'projection generation indexed');
    return true;
  });
}

/** Makes a caught-up building generation the active one; false when something moved first. */
async function switchTo(
  host: LoopHost,
  projection: Projection,
  generation: number,
  checkpoint: Position | null,
): Promise<boolean> {
  const retired = await host.knex.transaction(async (trx) => {
    await lockProjection(trx, projection.name);
    const rows: GenerationRow[] = await trx(GENERATIONS)
      .where({ name: projection.name })
      .whereNot({ status: 'retired' })
      .forUpdate();
    const building = rows.find((r) => r.generation === generation);
    if (building?.status !== 'building' || building.checkpoint !== checkpoint) return null;
    const active = rows.find((r) => r.status === 'active');
    if (active) {
      await trx(GENERATIONS)
        .where({ name: projection.name, generation: active.generation })
        .update({ status: 'retired' });
    }
    await trx(GENERATIONS)
      .where({ name: projection.name, generation })
      .update({ status: 'active', updated_at: trx.fn.now() });
    await pointViewsAt(trx, projection, generation);
    return { previous: active?.generation };
  });
  if (!retired) return false;
  if (retired.previous !== undefined) {
    host.retired(projection.name, retired.previous);
    await dropGeneration(host.knex, projection, retired.previous);
  }
  host.logger.info({ projection: projection.name, generation }, 'projection generation switched');
  return true;
}
