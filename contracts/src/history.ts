import { z } from 'zod';
import type { Ace, SecurityIdentity } from './acl';
import { koreaMoment } from './audit';
import { messages } from './messages';
import type { FieldText } from './record-diff';
import { idFrom } from './validation';

/**
 * An event of a record's or a type's history with its data (secrets redacted), oldest first: what
 * `…/state` and `…/diff` fold, and each change of a whole type's grants (`GET /api/history/{ObjectType}`).
 */
export interface HistoryEntry {
  id: string;
  type: string;
  data: unknown;
  revision: number;
  position: string;
  occurredAt: string;
  /** Who did it, named as every history names people: their name now, "탈퇴한 사용자", or "시스템". */
  actor: { id: number | null; name: string };
  /**
   * A change of grants in a type's history: the name of each user, group and role its grants
   * name (by `identityKey`), as shown to this reader: people as histories name them, never by number.
   */
  names?: Record<string, string>;
  /**
   * A change of grants in a type's history, which is read a page at a time: the fields it
   * replaced as the change before it had left them (`aces`), so each change reads "before → after"
   * on its own, even as the oldest of its page. Absent on the first change.
   */
  before?: Record<string, unknown>;
}

/** Every identity the grant changes of a history name, after them and before them. */
export function grantedIdentities(entries: readonly HistoryEntry[]): SecurityIdentity[] {
  return entries.flatMap((entry) => {
    if (entry.type !== 'AclChanged') return [];
    return [(entry.data as { aces?: unknown } | null)?.aces, entry.before?.aces].flatMap((aces) =>
      Array.isArray(aces) ? (aces as Ace[]).map((a) => a.identity) : [],
    );
  });
}

/** `GET /api/history/{ObjectType}/{id}/state`: as of one revision, or of a moment (Korea time unless it says otherwise). */
export const HistoryStateQuerySchema = z
  .strictObject(
    {
      revision: idFrom(0, messages.invalidValue).optional(),
      at: koreaMoment(messages.invalidValue).optional(),
    },
    { error: messages.invalidValue },
  )
  .refine((query) => (query.revision === undefined) !== (query.at === undefined), {
    error: messages.historyAsOfNeedsOne,
  });

/** `GET /api/history/{ObjectType}/{id}/diff?from=N&to=M`. */
export const HistoryDiffQuerySchema = z.strictObject(
  { from: idFrom(0, messages.invalidValue), to: idFrom(0, messages.invalidValue) },
  { error: messages.invalidValue },
);

/** A record as it was at a revision: the fold of its stream up to there. */
export interface RecordAsOf {
  revision: number;
  occurredAt: string;
  /** The event that made this revision, and that event told as the audit log tells it. */
  type: string;
  sentence: string;
  state: Record<string, unknown>;
  /** The state's fields as the screens show them: Korean names, people and references by name. */
  fields: FieldText[];
}
