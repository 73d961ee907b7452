import { z } from 'zod';
import { koreaMoment } from './audit';
import { messages } from './messages';
import type { FieldText } from './record-diff';
import { idFrom } from './validation';

/** One entry of GET /api/history/{ObjectType}/{id}, oldest first. */
export interface HistoryEntry {
  id: string;
  type: string;
  data: unknown;
  revision: number;
  position: string;
  occurredAt: string;
  /** Who did it, named as every history names people: their name now, "탈퇴한 사용자", or "시스템". */
  actor: { id: number | null; name: string };
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
