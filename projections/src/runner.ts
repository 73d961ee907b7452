import type { EventStore, PiiVault, Position, StoredEvent } from '@interior/platform';
import { Signal } from '@interior/platform';
import type { Knex } from 'knex';
import { generationTables, type Projection } from './projection';

/**
 * Runs projections over the global log (DESIGN.md "Projections").
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
  /** Idle polling when no append of this process wakes the runner. */
  pollIntervalMs?: number;
  batchSize?: number;
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
}

const GENERATIONS = 'projection_generations';
const silentLogger: Logger = { info() {}, warn() {}, error() {} };

const lockProjection = (trx: Knex.Transaction, name: string) =>
  trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`projection:${name}`]);

async function createGeneration(trx: Knex.Transaction, projection: Projection, generation: number) {
  const tables = generationTables(projection, generation);
  for (const [table, define] of Object.entries(projection.tables) as [
    string,
    (t: Knex.CreateTableBuilder) => void,
  ][]) {
    const physical = tables[table]!;
    await trx.schema.dropTableIfExists(physical);
    await trx.schema.createTable(physical, define);
  }
  await projection.afterCreate?.(trx, tables);
}

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
      await createGeneration(trx, projection, next);
      await pointViewsAt(trx, projection, next);
      await trx(GENERATIONS).insert(row(projection, next, 'active'));
    } else if (active.version !== projection.version && building?.version !== projection.version) {
      if (building) {
        await trx(GENERATIONS)
          .where({ name: projection.name, generation: building.generation })
          .update({ status: 'retired' });
        await dropGeneration(trx, projection, building.generation);
      }
      await createGeneration(trx, projection, next);
      await trx(GENERATIONS).insert(row(projection, next, 'building'));
    }
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
    await createGeneration(trx, projection, next);
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
  };
}

export interface ProjectionHealth {
  name: string;
  generation: number;
  status: GenerationRow['status'];
  checkpoint: Position | null;
  error: string | null;
}

export class ProjectionRunner {
  private readonly abort = new AbortController();
  private readonly appended = new Signal();
  private readonly loops = new Map<
    string,
    { promise: Promise<void>; health: ProjectionHealth; stop: AbortController }
  >();
  private readonly byName: Map<string, Projection>;
  private readonly logger: Logger;
  private unsubscribe: (() => void) | undefined;
  /** The newest position this process appended: a reader that has not reached it should look again soon. */
  private lastAppended: Position | null = null;
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
    this.unsubscribe = this.options.store.onAppended((position) => {
      const { store } = this.options;
      if (!this.lastAppended || store.comparePositions(position, this.lastAppended) > 0)
        this.lastAppended = position;
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
    const pollIntervalMs = this.options.pollIntervalMs ?? 100;
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
    const commit = (to: Position, batch: StoredEvent[]) =>
      knex.transaction(async (trx) => {
        const current: Pick<GenerationRow, 'status' | 'checkpoint'> | undefined = await trx(GENERATIONS)
          .where(where)
          .forUpdate()
          .first('status', 'checkpoint');
        if (!current || current.status === 'retired') return { kind: 'retired' as const };
        if (current.checkpoint !== saved) return { kind: 'moved' as const, checkpoint: current.checkpoint };
        for (const event of batch) await projection.apply(trx, event, tables, { vault });
        await trx(GENERATIONS).where(where).update({ checkpoint: to, updated_at: trx.fn.now() });
        return { kind: 'committed' as const, status: current.status };
      });

    while (!this.abort.signal.aborted && !stop.aborted) {
      const since = this.appended.version;
      try {
        const batch: StoredEvent[] = await store.readAll({ after: health.checkpoint, limit: batchSize });
        const relevant = batch.filter((event) => handles.has(event.type));
        if (batch.length > 0 && relevant.length === 0) {
          // Nothing to apply: no transaction per batch; the position is stored when idle.
          health.checkpoint = batch[batch.length - 1]!.position;
          continue;
        }
        const target = batch.length > 0 ? batch[batch.length - 1]!.position : health.checkpoint;
        if (target !== null && (batch.length > 0 || target !== saved)) {
          const outcome = await commit(target, relevant);
          if (outcome.kind === 'retired') return;
          saved = outcome.kind === 'moved' ? outcome.checkpoint : target;
          health.checkpoint = saved;
          if (outcome.kind === 'committed') health.status = outcome.status;
          health.error = null;
          failures = 0;
          if (relevant.length) this.options.checkpoints?.fire();
          continue;
        }
        if (health.status === 'building' && (await this.switchTo(projection, generation.generation, saved))) {
          health.status = 'active';
          this.options.checkpoints?.fire();
          continue;
        }
        // An append of this process not visible yet: another transaction of the cluster holds the
        // snapshot horizon back. Look again soon (2, 4, 8 … ms) rather than after a whole poll
        // interval, so read-your-writes does not wait on the poll.
        const behindOwnAppend =
          this.lastAppended !== null &&
          (health.checkpoint === null || store.comparePositions(this.lastAppended, health.checkpoint) > 0);
        hidden = behindOwnAppend ? hidden + 1 : 0;
        await this.appended.wait(
          since,
          behindOwnAppend ? Math.min(pollIntervalMs, 2 ** hidden) : pollIntervalMs,
        );
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
      // Fresh tables have no planner statistics; without them searches pick poor plans.
      for (const physical of Object.values(generationTables(projection, generation))) {
        await trx.raw('analyze ??', [physical as string]);
      }
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
