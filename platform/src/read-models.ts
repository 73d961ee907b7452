import type { Agreement, Consent, UserDetail } from '@interior/contracts';
import type { Knex } from 'knex';
import type { Position } from './eventstore/port';
import type { Signal } from './signal';

/**
 * Names of the read-model views the projections maintain (projections/src) and the services read.
 * Each is a view over the projection's active generation of tables, so a rebuild can switch.
 * Column names are the API's field names.
 */
export const readModels = {
  usergroups: 'usergroups',
  users: 'users',
  businessProfiles: 'business_profiles',
  userSessions: 'user_sessions',
  aclEntries: 'acl_entries',
} as const;

/** Fields of the API's `User` record, as columns of the users read model. */
export const userRecordColumns = [
  'id',
  'name',
  'email',
  'mobile',
  'roles',
  'status',
  'marketingAgreed',
  'registered',
  'lastConnected',
  'accountType',
  'business',
  'erpId',
  'bpCode',
  'image',
  'groups',
  'version',
] as const;

/** The detail of one user as the API answers it: the record, agreements and linked SNS accounts. */
export async function readUserDetail(knex: Knex, id: number): Promise<UserDetail | undefined> {
  const row = await knex(readModels.users)
    .where({ id })
    .first([...userRecordColumns, 'consents', 'snsAccounts']);
  if (!row) return undefined;
  const { consents, snsAccounts, ...user } = row;
  return { user, agreements: currentAgreements(consents), snsAccounts };
}

/** A user's agreements from the consent log: the latest answer per code. */
function currentAgreements(consents: Consent[]): Agreement[] {
  const latest = new Map<Agreement['code'], boolean>();
  for (const consent of consents) latest.set(consent.code, consent.agreed);
  return [...latest].map(([code, agreed]) => ({ code, agreed }));
}

/** One record of a read model by id, or undefined. */
export async function readRecord<T>(knex: Knex, view: string, id: number, columns?: readonly string[]) {
  return (await knex(view)
    .where({ id })
    .first(columns ? [...columns] : '*')) as T | undefined;
}

/**
 * The rows an in-process projection runner's last commits wrote to a view's active table, as its
 * commit statement returned them (`returning *`: the types a read of the view gives), each with the
 * log position that commit moved to. A command's answer takes its record from here when the row is
 * at least as new as the command's event, instead of reading the view again: one round trip of each
 * write (docs/architecture.md "Commands"). A row missing or older is read from the view as before.
 *
 * A row another process changed later may be older here than in the view: the answer is then the
 * record as it was just after this command, never before it. The runner forgets a view's rows
 * whenever it cannot say which rows a commit changed (a batch applied another way, or moved by
 * another process) and at a switch of generations.
 */
export class RecentRows {
  private readonly views = new Map<string, Map<number, { row: Record<string, unknown>; at: Position }>>();

  constructor(
    private readonly comparePositions: (a: Position, b: Position) => number,
    /**
     * Rows kept per view, the least recently written dropped first: an answer takes its row a moment
     * after the commit, so a few hundred cover many concurrent writers, and a record of large JSON
     * fields is not kept by the thousand.
     */
    private readonly perView = 256,
  ) {}

  /** Rows a commit that moved the checkpoint to `at` wrote (and ids it deleted). */
  wrote(
    view: string,
    at: Position,
    rows: readonly Record<string, unknown>[],
    deleted: readonly number[],
  ): void {
    let kept = this.views.get(view);
    if (!kept) {
      kept = new Map();
      this.views.set(view, kept);
    }
    for (const id of deleted) kept.delete(id);
    for (const row of rows) {
      const id = Number(row.id);
      kept.delete(id);
      kept.set(id, { row, at });
    }
    for (const id of kept.keys()) {
      if (kept.size <= this.perView) break;
      kept.delete(id);
    }
  }

  forget(view: string): void {
    this.views.delete(view);
  }

  /** A copy of the row of `id` when one written at `since` or later is kept, else undefined. */
  get<T>(view: string, id: number, since: Position): T | undefined {
    const kept = this.views.get(view)?.get(id);
    if (!kept || this.comparePositions(kept.at, since) < 0) return undefined;
    return { ...kept.row } as T;
  }
}

/**
 * What an in-process projection runner knows of its loops: a checkpoint it reports has been
 * committed (or passes only events its projection ignores).
 */
export interface LocalCheckpoint {
  name: string;
  generation: number;
  status: string;
  checkpoint: Position | null;
}

/**
 * Read your writes (docs/architecture.md "Commands"): a command answers only once every active projection
 * that handles the event types it appended has moved its checkpoint to the append's position.
 * In the all-in-one process the projection runner fires `checkpoints` after each batch and its
 * loops' checkpoints are read in memory (`useLocalCheckpoints`), so a wait ends when the runner
 * commits, without a query. A service without the runner reads the stored checkpoints when the
 * projections' process says a batch committed (`checkpoints` shared, db/channel.ts), and every poll
 * interval besides.
 */
export class ProjectionWaiter {
  /** One read of the checkpoints shared by every request waiting at the same moment. */
  private snapshot: {
    version: number;
    at: number;
    rows: Promise<ActiveGeneration[]>;
    settled: ActiveGeneration[] | null;
  } | null = null;
  private local: (() => readonly LocalCheckpoint[]) | null = null;
  /** Rows the projection runner of this process just wrote (filled only where one runs here). */
  readonly recent: RecentRows;

  constructor(
    private readonly knex: Knex,
    private readonly comparePositions: (a: Position, b: Position) => number,
    private readonly checkpoints?: Signal,
    private readonly pollIntervalMs = 25,
    /** With local checkpoints, how long the list of active generations is reused. */
    private readonly generationsMaxAgeMs = 1_000,
  ) {
    this.recent = new RecentRows(comparePositions);
  }

  /**
   * The record `id` of `view` as of `position` or later, once waitFor(position) returned true: from
   * the rows this process's runner just wrote when it holds it, else read from the view.
   */
  async recordAfter<T>(view: string, id: number, position: Position | null): Promise<T | undefined> {
    const recent = position === null ? undefined : this.recent.get<T>(view, id, position);
    return recent ?? readRecord<T>(this.knex, view, id);
  }

  /** The checkpoints of a projection runner in this process (which fires `checkpoints`). */
  useLocalCheckpoints(source: () => readonly LocalCheckpoint[]): void {
    this.local = source;
  }

  /** True once caught up; false when `timeoutMs` passed first. */
  async waitFor(position: Position, eventTypes: readonly string[], timeoutMs = 5_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    let fresh = false;
    for (;;) {
      const since = this.checkpoints?.version ?? 0;
      if (await this.caughtUp(position, eventTypes, fresh)) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      const pause = Math.min(left, this.pollIntervalMs);
      if (this.checkpoints) await this.checkpoints.wait(since, pause);
      else await new Promise((resolve) => setTimeout(resolve, pause));
      // A pause that ended without a batch of this process: another process may have moved the
      // checkpoints, or switched generations. Read them from the database.
      fresh = this.checkpoints?.version === since;
    }
  }

  private async caughtUp(
    position: Position,
    eventTypes: readonly string[],
    fresh: boolean,
  ): Promise<boolean> {
    const local = this.local?.() ?? [];
    const relevant = (await this.activeGenerations(local, fresh)).filter((r) =>
      r.handles.some((type) => eventTypes.includes(type)),
    );
    return relevant.every((r) => {
      const mine = local.find((l) => l.name === r.name && l.generation === r.generation);
      return [r.checkpoint, mine?.checkpoint ?? null].some(
        (checkpoint) => checkpoint !== null && this.comparePositions(checkpoint, position) >= 0,
      );
    });
  }

  /**
   * The active generations and their stored checkpoints. Without local checkpoints they are read
   * again only when a batch was applied since (the signal moved) or the last read is a poll
   * interval old. With them, the stored checkpoints matter only for generations no loop of this
   * process runs, so the list is reused for `generationsMaxAgeMs` unless a loop it names is no
   * longer active here (a switch) or `fresh` asks for a new read. A stale read only makes a waiter
   * wait longer, never answer early.
   */
  private activeGenerations(local: readonly LocalCheckpoint[], fresh: boolean): Promise<ActiveGeneration[]> {
    const version = this.checkpoints?.version ?? -1;
    const current = this.snapshot;
    if (current && !fresh) {
      const age = Date.now() - current.at;
      if (this.local) {
        if (age < this.generationsMaxAgeMs && this.namesActiveLoops(current, local)) return current.rows;
      } else if (current.version === version && age < this.pollIntervalMs) return current.rows;
    }
    // A real promise: a knex builder is only thenable, and runs its query again on every await.
    const rows: Promise<ActiveGeneration[]> = this.knex('projection_generations')
      .where({ status: 'active' })
      .select('name', 'generation', 'handles', 'checkpoint')
      .then((found: ActiveGeneration[]) => found);
    const snapshot = { version, at: Date.now(), rows, settled: null as ActiveGeneration[] | null };
    this.snapshot = snapshot;
    rows.then(
      (settled) => {
        snapshot.settled = settled;
      },
      () => {
        if (this.snapshot === snapshot) this.snapshot = null;
      },
    );
    return rows;
  }

  /** Whether every generation of the snapshot that a loop of this process runs is still active here. */
  private namesActiveLoops(
    snapshot: { settled?: ActiveGeneration[] | null },
    local: readonly LocalCheckpoint[],
  ): boolean {
    if (!snapshot.settled) return true;
    return snapshot.settled.every((r) => {
      const mine = local.find((l) => l.name === r.name && l.generation === r.generation);
      return !mine || mine.status === 'active';
    });
  }
}

interface ActiveGeneration {
  name: string;
  generation: number;
  handles: string[];
  checkpoint: Position | null;
}
