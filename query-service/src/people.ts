import { erasedPersonName, systemActorName } from '@interior/contracts';
import { readModels } from '@interior/platform';
import type { QueryServiceDeps } from './deps';

/** People's names by id as the users read model has them now (null for an erased person). */
export async function namesOf(
  deps: QueryServiceDeps,
  ids: Iterable<number>,
): Promise<Map<number, string | null>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await deps.knex(readModels.users).whereIn('id', wanted).select('id', 'name');
  return new Map(rows.map((row) => [Number(row.id), row.name as string | null]));
}

/**
 * How every history, log and diff names who did something: by the name the users read model has
 * now (so a rename shows on every old line), an erased person as "탈퇴한 사용자", what nobody did by
 * hand as "시스템"; never by id. A colleague's display name on a record the reader may read is what
 * every screen of that record shows; their e-mail and the rest of their account stay behind the
 * read rule of the user record. One query for all of `ids`.
 */
export async function personNames(
  deps: QueryServiceDeps,
  ids: Iterable<number>,
): Promise<(id: number | null) => string> {
  const names = await namesOf(deps, ids);
  return (id) => (id === null ? systemActorName : (names.get(Number(id)) ?? erasedPersonName));
}
