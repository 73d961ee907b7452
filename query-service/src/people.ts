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
