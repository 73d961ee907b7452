import {
  commentReadModel,
  folderReadModel,
  messages,
  noticeResource,
  type ObjectType,
  popupBannerResource,
  resourceTable,
} from '@interior/contracts';
import { notFound, type Principal } from '@interior/platform';
import { bannerVisibility, noticeVisibility, type Visibility } from './catalogue-scopes';
import type { QueryServiceDeps } from './deps';

/** One record, named as streams and grants name it. */
export interface RecordRef {
  type: ObjectType;
  id: number;
}

type Rule = (deps: QueryServiceDeps, principal: Principal, id: number) => Promise<boolean>;

const byGrant =
  (type: ObjectType): Rule =>
  (deps, principal, id) =>
    deps.permissions.has(principal, { type, id }, 'Read');

/** A grant on the record, and the record among those its type shows this reader (a notice's audience). */
function grantAndVisible(type: ObjectType, table: string, visibility: Visibility): Rule {
  return async (deps, principal, id) => {
    if (!(await deps.permissions.has(principal, { type, id }, 'Read'))) return false;
    const scope = visibility(principal);
    if (!scope) return true;
    // A deleted record has no row: only those shown every record of the type keep reading it.
    return Boolean(await deps.knex(table).where({ id }).where(scope).first(deps.knex.raw('1 as found')));
  };
}

/** Types whose records are read by more (or fewer) than the holders of a grant on them. */
const rules: Partial<Record<ObjectType, Rule>> = {
  Notice: grantAndVisible('Notice', resourceTable(noticeResource), noticeVisibility),
  PopupBanner: grantAndVisible('PopupBanner', resourceTable(popupBannerResource), bannerVisibility),
  // A comment belongs to its design's conversation: whoever may read the design reads it.
  Comment: async (deps, principal, id) => {
    const row = await deps.knex(commentReadModel).where({ id }).first('designId');
    if (row) return deps.permissions.has(principal, { type: 'Design', id: Number(row.designId) }, 'Read');
    return byGrant('Comment')(deps, principal, id);
  },
  // A folder is its owner's alone (those who read every folder aside).
  DesignFolder: async (deps, principal, id) => {
    const row = await deps.knex(folderReadModel).where({ id }).first('ownerId');
    if (row && Number(row.ownerId) === principal.userId) return true;
    return byGrant('DesignFolder')(deps, principal, id);
  },
};

/**
 * Whether the caller may read one record by its id: the single rule every read of a record asks
 * (its read routes and its history), so nothing one hides another shows. A grant on the record
 * (or its type, a group or a role) is the rule of most types; some add who is shown what.
 * Whether the record still exists is for the reader to find out: a deleted record keeps its history.
 */
export function mayReadRecord(
  deps: QueryServiceDeps,
  principal: Principal,
  record: RecordRef,
): Promise<boolean> {
  return (rules[record.type] ?? byGrant(record.type))(deps, principal, record.id);
}

/**
 * Of `ids` (records of one type), those the caller may read by id: `mayReadRecord` for many at
 * once, in one question for the types a grant alone decides.
 */
export async function readableRecords(
  deps: QueryServiceDeps,
  principal: Principal,
  type: ObjectType,
  ids: readonly number[],
): Promise<Set<number>> {
  const rule = rules[type];
  if (!rule) return deps.permissions.readableIds(principal, type, ids);
  const readable = await Promise.all(ids.map((id) => rule(deps, principal, id)));
  return new Set(ids.filter((_, index) => readable[index]));
}

/** A 404 (the record does not exist for the caller) unless they may read it. */
export async function requireReadable(
  deps: QueryServiceDeps,
  principal: Principal,
  record: RecordRef,
  notFoundMessage: string = messages.notFound,
): Promise<void> {
  if (!(await mayReadRecord(deps, principal, record))) throw notFound(notFoundMessage);
}

/** The read model's row of a record the caller may read: a 404 when they may not, or it is gone. */
export async function readableRow<Row>(
  deps: QueryServiceDeps,
  principal: Principal,
  record: RecordRef,
  table: string,
  notFoundMessage: string,
): Promise<Row> {
  await requireReadable(deps, principal, record, notFoundMessage);
  const row = await deps.knex(table).where({ id: record.id }).first();
  if (!row) throw notFound(notFoundMessage);
  return row as Row;
}
