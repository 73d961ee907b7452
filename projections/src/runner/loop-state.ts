import type {
  EventStore,
  LogInSql,
  PiiVault,
  Position,
  RecentRows,
  Signal,
  StoredEvent,
} from '@interior/platform';
import type { Knex } from 'knex';
import type { LogCreations } from '../log-creations';
import { generationTables, type LogReads, type Projection } from '../projection';
import type { RowBatchPlan } from '../row-batch';
import { type GenerationRow, keyedTable } from './generations';
import type { OwnAppends } from './live';

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
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

/** What a generation's loop uses of the runner that started it (ProjectionRunner), shared by its loops. */
export interface LoopHost {
  readonly knex: Knex;
  readonly store: EventStore;
  readonly vault: PiiVault;
  /** Where the rows of live batches go for the answers of this process's commands. */
  readonly recentRows: RecentRows | undefined;
  /** Fired by the appends of this process (and to wake every loop). */
  readonly appended: Signal;
  readonly own: OwnAppends;
  readonly logger: Logger;
  /** Aborted when the runner stops. */
  readonly stopped: AbortSignal;
  /** A batch was applied or a rebuild switched: what was read from the projection may be out of date. */
  changed(name: string): void;
  /** A generation switched away from: its loop here, if any, stops. */
  retired(name: string, generation: number): void;
}

/** A page of the log read ahead of a loop far behind, and its plan once made (commitPlanned). */
export interface PrefetchedPage {
  after: Position | null;
  limit: number;
  read: Promise<StoredEvent[]>;
  plan?: Promise<RowBatchPlan | null> | undefined;
  /** What the page's batch reads of the log (Projection.readFromLog), or null when that failed. */
  logReads?: Promise<LogReads | null>;
}

/** What a page made from the log did (from-log.ts). */
export interface PageFromLog {
  /** The checkpoint after the run; null when the run is empty. */
  at: Position | null;
  /** Events of the run, and of the page. */
  applied: number;
  read: number;
  inserted: number;
}

/**
 * Everything one generation's loop knows and changes as it runs (loop.ts): what it was started with,
 * and where it stands. The parts of the loop (live.ts, catch-up.ts, from-log.ts, finish.ts) read and
 * move this one object.
 */
export interface LoopState {
  readonly projection: Projection;
  readonly generation: number;
  readonly health: ProjectionHealth;
  /** Aborted when this generation is retired here. */
  readonly stop: AbortSignal;
  readonly tables: Readonly<Record<string, string>>;
  readonly handles: ReadonlySet<string>;
  /** The generation's row in projection_generations. */
  readonly where: { name: string; generation: number };
  readonly batchSize: number;
  /** Events per read while the loop is far behind (the previous read came back full). */
  readonly catchUpBatchSize: number;
  readonly fromLogPageSize: number;
  readonly pollIntervalMs: number;
  /** The projection's planBatch, when it plans its batches (catch-up.ts commitPlanned). */
  readonly planBatch: Projection['planBatch'];
  /** Whether a batch of these events (those the projection handles) is planned (Projection.plans). */
  readonly plans: (events: readonly StoredEvent[]) => boolean;
  /**
   * The log in the read models' own database, and the rows this projection's creations make there
   * (log-creations.ts): a building generation fills its runs of creations server-side.
   */
  readonly log: LogInSql | undefined;
  readonly creations: LogCreations | undefined;
  /** The table filled from the log (keyedTable), or '' for a projection that fills none. */
  readonly filled: string;

  /** Whether the previous read came back full: the loop is behind the log. */
  behind: boolean;
  /** When this loop last stored its checkpoint (Date.now()). */
  storedAt: number;
  /** Whether the generation's tables have their indexes (finish.ts). */
  indexed: boolean;
  /** The checkpoint as stored; `health.checkpoint` may be ahead past events this projection ignores. */
  saved: Position | null;
  /** Batches failed in a row: the wait before the next try grows with them. */
  failures: number;
  /** Consecutive empty reads while an append of this process is known to be beyond the checkpoint. */
  hidden: number;
  /** Whether the table filled from the log has its primary key (restoreKey): after a fold here. */
  keyed: boolean;
  /** Pages to fold here before the next run from the log (from-log.ts). */
  foldedPages: number;
  /** A run from the log found the log's end: the few events after it are folded here. */
  logDrained: boolean;
  /**
   * The page after the current one, made from the log beside it: its insert runs while the current
   * one's does, and its move waits for the current one's commit and expects its end.
   */
  ahead: { after: Position; made: Promise<PageFromLog | null> } | null;
  /**
   * The signal's version before the last read, when that read came back short and was handled:
   * the loop had then seen all it could, so it waits for the next append (or the poll) instead of
   * reading again only to find nothing. An append meanwhile moved the version: no wait.
   */
  drainedSince: number | null;
  /**
   * The page after the last full one, read ahead, with its plan once the batch before it was
   * committed (commitPlanned).
   */
  prefetched: PrefetchedPage | null;
  /** The last position of appends of this process this loop failed to apply unread (ownBatch). */
  ownTriedThrough: Position | null;
  /** When this loop last read the log (performance.now()), and the runner's otherWakes then. */
  lastRead: { at: number; otherWakes: number };
  /** The newest append of this process this loop has looked at (ownAppendsIgnored). */
  ownAppendSeen: number;
}

export interface LoopOptions {
  batchSize: number;
  catchUpBatchSize: number;
  fromLogPageSize: number;
  pollIntervalMs: number;
}

/** The state of a loop starting over a generation as its row stands. */
export function loopState(
  host: LoopHost,
  projection: Projection,
  generation: GenerationRow,
  health: ProjectionHealth,
  stop: AbortSignal,
  options: LoopOptions,
): LoopState {
  const log = host.store.logInSql?.knex === host.knex ? host.store.logInSql : undefined;
  return {
    projection,
    generation: generation.generation,
    health,
    stop,
    tables: generationTables(projection, generation.generation),
    handles: new Set(projection.handles),
    where: { name: generation.name, generation: generation.generation },
    ...options,
    planBatch: projection.planBatch?.bind(projection),
    plans: (events) =>
      Boolean(projection.planBatch) && events.length > 0 && (projection.plans?.(events) ?? true),
    log,
    creations: log && projection.createsFromLog,
    filled: projection.createsFromLog ? keyedTable(projection, generation.generation) : '',
    behind: false,
    storedAt: 0,
    indexed: generation.indexed,
    saved: health.checkpoint,
    failures: 0,
    hidden: 0,
    keyed: false,
    foldedPages: 0,
    logDrained: false,
    ahead: null,
    drainedSince: null,
    prefetched: null,
    ownTriedThrough: null,
    lastRead: { at: Number.NEGATIVE_INFINITY, otherWakes: 0 },
    ownAppendSeen: 0,
  };
}

/** The events of `events` the loop's projection handles, in log order. */
export function handledOf(state: LoopState, events: readonly StoredEvent[]): StoredEvent[] {
  return events.filter((event) => state.handles.has(event.type));
}
