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

/** Fields of the API's `User` record (SPEC §3), as columns of the users read model. */
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

/** SPEC §3 UserDetail of one user: the record, agreements and linked SNS accounts. */
export async function readUserDetail(knex: Knex, id: number): Promise<UserDetail | undefined> {
  const row = await knex(readModels.users)
    .where({ id })
    .first([...userRecordColumns, 'consents', 'snsAccounts']);
  if (!row) return undefined;
  const { consents, snsAccounts, ...user } = row;
  return { user, agreements: currentAgreements(consents), snsAccounts };
}

/** SPEC Agreement entries from the consent log: the latest answer per code. */
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
 * Read your writes (DESIGN.md "Commands"): a command answers only once every active projection
 * that handles the event types it appended has moved its checkpoint to the append's position.
 * In the all-in-one process the projection runner fires `checkpoints` after each batch; separate
 * processes poll.
 */
export class ProjectionWaiter {
  /** One read of the checkpoints shared by every request waiting at the same moment. */
  private snapshot: { version: number; at: number; rows: Promise<ActiveGeneration[]> } | null = null;

  constructor(
    private readonly knex: Knex,
    private readonly comparePositions: (a: Position, b: Position) => number,
    private readonly checkpoints?: Signal,
    private readonly pollIntervalMs = 25,
  ) {}

  /** True once caught up; false when `timeoutMs` passed first. */
  async waitFor(position: Position, eventTypes: readonly string[], timeoutMs = 5_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const since = this.checkpoints?.version ?? 0;
      if (await this.caughtUp(position, eventTypes)) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      const pause = Math.min(left, this.pollIntervalMs);
      if (this.checkpoints) await this.checkpoints.wait(since, pause);
      else await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  private async caughtUp(position: Position, eventTypes: readonly string[]): Promise<boolean> {
    const rows = await this.activeGenerations();
    return rows
      .filter((r) => r.handles.some((type) => eventTypes.includes(type)))
      .every((r) => r.checkpoint !== null && this.comparePositions(r.checkpoint, position) >= 0);
  }

  /**
   * The active generations' checkpoints, read again only when a batch was applied since (the
   * signal moved) or, without an in-process signal, when the last read is a poll interval old.
   * A stale read only makes a waiter wait longer, never answer early.
   */
  private activeGenerations(): Promise<ActiveGeneration[]> {
    const version = this.checkpoints?.version ?? -1;
    const current = this.snapshot;
    if (current && current.version === version && Date.now() - current.at < this.pollIntervalMs)
      return current.rows;
    const rows: Promise<ActiveGeneration[]> = this.knex('projection_generations')
      .where({ status: 'active' })
      .select('handles', 'checkpoint');
    const snapshot = { version, at: Date.now(), rows };
    this.snapshot = snapshot;
    rows.catch(() => {
      if (this.snapshot === snapshot) this.snapshot = null;
    });
    return rows;
  }
}

interface ActiveGeneration {
  handles: string[];
  checkpoint: Position | null;
}
