import {
  designReadModels,
  estimationReadModels,
  type ObjectType,
  resources,
  resourceTable,
} from '@interior/contracts';
import { readModels } from '@interior/platform';
import type { QueryServiceDeps } from '../deps';

/**
 * Where each kind of record keeps what people call it: an estimation by its number, the rest by
 * name. Kinds not here (a comment, a folder of someone's) are named by their kind and number.
 */
const namedBy: Partial<Record<ObjectType, { table: string; column: string; code?: true }>> = {
  Estimation: { table: estimationReadModels.estimations, column: 'estimateNumber', code: true },
  Design: { table: designReadModels.designs, column: 'name' },
  UserGroup: { table: readModels.usergroups, column: 'name' },
  User: { table: readModels.users, column: 'name' },
  ...Object.fromEntries(
    resources
      .filter((resource) => !resource.name.startsWith('system/'))
      .map((resource) => [
        resource.objectType,
        { table: resourceTable(resource), column: resource.representation },
      ]),
  ),
};

/** What one read model's rows are called now (`column`), by id: one query. */
export async function namesById(
  deps: QueryServiceDeps,
  table: string,
  column: string,
  ids: Iterable<number>,
): Promise<Map<number, string>> {
  const rows = (await deps
    .knex(table)
    .whereIn('id', [...ids])
    .select('id', `${column} as name`)) as { id: number; name: unknown }[];
  return new Map(rows.flatMap((row) => (typeof row.name === 'string' ? [[Number(row.id), row.name]] : [])));
}

/** The key of a record in the map `recordNames` answers. */
export const recordKey = (type: string, id: number) => `${type}:${id}`;

/**
 * What the read models call the records of a page now, one query per kind: a code as it is
 * (EST-20261127-0001), a name in quotes ('34평 거실'), so a sentence reads as the screens name the
 * record and follows its renames. A record gone from its read model (deleted, or a person erased)
 * is left out and keeps its number.
 */
export async function recordNames(
  deps: QueryServiceDeps,
  records: readonly { objectType: string; objectId: number | null }[],
): Promise<Map<string, string>> {
  const wanted = new Map<ObjectType, Set<number>>();
  for (const { objectType, objectId } of records) {
    if (objectId === null || !(objectType in namedBy)) continue;
    const type = objectType as ObjectType;
    if (!wanted.has(type)) wanted.set(type, new Set());
    wanted.get(type)!.add(Number(objectId));
  }
  const names = new Map<string, string>();
  await Promise.all(
    [...wanted].map(async ([type, ids]) => {
      const { table, column, code } = namedBy[type]!;
      for (const [id, name] of await namesById(deps, table, column, ids)) {
        if (name !== '') names.set(recordKey(type, id), code ? name : `‘${name}’`);
      }
    }),
  );
  return names;
}
