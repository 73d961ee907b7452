import { type Position, queryPrepared, type ReadAllOptions, type StoredEvent } from '@interior/platform';
import type { Knex } from 'knex';
import { fieldsLeftOutOfSlimPages, type LogReads } from '../projection';
import { countIfUncounted, type PendingBatch, type RowBatchPlan, writesAsWith } from '../row-batch';
import { MOVE_CHECKPOINT, moveBindings, moveCheckpoint, notMoved, type Outcome } from './checkpoint';
import type { GenerationRow } from './generations';
import { handledOf, type LoopHost, type LoopState, type PrefetchedPage } from './loop-state';

/**
 * Committing a batch, and the catch-up's read-ahead: while a loop is far behind (its previous read
 * came back full), the next page is read while this one is applied, and planned while this one is
 * written.
 */

/** Columns of a fused commit's answer beside the rows it wrote (no read model has such a column). */
const STATUS = '__moved_status';
const COUNTED = '__counted';

/** Rows of this projection's views that RecentRows may no longer tell right. */
export function forgetRecent(host: LoopHost, state: LoopState): void {
  for (const view of Object.keys(state.tables)) host.recentRows?.forget(view);
}

/** The view of one of this generation's tables. */
const viewOf = (state: LoopState, physical: string) =>
  Object.keys(state.tables).find((view) => state.tables[view] === physical);

/**
 * Applies the batch and moves the stored checkpoint in one transaction, after checking it is still
 * the one this loop read from: another runner of the same generation may have moved it.
 */
export async function commit(
  host: LoopHost,
  state: LoopState,
  to: Position,
  batch: StoredEvent[],
  logReads?: Promise<LogReads | null>,
): Promise<Outcome> {
  const { projection, tables } = state;
  // Awaited before the transaction begins, so that no connection is held while it is read.
  const readAhead = await logReads;
  const context = {
    vault: host.vault,
    ...(state.log ? { log: state.log } : {}),
    ...(readAhead ? { readAhead } : {}),
  };
  return host.knex.transaction(async (trx): Promise<Outcome> => {
    // The checkpoint moves first: the update locks the generation's row, so no batch applies twice.
    const { rows } = await trx.raw<{ rows: Pick<GenerationRow, 'status'>[] }>(
      MOVE_CHECKPOINT,
      moveBindings(state, to),
    );
    const moved = rows[0];
    if (!moved) return notMoved(trx, state);
    if (batch.length > 0) {
      if (projection.applyBatch) await projection.applyBatch(trx, batch, tables, context);
      else for (const event of batch) await projection.apply(trx, event, tables, context);
    }
    return { kind: 'committed', status: moved.status };
  });
}

/**
 * A batch of a projection that plans its writes (Projection.planBatch): the checkpoint's move and
 * the writes in one statement, each write guarded by the move, so they commit together or not at
 * all (no BEGIN, no COMMIT, one round trip after the rows are read). In a catch-up, the batch's plan
 * may have been made while the batch before was written (`plan`), and the plan of the page after it
 * (`pageAfter`) starts once this batch's statement is sent, so that the fold of one page runs while
 * the server writes the other. That plan assumed this batch's writes were this process's: the page
 * keeps it only once this batch is committed here (else it is made again from the rows as they are,
 * not reasoned about).
 */
export async function commitPlanned(
  host: LoopHost,
  state: LoopState,
  to: Position,
  batch: StoredEvent[],
  options: {
    plan?: Promise<RowBatchPlan | null>;
    pageAfter?: PrefetchedPage;
    /** A further condition of the checkpoint's move (LogInSql.holdsOnly, for appends not read back). */
    guard?: { sql: string; bindings: Knex.RawBinding[] };
  } = {},
): Promise<Outcome> {
  const { knex, recentRows } = host;
  const { tables } = state;
  const planBatch = state.planBatch!;
  const plan = await (options.plan ?? planBatch(knex, batch, tables));
  // The rows written come back with the statement for RecentRows (an active generation's live
  // batches only: a catch-up's would be thousands).
  const returning = Boolean(recentRows) && state.health.status === 'active' && !options.pageAfter;
  const planned = plan && writesAsWith(plan, 'exists (select 1 from moved)', { returning });
  // One row of the move's status and count, or one per row written (each carrying them too).
  const outcome = `select (select status from moved) as "${STATUS}", ${planned?.counted ?? 'null'} as "${COUNTED}"`;
  // Prepared: a batch's statement has one text per shape of its writes, planned once per connection.
  const statement = queryPrepared<Record<string, unknown>>(
    knex,
    `with moved as (${moveCheckpoint(options.guard?.sql)})${planned?.items.map((item) => `, ${item}`).join('') ?? ''}
     ${planned?.returned ? `select * from (${outcome}) as outcome left join ${planned.returned} on true` : outcome}`,
    [...moveBindings(state, to), ...(options.guard?.bindings ?? []), ...(planned?.bindings ?? [])],
  );
  const pending: PendingBatch = { written: plan?.written ?? new Set(), settled: statement };
  // A page the projection does not plan is applied in a transaction (runner/loop.ts): no plan.
  const nextPlan = options.pageAfter?.read.then((page) => {
    const relevant = handledOf(state, page);
    return state.plans(relevant) ? planBatch(knex, relevant, tables, pending) : null;
  });
  nextPlan?.catch(() => {});
  const rows = await statement;
  const status = (rows[0]?.[STATUS] ?? null) as GenerationRow['status'] | null;
  if (status === null) return notMoved(knex, state);
  if (plan) await countIfUncounted(knex, plan, rows[0]?.[COUNTED]);
  if (plan && recentRows && status === 'active') {
    const view = viewOf(state, plan.table);
    // The statement names every row it changed when its upsert returned them, or when it wrote none
    // (deletions only); else (upserts in several statements) the view's rows are forgotten.
    if (view && (planned?.returned || !plan.writes.some((write) => write.upsert))) {
      const written = rows
        .filter((row) => row.id != null)
        .map(({ [STATUS]: _, [COUNTED]: __, ...row }) => row);
      recentRows.wrote(view, to, written, plan.deleted);
    } else if (view) recentRows.forget(view);
  }
  if (options.pageAfter) options.pageAfter.plan = nextPlan;
  return { kind: 'committed', status };
}

/** The prefetched page when it is the one the loop reads next (after its checkpoint, `limit` long). */
export function takePrefetched(state: LoopState, limit: number): PrefetchedPage | null {
  const next =
    state.prefetched?.after === state.health.checkpoint && state.prefetched.limit === limit
      ? state.prefetched
      : null;
  state.prefetched = null;
  return next;
}

/**
 * A page of the log for the loop. Far behind, without the fields its projection takes from the log
 * in SQL and those it ignores, when the log is in the read models' database: a rebuild of the
 * designs then neither receives nor parses the documents, which its statements copy from the log,
 * nor the saves' deltas. Live batches are read whole: every other loop reads the same page then,
 * and shares the one read (readAll).
 */
export function readPage(host: LoopHost, state: LoopState, options: ReadAllOptions): Promise<StoredEvent[]> {
  const fields = state.log && state.behind ? fieldsLeftOutOfSlimPages(state.projection) : [];
  return fields.length && host.store.readAllWithout
    ? host.store.readAllWithout(options, fields)
    : host.store.readAll(options);
}

/** Far behind (a rebuild, a catch-up): the page after `batch` is read while this one is applied. */
export function readAhead(host: LoopHost, state: LoopState, batch: readonly StoredEvent[]): void {
  const after: Position = batch[batch.length - 1]!.position;
  const read = readPage(host, state, { after, limit: state.catchUpBatchSize });
  read.catch(() => {});
  const { projection, log } = state;
  // What that page's batch will read of the log, read as soon as the page is here: while this
  // batch is applied, not inside the next one's transaction. A failure only leaves it to the batch.
  const logReads =
    projection.readFromLog && log
      ? read.then((page) => projection.readFromLog!(host.knex, handledOf(state, page), log)).catch(() => null)
      : undefined;
  state.prefetched = { after, limit: state.catchUpBatchSize, read, ...(logReads ? { logReads } : {}) };
}
