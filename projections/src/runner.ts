import type { EventStore, PiiVault, Position, RecentRows, StoredEvent } from '@interior/platform';
import {
  asReadModelWriter,
  IDLE_POLL_MS,
  IDLE_STORE_MS,
  pgErrorCode,
  pgErrorCodes,
  queryPrepared,
  Signal,
} from '@interior/platform';
import type { Knex } from 'knex';
import { insertCreationsSql, runEndSql } from './log-creations';
import { createIndexes, generationTables, type Projection } from './projection';
import { countIfUncounted, type PendingBatch, type RowBatchPlan, writesAsWith } from './row-batch';

/**
 * Runs projections over the global log (docs/architecture.md "Projections").
 *
 * Each generation of each projection has a row in `projection_generations` holding its checkpoint.
 * A batch of events is applied and the checkpoint moved in one transaction that first locks that
 * row and checks the checkpoint is still the one the batch was read after: a crash at any point
 * leaves read model and checkpoint consistent, and two runners of the same projection (two
 * processes) never apply a batch twice.
 *
 * A generation is `active` (readers' views point at its tables) or `building` (a rebuild filling
 * new tables beside the active ones); a building generation that has caught up with the log takes
 * the views over in one transaction, and the old one is retired and its tables dropped.
 */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ProjectionRunnerOptions {
  knex: Knex;
  store: EventStore;
  projections: readonly Projection[];
  vault: PiiVault;
  /** Fired after every committed batch (read your writes in the all-in-one process). */
  checkpoints?: Signal;
  /** Where the rows of live batches go for the answers of this process's commands (RecentRows). */
  recentRows?: RecentRows;
  /** Idle polling when no append of this process wakes the runner. */
  pollIntervalMs?: number;
  batchSize?: number;
  /**
   * Events per read while a loop is far behind (the previous read came back full): a rebuild or a
   * catch-up then applies large batches, each written set-based by projections with `applyBatch`.
   */
  catchUpBatchSize?: number;
  /**
   * Events per page a rebuild makes from the log server-side (log-creations.ts; FROM_LOG_PAGE by
   * default).
   */
  fromLogPageSize?: number;
  /** How often to look for generations created by another process (the rebuild command). */
  rescanIntervalMs?: number;
  logger?: Logger;
}

interface GenerationRow {
  name: string;
  generation: number;
  version: number;
  status: 'building' | 'active' | 'retired';
  handles: string[];
  checkpoint: Position | null;
  /** Whether the tables have their `afterCreate` indexes (a building generation gets them at the end). */
  indexed: boolean;
}

const GENERATIONS = 'projection_generations';
/** Columns of a fused commit's answer beside the rows it wrote (no read model has such a column). */
const STATUS = '__moved_status';
const COUNTED = '__counted';
const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** A page of the log read ahead of a loop far behind, and its plan once made (runner.run). */
interface PrefetchedPage {
  after: Position | null;
  limit: number;
  read: Promise<StoredEvent[]>;
  plan?: Promise<RowBatchPlan | null> | undefined;
}

/** Indexes of a rebuilt generation built at once (runner.indexGeneration): one per core here. */
const INDEX_BUILDS = 2;

/** PostgreSQL's answer when the index was created meanwhile by another session. */
function isAlreadyCreated(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === pgErrorCodes.uniqueViolation || code === pgErrorCodes.duplicateTable;
}

/**
 * Moves a generation's checkpoint (bindings: to, name, generation, from), answering its status: no
 * row when it was retired or its checkpoint is no longer the one the batch was read after (another
 * runner applied it). The read model derives from the log, and a crash that loses the commit loses
 * its checkpoint with it (one transaction): the batch is simply applied again. So the commit need
 * not wait for the WAL flush (synchronous_commit off for this transaction only). The transaction
 * never appends to the log, and says so first (asReadModelWriter): however long its batch takes,
 * readers of the log do not wait for it.
 */
/** The settings of a transaction that writes read models only (below). */
const READ_MODEL_COMMIT = `select set_config('synchronous_commit', 'off', true), ${asReadModelWriter}`;
const moveCheckpoint = (condition?: string) => `update ${GENERATIONS} set checkpoint = ?, updated_at = now()
  from (${READ_MODEL_COMMIT}) as settings
  where name = ? and generation = ? and status <> 'retired' and checkpoint is not distinct from ?${
    condition ? ` and ${condition}` : ''
  }
  returning status`;
const MOVE_CHECKPOINT = moveCheckpoint();

/**
 * Appends of this process kept for the loops to apply without reading them back (runner.run): at
 * most this many, for at most IDLE_STORE_MS (a loop that needs an older one reads the log).
 */
const OWN_APPENDS_KEPT = 16;

/** An append of this process (EventStore.onAppended), numbered in the order the store told them. */
interface OwnAppend {
  seq: number;
  events: readonly StoredEvent[];
  /** When it was kept (performance.now()). */
  at: number;
}

/**
 * A building generation's run of creations made from the log server-side (log-creations.ts), the
 * first of a page's two statements: the page after a position (`page`, LogInSql), where its
 * leading run of creations ends (`run_end`), and the run's rows inserted. Then MOVE_RUN moves the
 * checkpoint past the run, in the same transaction (runner.run, pageFromLog).
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

/** What a page made from the log did (fromLogSql). */
interface PageFromLog {
  /** The checkpoint after the run; null when the run is empty. */
  at: Position | null;
  /** Events of the run, and of the page. */
  applied: number;
  read: number;
  inserted: number;
}

/** Thrown in the transaction of a page from the log whose move found another checkpoint. */
const NOT_MOVED = new Error('checkpoint not moved');

/**
 * Events per page made from the log: the page is kept for the statement's several reads of it, and
 * more than this no longer fits the server's default work_mem (4 MB), which made the page a
 * tenth slower to write out to disk and read back.
 */
const FROM_LOG_PAGE = 5_000;

/**
 * Pages read and folded here after a page whose run of creations ended early (an event of another
 * kind), before the loop makes a run from the log again: a log of mixed events is then mostly read
 * ahead and folded in pipeline (commitPlanned), not tried page after page.
 */
const FOLDED_PAGES_AFTER_MIXED = 4;

export const lockProjection = (trx: Knex.Transaction, name: string) =>
  trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`projection:${name}`]);

/**
 * A building generation's tables get their `afterCreate` indexes (sort and trigram search indexes)
 * only once it has caught up with the log (`indexGeneration`): building such an index over the
 * filled table at once costs a fraction of keeping it up to date row by row through a rebuild.
 */
async function createGeneration(
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
function keyedTable(projection: Projection, generation: number): string {
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
const buildKeyIndex = (knex: Knex | Knex.Transaction, physical: string) =>
  knex.raw('create unique index if not exists ?? on ?? (id)', [keyIndex(physical), physical]);

/**
 * Gives back a table filled without its primary key (dropKey) its key on `id`, unless it has one:
 * its index built at once, then made the key. The caller holds the generation's row (another
 * runner may be restoring it too).
 */
async function restoreKey(trx: Knex.Transaction, physical: string): Promise<void> {
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
const roomToSort = (trx: Knex.Transaction) =>
  trx.raw(`select set_config('maintenance_work_mem', '256MB', true), ${asReadModelWriter}`);

async function pointViewsAt(trx: Knex.Transaction, projection: Projection, generation: number) {
  const tables = generationTables(projection, generation);
  for (const table of Object.keys(projection.tables)) {
    await trx.raw('drop view if exists ??', [table]);
    await trx.raw('create view ?? as select * from ??', [table, tables[table]!]);
  }
}

async function dropGeneration(knex: Knex | Knex.Transaction, projection: Projection, generation: number) {
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

export interface ProjectionHealth {
  name: string;
  generation: number;
  status: GenerationRow['status'];
  checkpoint: Position | null;
  error: string | null;
  /** A building generation, once filled: how long creating its indexes took (seconds). */
  indexSeconds?: number;
  /** Then how long vacuuming its tables took, before the switch (seconds). */
  vacuumSeconds?: number;
}

export class ProjectionRunner {
  private readonly abort = new AbortController();
  private readonly appended = new Signal();
  private readonly loops = new Map<
    string,
    { promise: Promise<void>; health: ProjectionHealth; stop: AbortController }
  >();
  private readonly byName: Map<string, Projection>;
  /** Batches applied and switches, per projection (readModelVersion). */
  private readonly changes = new Map<string, number>();
  private readonly logger: Logger;
  private unsubscribe: (() => void) | undefined;
  /** The newest position this process appended: a reader that has not reached it should look again soon. */
  private lastAppended: Position | null = null;
  /** This process's latest appends, as the log holds them (EventStore.onAppended). */
  private ownAppends: OwnAppend[] = [];
  private ownAppendsSeen = 0;
  /** The event types of the kept appends (ownAppends). */
  private ownTypes: ReadonlySet<string> = new Set();
  /**
   * Wake-ups that may have moved the log by more than this process's kept appends (another
   * process's appends, an append without its events) or that ask every loop to read (caughtUp).
   */
  private otherWakes = 0;
  private rescanTimer: NodeJS.Timeout | undefined;
  private started = false;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.byName = new Map(options.projections.map((p) => [p.name, p]));
    this.logger = options.logger ?? silentLogger;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const projection of this.options.projections) await ensureGenerations(this.options.knex, projection);
    this.unsubscribe = this.options.store.onAppended((position, events) => {
      const { store } = this.options;
      if (!this.lastAppended || store.comparePositions(position, this.lastAppended) > 0)
        this.lastAppended = position;
      if (events) this.keepOwnAppend(events);
      else this.otherWakes++;
      this.appended.fire();
    });
    await this.scan();
    this.rescanTimer = setInterval(() => {
      this.scan().catch((error) => this.logger.warn({ err: error }, 'projection rescan failed'));
    }, this.options.rescanIntervalMs ?? 5_000);
    this.rescanTimer.unref();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    this.appended.fire();
    clearInterval(this.rescanTimer);
    this.unsubscribe?.();
    await Promise.allSettled([...this.loops.values()].map((l) => l.promise));
  }

  /**
   * Changes whenever a batch was applied to, or a rebuild switched, one of the named projections
   * in this process: what was read from their read models before may be out of date.
   */
  readModelVersion(...names: string[]): string {
    return names.map((name) => this.changes.get(name) ?? 0).join(':');
  }

  private changed(name: string): void {
    this.changes.set(name, (this.changes.get(name) ?? 0) + 1);
  }

  /** Keeps an append of this process (ownAppends). */
  private keepOwnAppend(events: readonly StoredEvent[]): void {
    const at = performance.now();
    const kept = this.ownAppends.filter((own) => at - own.at < IDLE_STORE_MS).slice(1 - OWN_APPENDS_KEPT);
    kept.push({ seq: ++this.ownAppendsSeen, events, at });
    this.ownAppends = kept;
    this.ownTypes = new Set(kept.flatMap((own) => own.events.map((event) => event.type)));
  }

  /** This process's kept appends after `after`, in log order. */
  private ownAppendsAfter(after: Position | null): StoredEvent[] {
    const { store } = this.options;
    return this.ownAppends
      .flatMap((own) => own.events)
      .filter((event) => after === null || store.comparePositions(event.position, after) > 0)
      .sort((a, b) => store.comparePositions(a.position, b.position));
  }

  /** This process's kept appends numbered after `seq`. */
  private ownAppendsSince(seq: number): OwnAppend[] {
    const { ownAppends } = this;
    let first = ownAppends.length;
    while (first > 0 && ownAppends[first - 1]!.seq > seq) first--;
    return ownAppends.slice(first);
  }

  health(): ProjectionHealth[] {
    return [...this.loops.values()].map((l) => ({ ...l.health }));
  }

  /**
   * Resolves when every running generation has read the log up to `position`, or up to the head
   * readers can see now. (An event appended a moment ago may not be visible yet while some other
   * transaction of the cluster runs; pass its position to wait for it.)
   */
  async caughtUp(options: { position?: Position | null; timeoutMs?: number } = {}): Promise<void> {
    const head = options.position ?? (await this.options.store.headPosition());
    // Loops that put off reading past appends they ignore (run) read now.
    this.otherWakes++;
    this.appended.fire();
    const deadline = Date.now() + (options.timeoutMs ?? 30_000);
    while (head) {
      const behind = this.health().filter(
        (h) =>
          h.status !== 'retired' &&
          (!h.checkpoint || this.options.store.comparePositions(h.checkpoint, head) < 0),
      );
      if (behind.length === 0) return;
      if (Date.now() > deadline)
        throw new Error(`projections behind the log: ${behind.map((b) => b.name).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Starts a loop for every generation that needs one and has none here yet. */
  private async scan(): Promise<void> {
    if (this.abort.signal.aborted) return;
    const rows: GenerationRow[] = await this.options
      .knex(GENERATIONS)
      .whereIn('name', [...this.byName.keys()])
      .whereNot({ status: 'retired' });
    for (const generation of rows) {
      const key = `${generation.name}:${generation.generation}`;
      const projection = this.byName.get(generation.name);
      if (!projection || this.loops.has(key)) continue;
      if (generation.version !== projection.version && generation.status === 'building') continue;
      const health: ProjectionHealth = {
        name: generation.name,
        generation: generation.generation,
        status: generation.status,
        checkpoint: generation.checkpoint,
        error: null,
      };
      const stop = new AbortController();
      const promise = this.run(projection, generation, health, stop.signal)
        .catch((error) => this.logger.error({ err: error, projection: key }, 'projection loop ended'))
        .finally(() => {
          this.loops.delete(key);
          if (!this.abort.signal.aborted) void this.scan().catch(() => {});
        });
      this.loops.set(key, { promise, health, stop });
    }
  }

  private async run(
    projection: Projection,
    generation: GenerationRow,
    health: ProjectionHealth,
    stop: AbortSignal,
  ): Promise<void> {
    const { knex, store, vault } = this.options;
    const batchSize = this.options.batchSize ?? 1000;
    const catchUpBatchSize = Math.max(batchSize, this.options.catchUpBatchSize ?? 10_000);
    const fromLogPageSize = this.options.fromLogPageSize ?? FROM_LOG_PAGE;
    /** Whether the previous read came back full: the loop is behind the log. */
    let behind = false;
    /** When this loop last stored its checkpoint. */
    let storedAt = 0;
    let indexed = generation.indexed;
    const pollIntervalMs = this.options.pollIntervalMs ?? IDLE_POLL_MS;
    const tables = generationTables(projection, generation.generation);
    const handles = new Set(projection.handles);
    const where = { name: generation.name, generation: generation.generation };
    /** The checkpoint as stored; `health.checkpoint` may be ahead past events this projection ignores. */
    let saved = health.checkpoint;
    let failures = 0;
    /** Consecutive empty reads while an append of this process is known to be beyond the checkpoint. */
    let hidden = 0;

    /**
     * Applies (optionally) and moves the stored checkpoint in one transaction, after checking it is
     * still the one this loop read from: another runner of the same generation may have moved it.
     */
    /** The bindings of MOVE_CHECKPOINT for a batch read after `saved` and ending at `to`. */
    const move = (to: Position) => [to, where.name, where.generation, saved];
    /** Why the checkpoint did not move: the generation was retired, or another runner moved it. */
    const notMoved = async (db: Knex | Knex.Transaction) => {
      const current: Pick<GenerationRow, 'status' | 'checkpoint'> | undefined = await db(GENERATIONS)
        .where(where)
        .first('status', 'checkpoint');
      if (!current || current.status === 'retired') return { kind: 'retired' as const };
      return { kind: 'moved' as const, checkpoint: current.checkpoint };
    };

    /** The view of one of this generation's tables. */
    const viewOf = (physical: string) =>
      Object.keys(tables).find((view) => (tables as Record<string, string>)[view] === physical);
    const { recentRows } = this.options;
    /** Rows of this projection's views that RecentRows may no longer tell right. */
    const forgetRecent = () => {
      for (const view of Object.keys(tables)) recentRows?.forget(view);
    };

    const commit = (to: Position, batch: StoredEvent[]) =>
      knex.transaction(async (trx) => {
        // The checkpoint moves first: the update locks the generation's row, so no batch applies twice.
        const { rows } = await trx.raw<{ rows: Pick<GenerationRow, 'status'>[] }>(MOVE_CHECKPOINT, move(to));
        const moved = rows[0];
        if (!moved) return notMoved(trx);
        if (batch.length > 0) {
          if (projection.applyBatch) await projection.applyBatch(trx, batch, tables, { vault });
          else for (const event of batch) await projection.apply(trx, event, tables, { vault });
        }
        return { kind: 'committed' as const, status: moved.status };
      });

    /**
     * A batch of a projection that plans its writes (Projection.planBatch): the checkpoint's move
     * and the writes in one statement, each write guarded by the move, so they commit together or
     * not at all (no BEGIN, no COMMIT, one round trip after the rows are read). In a catch-up, the
     * batch's plan may have been made while the batch before was written (`plan`), and the plan
     * of the page after it (`pageAfter`) starts once this batch's statement is sent, so that the
     * fold of one page runs while the server writes the other. That plan assumed this batch's
     * writes were this process's: the page keeps it only once this batch is committed here (else
     * it is made again from the rows as they are, not reasoned about).
     */
    const planBatch = projection.planBatch?.bind(projection);
    const commitPlanned = async (
      to: Position,
      batch: StoredEvent[],
      options: {
        plan?: Promise<RowBatchPlan | null>;
        pageAfter?: PrefetchedPage;
        /** A further condition of the checkpoint's move (LogInSql.holdsOnly, for appends not read back). */
        guard?: { sql: string; bindings: Knex.RawBinding[] };
      } = {},
    ) => {
      const plan = await (options.plan ?? planBatch!(knex, batch, tables));
      // The rows written come back with the statement for RecentRows (an active generation's
      // live batches only: a catch-up's would be thousands).
      const returning = Boolean(recentRows) && health.status === 'active' && !options.pageAfter;
      const planned = plan && writesAsWith(plan, 'exists (select 1 from moved)', { returning });
      // One row of the move's status and count, or one per row written (each carrying them too).
      const outcome = `select (select status from moved) as "${STATUS}", ${planned?.counted ?? 'null'} as "${COUNTED}"`;
      // Prepared: a batch's statement has one text per shape of its writes, planned once per connection.
      const statement = queryPrepared<Record<string, unknown>>(
        knex,
        `with moved as (${moveCheckpoint(options.guard?.sql)})${planned?.items.map((item) => `, ${item}`).join('') ?? ''}
         ${planned?.returned ? `select * from (${outcome}) as outcome left join ${planned.returned} on true` : outcome}`,
        [...move(to), ...(options.guard?.bindings ?? []), ...(planned?.bindings ?? [])],
      );
      const pending: PendingBatch = { written: plan?.written ?? new Set(), settled: statement };
      const nextPlan = options.pageAfter?.read.then((page) =>
        planBatch!(
          knex,
          page.filter((event) => handles.has(event.type)),
          tables,
          pending,
        ),
      );
      nextPlan?.catch(() => {});
      const rows = await statement;
      const status = (rows[0]?.[STATUS] ?? null) as GenerationRow['status'] | null;
      if (status === null) return notMoved(knex);
      if (plan) await countIfUncounted(knex, plan, rows[0]?.[COUNTED]);
      if (plan && recentRows && status === 'active') {
        const view = viewOf(plan.table);
        // The statement names every row it changed when its upsert returned them, or when it wrote
        // none (deletions only); else (upserts in several statements) the view's rows are forgotten.
        if (view && (planned?.returned || !plan.writes.some((write) => write.upsert))) {
          const written = rows
            .filter((row) => row.id != null)
            .map(({ [STATUS]: _, [COUNTED]: __, ...row }) => row);
          recentRows.wrote(view, to, written, plan.deleted);
        } else if (view) recentRows.forget(view);
      }
      if (options.pageAfter) options.pageAfter.plan = nextPlan;
      return { kind: 'committed' as const, status };
    };

    /**
     * The log in the read models' own database, and the rows this projection's creations make there
     * (log-creations.ts): a building generation fills its runs of creations server-side.
     */
    const log = store.logInSql?.knex === knex ? store.logInSql : undefined;
    const creations = log && projection.createsFromLog;
    /** Whether the table filled from the log has its primary key (restoreKey): after a fold here. */
    let keyed = false;
    /** Pages to fold here before the next run from the log (FOLDED_PAGES_AFTER_MIXED). */
    let foldedPages = 0;
    /** A run from the log found the log's end: the few events after it are folded here. */
    let logDrained = false;
    const fromLogNext = () =>
      Boolean(creations) && health.status === 'building' && foldedPages === 0 && !logDrained;
    /** The table filled from the log (keyedTable). */
    const filled = projection.createsFromLog ? keyedTable(projection, generation.generation) : '';
    /**
     * Makes the leading run of creations of the page after `after` from the log in a transaction of
     * its own (fromLogSql), and moves the checkpoint past it if it is `expected` (MOVE_RUN): null
     * when it was not, and nothing of the page is kept. A page made beside the one `before` it
     * writes its rows while that one does, and moves the checkpoint once that one is over (its end
     * is the checkpoint this one expects). An empty run moves nothing.
     */
    const pageFromLog = (
      after: Position | null,
      expected: Position | null,
      before?: Promise<unknown>,
    ): Promise<PageFromLog | null> =>
      knex
        .transaction(async (trx) => {
          // First: readers of the log need not wait for this transaction (asReadModelWriter), and its
          // commit need not wait for the WAL (see MOVE_CHECKPOINT).
          await trx.raw(READ_MODEL_COMMIT);
          const page = log!.page(after, fromLogPageSize);
          const { rows } = await trx.raw<{ rows: PageFromLog[] }>(
            fromLogSql(page.sql, runEndSql(creations!, projection.handles, 'page'), (condition) =>
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
    /** The last position of the page after `after` when that page is full: where the next one begins. */
    const fullPageEnd = async (after: Position | null): Promise<Position | null> => {
      const page = log!.page(after, fromLogPageSize);
      const { rows } = await knex.raw<{ rows: { at: Position; n: string }[] }>(
        `select at, n from (${page.sql}) as page order by n desc limit 1`,
        page.bindings,
      );
      return rows[0] && Number(rows[0].n) === fromLogPageSize ? rows[0].at : null;
    };
    /**
     * The page after the current one, made from the log beside it: its insert runs while the current
     * one's does, and its move waits for the current one's commit and expects its end.
     */
    let ahead: { after: Position; made: Promise<PageFromLog | null> } | null = null;
    /** Waits for the page made ahead to end, kept or not (after the page before it ended elsewhere). */
    const dropAhead = async () => {
      const page = ahead;
      ahead = null;
      await page?.made.catch(() => null);
    };

    /**
     * The signal's version before the last read, when that read came back short and was handled:
     * the loop had then seen all it could, so it waits for the next append (or the poll) instead of
     * reading again only to find nothing. An append meanwhile moved the version: no wait.
     */
    let drainedSince: number | null = null;
    /**
     * The page after the last full one, read ahead (see below), with its plan once the batch before
     * it was committed (commitPlanned).
     */
    let prefetched: PrefetchedPage | null = null;
    /** The last position of appends of this process this loop failed to apply unread (ownBatch). */
    let ownTriedThrough: Position | null = null;
    /**
     * The appends of this process after the checkpoint, when this loop may apply them without
     * reading them back (read your writes one round trip sooner): a live loop that plans its
     * batches, on the log of its own database, whose checkpoint's move is then guarded by the log
     * holding only these events after the checkpoint (LogInSql.holdsOnly). When the guard fails (an
     * append of another process, or a transaction before them still open), the loop reads as usual.
     */
    const ownBatch = (): StoredEvent[] | null => {
      if (!log || !planBatch || health.status !== 'active' || behind) return null;
      const events = this.ownAppendsAfter(health.checkpoint);
      const last = events[events.length - 1];
      if (!last || events.length > batchSize || !events.some((event) => handles.has(event.type))) return null;
      if (ownTriedThrough && store.comparePositions(last.position, ownTriedThrough) <= 0) return null;
      return events;
    };
    /** When this loop last read the log, and the runner's otherWakes then. */
    let lastRead = { at: Number.NEGATIVE_INFINITY, otherWakes: 0 };
    /** The newest append of this process this loop has looked at (ownAppendsIgnored). */
    let ownAppendSeen = 0;
    /**
     * Whether appends of this process came since the loop last looked, and its projection ignores
     * every event of them and of the other kept appends: a command waits for the projections that
     * handle any of its events to pass its last append (ProjectionWaiter), which may be one such a
     * projection ignores, after one it handles.
     */
    const ownAppendsIgnored = () => {
      const fresh = this.ownAppendsSince(ownAppendSeen);
      if (fresh.length === 0) return false;
      ownAppendSeen = fresh[fresh.length - 1]!.seq;
      return !projection.handles.some((type) => this.ownTypes.has(type));
    };
    const ownAppendUnseen = () =>
      this.lastAppended !== null &&
      (health.checkpoint === null || store.comparePositions(this.lastAppended, health.checkpoint) > 0);

    while (!this.abort.signal.aborted && !stop.aborted) {
      if (drainedSince !== null) {
        const drained = drainedSince;
        drainedSince = null;
        if (!ownAppendUnseen()) await this.appended.wait(drained, pollIntervalMs);
      }
      const since = this.appended.version;
      try {
        if (fromLogNext()) {
          // Tried once per page: when the run fails, the page is folded here (a poison event then
          // stalls the loop with the same error as without runs from the log).
          foldedPages = 1;
          const current: Promise<PageFromLog | null> =
            ahead && ahead.after === health.checkpoint && saved === health.checkpoint
              ? ahead.made
              : pageFromLog(health.checkpoint, saved);
          ahead = null;
          current.catch(() => {});
          const end = await fullPageEnd(health.checkpoint).catch(() => null);
          if (end) {
            ahead = { after: end, made: pageFromLog(end, end, current) };
            ahead.made.catch(() => {});
          }
          const made = await current.catch(async (error: unknown) => {
            await dropAhead();
            throw error;
          });
          if (made === null) {
            // Another runner moved the checkpoint (perhaps with the page ahead, which then stays).
            await dropAhead();
            const why = await notMoved(knex);
            if (why.kind === 'retired') return;
            saved = why.checkpoint;
            health.checkpoint = saved;
            foldedPages = 0;
            continue;
          }
          logDrained = made.read === 0;
          if (made.applied > 0) {
            saved = made.at;
            health.checkpoint = saved;
            storedAt = Date.now();
            health.error = null;
            failures = 0;
            behind = made.read === fromLogPageSize;
            foldedPages = made.applied < made.read ? FOLDED_PAGES_AFTER_MIXED : 0;
            if (foldedPages > 0) await dropAhead();
            this.changed(projection.name);
            this.options.checkpoints?.fire();
            continue;
          }
          // The page begins with an event to fold, or the log ends here: read and fold as usual.
          await dropAhead();
          foldedPages = made.read > 0 ? FOLDED_PAGES_AFTER_MIXED : 0;
          behind = made.read > 0;
        }
        const limit: number = behind ? catchUpBatchSize : batchSize;
        const next: typeof prefetched =
          prefetched?.after === health.checkpoint && prefetched.limit === limit ? prefetched : null;
        prefetched = null;
        if (!next && health.status === 'active' && ownAppendsIgnored()) {
          // Only appends of this process that this projection ignores are new: it reads past them
          // later, with the next wake-up that may bring more, or a second after its last read.
          // No command waits for it, and an append-heavy moment reads the log once a second here
          // instead of once per append.
          const due = lastRead.at + IDLE_STORE_MS - performance.now();
          if (due > 0 && lastRead.otherWakes === this.otherWakes) {
            await this.appended.wait(since, due);
            continue;
          }
        }
        const own = next ? null : ownBatch();
        if (!own) lastRead = { at: performance.now(), otherWakes: this.otherWakes };
        const guard = own ? log!.holdsOnly(health.checkpoint, own) : undefined;
        const batch: StoredEvent[] =
          own ?? (await (next?.read ?? store.readAll({ after: health.checkpoint, limit })));
        behind = !own && batch.length === limit;
        if (batch.length > 0 && foldedPages > 0) foldedPages--;
        // The page after is read ahead unless the next one is made from the log.
        if (behind && !fromLogNext()) {
          // Far behind (a rebuild, a catch-up): the next page is read while this one is applied.
          const after: Position = batch[batch.length - 1]!.position;
          const read = store.readAll({ after, limit: catchUpBatchSize });
          read.catch(() => {});
          prefetched = { after, limit: catchUpBatchSize, read };
        }
        const relevant = batch.filter((event) => handles.has(event.type));
        if (batch.length > 0 && relevant.length === 0) {
          // Nothing to apply: no transaction per batch; the position is stored when idle.
          health.checkpoint = batch[batch.length - 1]!.position;
          if (!behind && health.status === 'active') drainedSince = since;
          continue;
        }
        const target = batch.length > 0 ? batch[batch.length - 1]!.position : health.checkpoint;
        // Storing the position past ignored events only saves rereading them after a restart: an
        // active loop does it at most once a second, not after every append it ignores.
        const idleStore = batch.length === 0 && target !== saved;
        const storeLater = idleStore && health.status === 'active' && Date.now() - storedAt < IDLE_STORE_MS;
        if (target !== null && (batch.length > 0 || target !== saved) && !storeLater) {
          if (projection.createsFromLog && !keyed && relevant.length > 0) {
            // A page folded here reads and upserts rows by their key (restoreKey): once per loop.
            await knex.transaction(async (trx) => {
              await trx(GENERATIONS).where(where).forUpdate().first('status');
              await restoreKey(trx, filled);
            });
            keyed = true;
          }
          const planned = Boolean(planBatch) && relevant.length > 0;
          // Far behind, the prefetched page is planned while this one is written (commitPlanned).
          const outcome = planned
            ? await commitPlanned(target, relevant, {
                ...(next?.plan ? { plan: next.plan } : {}),
                ...(prefetched ? { pageAfter: prefetched } : {}),
                ...(guard ? { guard } : {}),
              })
            : await commit(target, relevant);
          if (own && outcome.kind !== 'committed') ownTriedThrough = target;
          storedAt = Date.now();
          // Rows this process cannot name changed: a batch applied another way, or by another process.
          if (relevant.length > 0 && (!planned || outcome.kind !== 'committed')) forgetRecent();
          if (outcome.kind === 'retired') return;
          saved = outcome.kind === 'moved' ? outcome.checkpoint : target;
          health.checkpoint = saved;
          if (outcome.kind === 'committed') health.status = outcome.status;
          health.error = null;
          failures = 0;
          // Moved: another process applied the batch; what this process read may be out of date too.
          if (relevant.length) this.changed(projection.name);
          if (relevant.length) this.options.checkpoints?.fire();
          if (outcome.kind === 'committed' && !behind && batch.length > 0 && health.status === 'active')
            drainedSince = since;
          continue;
        }
        if (health.status === 'building' && !indexed) {
          const started = performance.now();
          indexed = await this.indexGeneration(projection, generation.generation);
          health.indexSeconds = (performance.now() - started) / 1000;
          continue;
        }
        if (health.status === 'building' && health.vacuumSeconds === undefined) {
          // Freshly filled tables have no hint bits and no visibility map: the first reads after the
          // switch would each write the pages they read, and no list could use an index-only scan
          // (a deep page read 350 ms instead of 20 at a million rows). One vacuum now, outside any
          // transaction (it cannot run in one), also gives the planner its statistics.
          const started = performance.now();
          for (const physical of Object.values(tables)) await knex.raw('vacuum (analyze) ??', [physical]);
          health.vacuumSeconds = (performance.now() - started) / 1000;
          continue;
        }
        if (health.status === 'building' && (await this.switchTo(projection, generation.generation, saved))) {
          forgetRecent();
          health.status = 'active';
          this.changed(projection.name);
          this.options.checkpoints?.fire();
          continue;
        }
        // An append of this process not visible yet: another transaction of the cluster holds the
        // snapshot horizon back (on a shared server, often only for a millisecond or two). Look again
        // soon (1, 2, 3 … ms; the loops of this process share the read) rather than after a whole
        // poll interval, so read-your-writes does not wait on the poll.
        const behindOwnAppend = ownAppendUnseen();
        hidden = behindOwnAppend ? hidden + 1 : 0;
        await this.appended.wait(since, behindOwnAppend ? Math.min(pollIntervalMs, hidden) : pollIntervalMs);
      } catch (error) {
        // A failing batch rolled back whole; try again later (a poison event stalls only this
        // projection, and health shows why).
        failures++;
        health.error = error instanceof Error ? error.message : String(error);
        this.logger.error(
          { err: error, projection: projection.name, generation: generation.generation },
          'projection batch failed',
        );
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(30_000, 200 * 2 ** Math.min(failures, 8))),
        );
      }
    }
  }

  /**
   * Gives a caught-up building generation its `afterCreate` indexes, once (the generation's row is
   * locked and marked in the same transaction). True when they exist; false when the generation was
   * retired meanwhile.
   */
  private async indexGeneration(projection: Projection, generation: number): Promise<boolean> {
    if (projection.indexes) {
      const { knex } = this.options;
      const where = { name: projection.name, generation };
      const current: Pick<GenerationRow, 'status' | 'indexed'> | undefined = await knex(GENERATIONS)
        .where(where)
        .first('status', 'indexed');
      if (!current || current.status === 'retired') return false;
      if (!current.indexed) {
        // Side by side, each in its own transaction: a crash leaves whole indexes or none of one,
        // and a second try (or another process indexing too) creates only the missing ones.
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
    return this.options.knex.transaction(async (trx) => {
      const where = { name: projection.name, generation };
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
      this.logger.info({ projection: projection.name, generation }, 'projection generation indexed');
      return true;
    });
  }

  /** Makes a caught-up building generation the active one; false when something moved first. */
  private async switchTo(
    projection: Projection,
    generation: number,
    checkpoint: Position | null,
  ): Promise<boolean> {
    const retired = await this.options.knex.transaction(async (trx) => {
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
      const previous = this.loops.get(`${projection.name}:${retired.previous}`);
      if (previous) {
        previous.health.status = 'retired';
        previous.stop.abort();
        this.appended.fire();
      }
      await dropGeneration(this.options.knex, projection, retired.previous);
    }
    this.logger.info({ projection: projection.name, generation }, 'projection generation switched');
    return true;
  }
}
