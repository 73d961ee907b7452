import type { EventStore, PiiVault, Position, RecentRows, StoredEvent } from '@interior/platform';
import { IDLE_POLL_MS, Signal } from '@interior/platform';
import type { Knex } from 'knex';
import type { Projection } from './projection';
import { FROM_LOG_PAGE } from './runner/from-log';
import { ensureGenerations, GENERATIONS, type GenerationRow } from './runner/generations';
import { OwnAppends } from './runner/live';
import { runLoop } from './runner/loop';
import { type Logger, type LoopHost, loopState, type ProjectionHealth } from './runner/loop-state';

export { ensureGenerations, lockProjection, requestRebuild } from './runner/generations';
export type { Logger, ProjectionHealth } from './runner/loop-state';

/**
 * Runs projections over the global log (docs/architecture.md "Projections"), one loop per generation
 * of each projection (runner/loop.ts).
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

const silentLogger: Logger = { info() {}, warn() {}, error() {} };

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
  /** This process's latest appends, as the log holds them (EventStore.onAppended). */
  private readonly own: OwnAppends;
  /** What the loops use of this runner (runner/loop-state.ts). */
  private readonly host: LoopHost;
  private rescanTimer: NodeJS.Timeout | undefined;
  private started = false;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.byName = new Map(options.projections.map((p) => [p.name, p]));
    this.logger = options.logger ?? silentLogger;
    this.own = new OwnAppends(options.store);
    this.host = {
      knex: options.knex,
      store: options.store,
      vault: options.vault,
      recentRows: options.recentRows,
      appended: this.appended,
      own: this.own,
      logger: this.logger,
      stopped: this.abort.signal,
      changed: (name) => {
        this.changes.set(name, (this.changes.get(name) ?? 0) + 1);
        options.checkpoints?.fire();
      },
      retired: (name, generation) => {
        const previous = this.loops.get(`${name}:${generation}`);
        if (!previous) return;
        previous.health.status = 'retired';
        previous.stop.abort();
        this.appended.fire();
      },
    };
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const projection of this.options.projections) await ensureGenerations(this.options.knex, projection);
    this.unsubscribe = this.options.store.onAppended(
      (position: Position, events?: readonly StoredEvent[]) => {
        this.own.appended(position, events);
        this.appended.fire();
      },
    );
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
    // Loops that put off reading past appends they ignore (runner/live.ts) read now.
    this.own.otherWakes++;
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
      const state = loopState(this.host, projection, generation, health, stop.signal, this.loopOptions());
      const promise = runLoop(this.host, state)
        .catch((error) => this.logger.error({ err: error, projection: key }, 'projection loop ended'))
        .finally(() => {
          this.loops.delete(key);
          if (!this.abort.signal.aborted) void this.scan().catch(() => {});
        });
      this.loops.set(key, { promise, health, stop });
    }
  }

  private loopOptions() {
    const batchSize = this.options.batchSize ?? 1000;
    return {
      batchSize,
      catchUpBatchSize: Math.max(batchSize, this.options.catchUpBatchSize ?? 10_000),
      fromLogPageSize: this.options.fromLogPageSize ?? FROM_LOG_PAGE,
      pollIntervalMs: this.options.pollIntervalMs ?? IDLE_POLL_MS,
    };
  }
}
