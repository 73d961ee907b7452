import {
  type AuditEntry,
  type AuditFilter,
  AuditFilterSchema,
  auditedObject,
  auditLogReadModel,
  auditMoment,
  auditSentence,
  logOrder,
  MAX_AUDIT_PAGE,
  messages,
  type ObjectType,
  objectTypes,
} from '@interior/contracts';
import { badRequest, type Principal, parseInput, parseJsonParam, parseRangeParam } from '@interior/platform';
import type { FastifyReply } from 'fastify';
import type { Knex } from 'knex';
import type { QueryServiceDeps } from '../deps';
import { personNames } from '../people';
import { readableRecords } from '../record-access';
import { designSaveActions, saveKey } from './design-saves';
import { recordKey, recordNames } from './record-names';

/**
 * Pages of the audit log's rows, newest first, each told as one sentence: the audit log reads them
 * for any filter (`GET /api/audit`), a record's 이력 for that record alone (`…/history/{type}/{id}/log`).
 */

export interface AuditRow {
  logMajor: string;
  logMinor: string;
  position: string;
  occurredAt: Date;
  type: string;
  objectType: string;
  objectId: number | null;
  revision: number;
  acl: boolean;
  actorId: number | null;
}

const recordTypes = new Set<string>(objectTypes);

/** Rows read at a time while a page is being filled with rows the reader may see. */
const SCAN_CHUNK = 200;
/** A reader who may see few of the rows gets a shorter page (and the cursor) after this many. */
const SCAN_LIMIT = 5000;

/**
 * `sort`: the log has one order, newest first, so only that is accepted (by position or time, which
 * agree); anything else is refused as every list refuses a sort it cannot give.
 */
function checkSort(value: unknown): void {
  if (value === undefined) return;
  const sort = parseJsonParam(value, messages.invalidSort);
  if (!Array.isArray(sort) || sort.length !== 2 || typeof sort[0] !== 'string' || typeof sort[1] !== 'string')
    throw badRequest(messages.invalidSort);
  const [field, order] = sort as [string, string];
  if (field !== 'position' && field !== 'occurredAt') throw badRequest(messages.unknownSortField(field));
  if (order.toUpperCase() !== 'DESC') throw badRequest(messages.invalidSort);
}

/** `range=[a,b]`: the page's size, and where it starts (only the first page starts anywhere but after). */
function parseRange(value: unknown, hasCursor: boolean): { start: number; size: number } {
  const { start, end } = parseRangeParam(value, MAX_AUDIT_PAGE) ?? { start: 0, end: 24 };
  // A page past the first is found by the position it follows, never by counting rows to skip.
  if (start > 0 && !hasCursor) throw badRequest(messages.auditPageNeedsCursor);
  return { start, size: end - start + 1 };
}

/**
 * What a page's rows answer: the audit filter (its times as instants), and for a route that pages
 * one stream that names no record (a whole type's grants) that stream.
 */
export interface LogFilter {
  filter: AuditFilter;
  from: Date | null;
  to: Date | null;
  stream?: string;
}

export function parseFilter(value: unknown): LogFilter {
  const filter = parseInput(AuditFilterSchema, parseJsonParam(value, messages.invalidFilter) ?? {});
  const from = filter.from === undefined ? null : auditMoment(filter.from, 'from');
  const to = filter.to === undefined ? null : auditMoment(filter.to, 'to');
  if ((filter.from !== undefined && !from) || (filter.to !== undefined && !to)) {
    throw badRequest(messages.invalidFilter);
  }
  return { filter, from, to };
}

type Cursor = [string, string];

/** Where a filter's rows can lie in the log: from `first` to `last` (either open), or nowhere. */
type LogSpan = { first: Cursor | null; last: Cursor | null } | 'empty';

/** Whether `a` comes before `b` in log order. */
const before = (a: Cursor, b: Cursor) =>
  BigInt(a[0]) < BigInt(b[0]) || (BigInt(a[0]) === BigInt(b[0]) && BigInt(a[1]) < BigInt(b[1]));

const cursorOf = (row: { logMajor: string; logMinor: string } | undefined): Cursor | undefined =>
  row && [String(row.logMajor), String(row.logMinor)];

/**
 * The span of the log a time window's rows lie in, read by probes of the log's clock (the latest
 * stamp so far along the log, audit-log.projection.ts), never by visiting the window's rows:
 * - `first` is the first row whose clock reaches `from`. The clock never goes back along the log,
 *   so every row before it has a clock, and so a stamp, before `from`; and since the clock before
 *   it was short of `from`, its own stamp is what moved the clock, at or after `from`. So no row of
 *   the window lies before it, and it is the window's first unless it is stamped after `to`.
 * - `last` is the last row whose clock is before `to` plus the greatest lag of any row (its clock
 *   less its stamp, read from that lag's index). A row stamped before `to` has a clock of at most
 *   its stamp plus that lag, so it lies at or before `last`. The bound is tight when nothing was
 *   appended late, and wider by the longest late append otherwise; never too narrow.
 * The rows between still answer the window's own condition on their stamps (`filtered`), so a
 * page holds exactly the window's events; the span only says where to start and stop looking.
 */
async function windowSpan(knex: Knex, from: Date | null, to: Date | null): Promise<LogSpan> {
  const probe = (order: 'asc' | 'desc') =>
    knex(auditLogReadModel)
      .orderBy([
        { column: 'logClock', order },
        { column: 'logMajor', order },
        { column: 'logMinor', order },
      ])
      .first<{ logMajor: string; logMinor: string } | undefined>('logMajor', 'logMinor');
  const [first, last] = await Promise.all([
    from ? probe('asc').where('logClock', '>=', from) : undefined,
    to
      ? probe('desc').whereRaw(
          `"logClock" < ?::timestamptz + (select coalesce(max("logClock" - "occurredAt"), interval '0') from ${auditLogReadModel})`,
          [to],
        )
      : undefined,
  ]);
  if ((from && !first) || (to && !last)) return 'empty';
  return { first: cursorOf(first) ?? null, last: cursorOf(last) ?? null };
}

/** The rows of the filter after the cursor, newest first: one index range per filter. */
function filtered(
  knex: Knex,
  { filter, from, to, stream }: LogFilter,
  span: Exclude<LogSpan, 'empty'>,
  after: Cursor | null,
  limit: number,
) {
  const query = knex(auditLogReadModel)
    .select<AuditRow[]>(
      'logMajor',
      'logMinor',
      'position',
      'occurredAt',
      'type',
      'objectType',
      'objectId',
      'revision',
      'acl',
      'actorId',
    )
    .orderBy([
      { column: 'logMajor', order: 'desc' },
      { column: 'logMinor', order: 'desc' },
    ])
    .limit(limit);
  if (filter.actorId !== undefined) query.where('actorId', filter.actorId);
  if (filter.objectType !== undefined) query.where('objectType', filter.objectType);
  if (filter.objectId !== undefined) query.where('objectId', filter.objectId);
  if (filter.type !== undefined) query.where('type', filter.type);
  // A stream's kind first: the kind's index holds it in log order (a whole type's grants are all
  // of the kind 'Acl', a handful of rows beside a million).
  if (stream !== undefined) query.where({ objectType: auditedObject(stream).objectType, stream });
  if (from) query.where('occurredAt', '>=', from);
  if (to) query.where('occurredAt', '<', to);
  if (span.first) query.whereRaw('("logMajor", "logMinor") >= (?::numeric, ?::numeric)', span.first);
  // One upper bound, the nearer: an index scan starts at one of two such bounds, and starting at
  // the span's end would walk past every page already read to reach the cursor.
  if (after && !(span.last && before(span.last, after)))
    query.whereRaw('("logMajor", "logMinor") < (?::numeric, ?::numeric)', after);
  else if (span.last) query.whereRaw('("logMajor", "logMinor") <= (?::numeric, ?::numeric)', span.last);
  return query;
}

/**
 * Whether the reader may see each of a chunk's rows: a record's events by the rule of reading the
 * record by id, the changes of its grants by Admin on it (as its history shows them), and what
 * names no record (reservations of unique values, a whole type's grants) or a stream of the
 * command side's own (a subscription, a plan) by the Admin role alone. The records not asked
 * about before are asked about together, one question per type, and the answers kept.
 */
export function visibility(deps: QueryServiceDeps, principal: Principal) {
  const known = new Map<string, boolean>();
  const keyOf = (acl: boolean, type: string, id: number) => `${acl ? 'acl' : 'own'}:${type}:${id}`;
  const isRecord = (row: AuditRow) => row.objectId !== null && recordTypes.has(row.objectType);
  return async (rows: readonly AuditRow[]): Promise<boolean[]> => {
    if (principal.roles.includes('Admin')) return rows.map(() => true);
    const unknown = new Map<string, { acl: boolean; type: ObjectType; ids: Set<number> }>();
    for (const row of rows) {
      if (!isRecord(row) || known.has(keyOf(row.acl, row.objectType, row.objectId!))) continue;
      const group = `${row.acl}:${row.objectType}`;
      let asked = unknown.get(group);
      if (!asked) {
        asked = { acl: row.acl, type: row.objectType as ObjectType, ids: new Set() };
        unknown.set(group, asked);
      }
      asked.ids.add(row.objectId!);
    }
    await Promise.all(
      [...unknown.values()].map(async ({ acl, type, ids }) => {
        const list = [...ids];
        const shown = acl
          ? await deps.permissions.readableIds(principal, type, list, 'Admin')
          : await readableRecords(deps, principal, type, list);
        for (const id of list) known.set(keyOf(acl, type, id), shown.has(id));
      }),
    );
    return rows.map(
      (row) => isRecord(row) && known.get(keyOf(row.acl, row.objectType, row.objectId!)) === true,
    );
  };
}

/**
 * The rows of one page for a reader: up to `size` rows they may see after the cursor, newest
 * first, and where the next page begins (null at the end).
 */
export async function readRows(
  deps: QueryServiceDeps,
  mayRead: (rows: readonly AuditRow[]) => Promise<boolean[]>,
  filter: LogFilter,
  after: Cursor | null,
  size: number,
): Promise<{ rows: AuditRow[]; next: string | null }> {
  const page: AuditRow[] = [];
  const span =
    filter.from || filter.to
      ? await windowSpan(deps.knex, filter.from, filter.to)
      : { first: null, last: null };
  if (span === 'empty') return { rows: [], next: null };
  let cursor = after;
  let scanned = 0;
  let more = false;
  /** The position of the last row looked at: where a page cut short by SCAN_LIMIT resumes. */
  let lastSeen: string | null = null;
  while (true) {
    const chunk = await filtered(deps.knex, filter, span, cursor, Math.max(size + 1, SCAN_CHUNK));
    const shown = await mayRead(chunk);
    let index = 0;
    for (; index < chunk.length && page.length <= size; index++) if (shown[index]) page.push(chunk[index]!);
    scanned += index;
    const last = chunk[index - 1];
    if (last) {
      cursor = cursorOf(last)!;
      lastSeen = last.position;
    }
    if (page.length > size) {
      more = true;
      page.pop();
      break;
    }
    if (chunk.length < Math.max(size + 1, SCAN_CHUNK)) break;
    if (scanned >= SCAN_LIMIT) {
      more = true;
      break;
    }
  }
  return { rows: page, next: more ? (page.length === size ? page[size - 1]!.position : lastSeen) : null };
}

/**
 * One page of the log for a reader, each row told as one sentence: up to `size` rows they may see
 * after the cursor, newest first, and where the next page begins (null at the end).
 */
export async function readPage(
  deps: QueryServiceDeps,
  mayRead: (rows: readonly AuditRow[]) => Promise<boolean[]>,
  filter: LogFilter,
  after: Cursor | null,
  size: number,
): Promise<{ entries: AuditEntry[]; next: string | null }> {
  const { rows: page, next } = await readRows(deps, mayRead, filter, after, size);
  const nameOf = await personNames(
    deps,
    page.flatMap((row) => (row.actorId === null ? [] : [Number(row.actorId)])),
  );
  const [records, saves] = await Promise.all([recordNames(deps, page), designSaveActions(deps, page)]);
  const entries: AuditEntry[] = page.map((row) => {
    const name = nameOf(row.actorId);
    return {
      position: row.position,
      occurredAt: new Date(row.occurredAt).toISOString(),
      type: row.type,
      objectType: row.objectType,
      objectId: row.objectId === null ? null : Number(row.objectId),
      revision: row.acl || row.objectId === null ? null : Number(row.revision),
      actor: { id: row.actorId === null ? null : Number(row.actorId), name },
      sentence: auditSentence({
        actorName: name,
        type: row.type,
        objectType: row.objectType,
        objectId: row.objectId,
        ...(row.objectId === null
          ? {}
          : {
              objectName: records.get(recordKey(row.objectType, Number(row.objectId))),
              action:
                row.objectType === 'Design' && !row.acl
                  ? saves.get(saveKey(Number(row.objectId), Number(row.revision)))
                  : undefined,
            }),
      }),
    };
  });
  return { entries, next };
}

/** Where a page starts: the cursor of the row before it (`after`) and its size (`range`). */
export function pageRequest(query: Record<string, unknown>) {
  const afterParam = query.after;
  if (afterParam !== undefined && typeof afterParam !== 'string')
    throw badRequest(messages.invalidAuditCursor);
  const after = afterParam === undefined ? null : logOrder(afterParam);
  if (afterParam !== undefined && !after) throw badRequest(messages.invalidAuditCursor);
  checkSort(query.sort);
  return { after, ...parseRange(query.range, after !== null) };
}

/**
 * The headers of a page: the log is not counted (a count of a million rows is no page's cost), so
 * `Content-Range`'s total is the rows up to this page's end, and one more while more follow, so a
 * simple-rest client offers the next page; `Link: rel="next"` and `X-Next-Cursor` say where the
 * next page begins. `path` is the route's own, `kept` the parameters every page repeats.
 */
export function pageHeaders(
  reply: FastifyReply,
  page: { unit: string; path: string; kept: Record<string, string>; start: number; size: number },
  { entries, next }: { entries: readonly unknown[]; next: string | null },
): void {
  const { start, size } = page;
  const span = entries.length ? `${start}-${start + entries.length - 1}` : '*';
  reply.header('content-range', `${page.unit} ${span}/${start + entries.length + (next ? 1 : 0)}`);
  const exposed = ['Content-Range'];
  if (next) {
    const params = new URLSearchParams({
      after: next,
      range: JSON.stringify([start + entries.length, start + entries.length + size - 1]),
      ...page.kept,
    });
    reply.header('link', `<${page.path}?${params}>; rel="next"`);
    reply.header('x-next-cursor', next);
    exposed.push('Link', 'X-Next-Cursor');
  }
  reply.header('access-control-expose-headers', exposed.join(', '));
}
