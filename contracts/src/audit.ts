import { z } from 'zod';
import { AclEventSchemas } from './acl';
import { CommentEventSchemas, DesignEventSchemas, DesignFolderEventSchemas } from './design';
import { EstimationEventSchemas } from './estimation';
import { koreaUtcOffset } from './korea-time';
import { messages } from './messages';
import { NoticeViewEventSchemas } from './notice';
import { ObjectTypeSchema } from './object-types';
import { resourceEventTypes } from './resource';
import { resources } from './resources';
import { PropertyOverrideEventSchemas } from './settings';
import { SnsReservationEventSchemas, SnsUserEventSchemas } from './sns-events';
import { SubscriptionEventSchemas, SubscriptionPlanEventSchemas } from './subscription';
import { SupplierEventSchemas } from './supplier';
import { EmailReservationEventSchemas, SessionEventSchemas, UserEventSchemas } from './user';
import { UserGroupEventSchemas } from './usergroup';
import { idFrom } from './validation';

/** Every event type the platform appends: the audit log records each of them. */
export const allEventTypes: readonly string[] = [
  ...new Set([
    ...[
      AclEventSchemas,
      DesignEventSchemas,
      CommentEventSchemas,
      DesignFolderEventSchemas,
      EstimationEventSchemas,
      NoticeViewEventSchemas,
      PropertyOverrideEventSchemas,
      SnsUserEventSchemas,
      SnsReservationEventSchemas,
      SubscriptionPlanEventSchemas,
      SubscriptionEventSchemas,
      SupplierEventSchemas,
      UserEventSchemas,
      EmailReservationEventSchemas,
      SessionEventSchemas,
      UserGroupEventSchemas,
    ].flatMap((schemas) => Object.keys(schemas)),
    ...resources.flatMap((resource) => Object.values(resourceEventTypes(resource))),
    // The command side's own bookkeeping: a unique value held for a record, the default plans made once.
    'ValueReserved',
    'ValueReleased',
    'DefaultSubscriptionPlansReserved',
  ]),
].sort();

/** One row of `GET /api/audit`, newest first. */
export interface AuditEntry {
  /** The event's place in the global log; also the cursor of the page after it. */
  position: string;
  occurredAt: string;
  type: string;
  objectType: string;
  objectId: number | null;
  /**
   * The event's revision in the record's own stream: what `…/state?revision=` and `…/diff` take.
   * Null for what is not the record's own event (a change of its grants, a stream naming no record).
   */
  revision: number | null;
  actor: { id: number | null; name: string };
  sentence: string;
}

/**
 * A moment of the audit filter. A date alone or a time without an offset is Korea time (the
 * screens' time); `to` given as a date means the whole of that day.
 */
export const koreaMoment = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i, {
      error: message,
    });

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant a filter's moment names, in Korea time unless it says otherwise; null if none. */
export function auditMoment(value: string, end: 'from' | 'to'): Date | null {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const withOffset = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value) && !dateOnly;
  const text = dateOnly
    ? `${value}T00:00:00${koreaUtcOffset}`
    : withOffset
      ? value.replace(' ', 'T')
      : `${value.replace(' ', 'T')}${koreaUtcOffset}`;
  const time = Date.parse(text);
  if (Number.isNaN(time)) return null;
  const year = new Date(time).getUTCFullYear();
  if (year < 1 || year > 9999) return null;
  // A day named as `to` lasts until the next day begins.
  return new Date(dateOnly && end === 'to' ? time + DAY_MS : time);
}

/** `filter` of `GET /api/audit` (and its export). */
export const AuditFilterSchema = z.strictObject(
  {
    actorId: idFrom(0, messages.invalidFilter).optional(),
    objectType: ObjectTypeSchema.optional(),
    objectId: idFrom(0, messages.invalidFilter).optional(),
    type: z.enum(allEventTypes as [string, ...string[]], { error: messages.invalidFilter }).optional(),
    from: koreaMoment(messages.invalidFilter).optional(),
    to: koreaMoment(messages.invalidFilter).optional(),
  },
  { error: messages.invalidFilter },
);
export type AuditFilter = z.output<typeof AuditFilterSchema>;

/** The most rows one page of the audit log holds. */
export const MAX_AUDIT_PAGE = 200;

/** The audit log's read model: one row per event of the log, without its data. */
export const auditLogReadModel = 'audit_log';

const RECORD_STREAM = /^([A-Za-z]+)-(\d{1,10})$/;
const ACL_STREAM = /^Acl-([A-Za-z]+)-(\d{1,10})$/;

/**
 * The record an event belongs to: its stream's type and id (a type of record the grants name, or
 * one of the command side's own such as a subscription); the grants of a record belong to the
 * record. Other streams (reservations of unique values, a whole type's grants) name no record.
 */
export function auditedObject(stream: string): { objectType: string; objectId: number | null; acl: boolean } {
  const acl = ACL_STREAM.exec(stream);
  if (acl) return { objectType: acl[1]!, objectId: Number(acl[2]), acl: true };
  const own = RECORD_STREAM.exec(stream);
  if (own) return { objectType: own[1]!, objectId: Number(own[2]), acl: false };
  return { objectType: stream.replace(/-.*$/, ''), objectId: null, acl: stream.startsWith('Acl-') };
}

/**
 * A position as two numbers in log order. The stores' positions are one number (memory) or two
 * (PostgreSQL's transaction and position, KurrentDB's commit and prepare), compared left to right.
 */
export function logOrder(position: string): [string, string] | null {
  const match = /^(\d{1,20})(?:[:/](\d{1,20}))?$/.exec(position);
  if (!match) return null;
  return match[2] === undefined ? ['0', match[1]!] : [match[1]!, match[2]];
}

/** The columns of the audit log's CSV export, as the workbench names them. */
export const auditCsvHeader = [
  '위치',
  '일시',
  '사용자 번호',
  '사용자',
  '대상',
  '대상 번호',
  '이벤트',
  '내용',
];

/** One row of the audit log's CSV export: time in UTC as the log keeps it, the sentence as shown. */
export const auditCsvRow = (entry: AuditEntry): unknown[] => [
  entry.position,
  entry.occurredAt,
  entry.actor.id,
  entry.actor.name,
  entry.objectType,
  entry.objectId,
  entry.type,
  entry.sentence,
];
