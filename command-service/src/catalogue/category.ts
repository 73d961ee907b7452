import {
  categoryMessages,
  MAX_CATEGORY_DEPTH,
  type ResourceDeclaration,
  resourceTable,
} from '@interior/contracts';
import { conflict } from '@interior/platform';
import type { Knex } from 'knex';
import type { ResourceCommandHooks } from '../resource/routes';

interface CategoryRow {
  id: number;
  parentId: number | null;
  path: number[];
  depth: number;
  childCount: number;
  itemCount: number;
}

/**
 * The rules of a category tree across records (the tree's read model answers them): a parent in
 * the same tree (the reference check), at most five levels, never under itself or its descendants,
 * no deletion while it has children or items. Sibling names are unique through the declaration's
 * unique rule `within: ['parentId']`.
 */
export function categoryHooks(resource: ResourceDeclaration): ResourceCommandHooks {
  const table = resourceTable(resource);
  const row = (knex: Knex, id: number) =>
    knex(table)
      .where({ id })
      .first<CategoryRow | undefined>('id', 'parentId', 'path', 'depth', 'childCount', 'itemCount');
  /** Levels of the subtree under `id`, itself included (1 for a leaf). */
  const height = async (knex: Knex, id: number, depth: number) => {
    const [deepest] = await knex(table)
      .whereRaw('path @> ?::jsonb', [JSON.stringify([id])])
      .max({ depth: 'depth' });
    return Number(deepest?.depth ?? depth) - depth + 1;
  };
  return {
    async beforeCreate({ deps }, fields) {
      const parentId = fields.parentId as number | null;
      if (parentId === null || parentId === undefined) return;
      const parent = await row(deps.knex, parentId);
      if (parent && parent.depth + 1 > MAX_CATEGORY_DEPTH) throw conflict(categoryMessages.tooDeep);
    },
    async beforeUpdate({ deps }, id, before, after) {
      const parentId = (after.parentId ?? null) as number | null;
      if (parentId === (before.parentId ?? null) || parentId === null) {
        return;
      }
      const parent = await row(deps.knex, parentId);
      if (!parent) return;
      if (parent.id === id || parent.path.includes(id)) throw conflict(categoryMessages.intoItself);
      const self = await row(deps.knex, id);
      const levels = self ? await height(deps.knex, id, self.depth) : 1;
      if (parent.depth + levels > MAX_CATEGORY_DEPTH) throw conflict(categoryMessages.tooDeep);
    },
    async beforeDelete({ deps }, id) {
      const self = await row(deps.knex, id);
      if (!self) return;
      if (self.childCount > 0) throw conflict(categoryMessages.hasChildren(self.childCount));
      if (self.itemCount > 0) throw conflict(categoryMessages.hasItems(self.itemCount));
    },
  };
}
