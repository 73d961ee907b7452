import type { Position } from '@interior/platform';
import { insertCreationsSql, runEndSql } from '../log-creations';
import { countIfUncounted } from '../row-batch';
import { MOVE_CHECKPOINT, notMoved, READ_MODEL_COMMIT } from './checkpoint';
import type { LoopHost, LoopState, PageFromLog } from './loop-state';

/**
 * A building generation's fill from the log: each page's leading run of creations is made
 * server-side from the log's rows (log-creations.ts), and the page after is made beside it.
 */

/**
 * A run of creations made from the log server-side, the first of a page's two statements: the page
 * after a position (`page`, LogInSql), where its leading run of creations ends (`run_end`), and the
 * run's rows inserted. Then MOVE_RUN moves the checkpoint past the run, in the same transaction.
 */
const fromLogSql = (
  page: string,
  runEnd: string,
  insert: (condition: string) => string,
) => `with page as (${page}),
  run_end as (${runEnd}),
  last as (select n, at from page where n < (select n from run_end) order by n desc limit 1),
  inserted as (${insert('n < (select n from run_end)')})
  select (select at from last) as at, coalesce((select n from last), 0)::int as applied,
    (select count(*) from page)::int as read, (select count(*) from inserted)::int as inserted`;

/**
 * The checkpoint moved past a run made from the log (MOVE_CHECKPOINT), and the table's kept count
 * with it. Bindings: MOVE_CHECKPOINT's, the rows inserted, the physical table.
 */
const MOVE_RUN = `with moved as (${MOVE_CHECKPOINT}),
  counted as (update read_model_counts set rows = rows + ? where physical = ? and exists (select 1 from moved)
    returning 1)
  select (select status from moved) as status, (select count(*) from counted)::int as counted`;

/** Thrown in the transaction of a page from the log whose move found another checkpoint. */
const NOT_MOVED = new Error('checkpoint not moved');

/**
 * Events per page made from the log: the page is kept for the statement's several reads of it, and
 * more than this no longer fits the server's default work_mem (4 MB), which made the page a tenth
 * slower to write out to disk and read back.
 */
export const FROM_LOG_PAGE = 5_000;

/**
 * Pages read and folded by the runner after a page whose run of creations ended early (an event of
 * another kind), before the loop makes a run from the log again: a log of mixed events is then
 * mostly read ahead and folded in pipeline (commitPlanned), not tried page after page.
 */
const FOLDED_PAGES_AFTER_MIXED = 4;

/** Whether the loop's next page is made from the log. */
export const fromLogNext = (state: LoopState) =>
  Boolean(state.creations) &&
  state.health.status === 'building' &&
  state.foldedPages === 0 &&
  !state.logDrained;

/**
 * Makes the leading run of creations of the page after `after` from the log in a transaction of its
 * own (fromLogSql), and moves the checkpoint past it if it is `expected` (MOVE_RUN): null when it was
 * not, and nothing of the page is kept. A page made beside the one `before` it writes its rows while
 * that one does, and moves the checkpoint once that one is over (its end is the checkpoint this one
 * expects). An empty run moves nothing.
 */
function pageFromLog(
  host: LoopHost,
  state: LoopState,
  after: Position | null,
  expected: Position | null,
  before?: Promise<unknown>,
): Promise<PageFromLog | null> {
  const { knex } = host;
  const { log, creations, filled, where } = state;
  return knex
    .transaction(async (trx) => {
      // First: readers of the log need not wait for this transaction (asReadModelWriter), and its
      // commit need not wait for the WAL (see READ_MODEL_COMMIT).
      await trx.raw(READ_MODEL_COMMIT);
      const page = log!.page(after, state.fromLogPageSize);
      const { rows } = await trx.raw<{ rows: PageFromLog[] }>(
        fromLogSql(page.sql, runEndSql(creations!, state.projection.handles, 'page'), (condition) =>
          insertCreationsSql(creations!, filled, 'page', condition),
        ),
        page.bindings,
      );
      const made = rows[0]!;
      if (made.at === null) return { made, counted: 0 };
      await before?.catch(() => {});
      const { rows: moved } = await trx.raw<{ rows: { status: string | null; counted: number }[] }>(
        MOVE_RUN,
        [made.at, where.name, where.generation, expected, made.inserted, filled],
      );
      if (!moved[0]?.status) throw NOT_MOVED;
      return { made, counted: moved[0].counted };
    })
    .then(
      async ({ made, counted }) => {
        if (made.inserted > 0) {
          await countIfUncounted(knex, { table: filled, added: made.inserted }, counted);
        }
        return made;
      },
      (error: unknown) => {
        if (error === NOT_MOVED) return null;
        throw error;
      },
    );
}

/** The last position of the page after `after` when that page is full: where the next one begins. */
async function fullPageEnd(
  host: LoopHost,
  state: LoopState,
  after: Position | null,
): Promise<Position | null> {
  const page = state.log!.page(after, state.fromLogPageSize);
  const { rows } = await host.knex.raw<{ rows: { at: Position; n: string }[] }>(
    `select at, n from (${page.sql}) as page order by n desc limit 1`,
    page.bindings,
  );
  return rows[0] && Number(rows[0].n) === state.fromLogPageSize ? rows[0].at : null;
}

/** Waits for the page made ahead to end, kept or not (after the page before it ended elsewhere). */
async function dropAhead(state: LoopState): Promise<void> {
  const page = state.ahead;
  state.ahead = null;
  await page?.made.catch(() => null);
}

/**
 * Makes the next page's run of creations from the log, with the page after it made beside it.
 * 'made' when the checkpoint moved (by this run or another runner's), 'retired' when the generation
 * was, and 'fold' when the page begins with an event to fold or the log ends here: the loop then
 * reads and folds as usual.
 */
export async function fillFromLog(host: LoopHost, state: LoopState): Promise<'made' | 'retired' | 'fold'> {
  const { health } = state;
  // Tried once per page: when the run fails, the page is folded by the runner (a poison event then
  // stalls the loop with the same error as without runs from the log).
  state.foldedPages = 1;
  const current: Promise<PageFromLog | null> =
    state.ahead && state.ahead.after === health.checkpoint && state.saved === health.checkpoint
      ? state.ahead.made
      : pageFromLog(host, state, health.checkpoint, state.saved);
  state.ahead = null;
  current.catch(() => {});
  const end = await fullPageEnd(host, state, health.checkpoint).catch(() => null);
  if (end) {
    state.ahead = { after: end, made: pageFromLog(host, state, end, end, current) };
    state.ahead.made.catch(() => {});
  }
  const made = await current.catch(async (error: unknown) => {
    await dropAhead(state);
    throw error;
  });
  if (made === null) {
    // Another runner moved the checkpoint (perhaps with the page ahead, which then stays).
    await dropAhead(state);
    const why = await notMoved(host.knex, state);
    if (why.kind === 'retired') return 'retired';
    state.saved = why.checkpoint;
    health.checkpoint = state.saved;
    state.foldedPages = 0;
    return 'made';
  }
  state.logDrained = made.read === 0;
  if (made.applied > 0) {
    state.saved = made.at;
    health.checkpoint = state.saved;
    state.storedAt = Date.now();
    health.error = null;
    state.failures = 0;
    state.behind = made.read === state.fromLogPageSize;
    state.foldedPages = made.applied < made.read ? FOLDED_PAGES_AFTER_MIXED : 0;
    if (state.foldedPages > 0) await dropAhead(state);
    host.changed(state.projection.name);
    return 'made';
  }
  await dropAhead(state);
  state.foldedPages = made.read > 0 ? FOLDED_PAGES_AFTER_MIXED : 0;
  state.behind = made.read > 0;
  return 'fold';
}
