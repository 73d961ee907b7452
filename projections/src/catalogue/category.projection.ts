import { categoryItems, type ResourceDeclaration, resourceTable } from '@interior/contracts';
import type { Knex } from 'knex';
import type { Projection } from '../projection';
import { resourceProjection } from '../resource/resource.projection';
import { referrerCounts } from './referrer-count';

type Row = Record<string, unknown> & { id: number; parentId: number | null; position: number | null };

/** The siblings under `parentId` in their order, `moved` left out. */
async function siblings(trx: Knex.Transaction, table: string, parentId: number | null, moved: number) {
  const query = trx(table)
    .whereNot({ id: moved })
    .orderBy([{ column: 'position' }, { column: 'id' }]);
  if (parentId === null) query.whereNull('parentId');
  else query.where({ parentId });
  return (await query.select('id', 'position')) as { id: number; position: number | null }[];
}

/** Writes positions 1…n in the given order, touching only rows whose position changes. */
async function renumber(
  trx: Knex.Transaction,
  table: string,
  ordered: { id: number; position: number | null }[],
) {
  for (const [index, row] of ordered.entries()) {
    if (row.position !== index + 1)
      await trx(table)
        .where({ id: row.id })
        .update({ position: index + 1 });
  }
}

/** Closes the gap a category left among its old siblings. */
async function closeGap(trx: Knex.Transaction, table: string, parentId: number | null, moved: number) {
  await renumber(trx, table, await siblings(trx, table, parentId, moved));
}

/** Puts `row` at its requested position among its siblings (the end when none or beyond). */
async function place(trx: Knex.Transaction, table: string, row: Row) {
  const others = await siblings(trx, table, row.parentId, row.id);
  const at = row.position === null ? others.length : Math.min(Math.max(row.position - 1, 0), others.length);
  others.splice(at, 0, { id: row.id, position: null });
  await renumber(trx, table, others);
}

/** The path and depth of `id` under a parent, and of every descendant after it. */
async function repath(trx: Knex.Transaction, table: string, id: number, parentId: number | null) {
  const parent =
    parentId === null
      ? undefined
      : ((await trx(table).where({ id: parentId }).first('path')) as { path: number[] } | undefined);
  const path = [...(parent?.path ?? []), id];
  const self = (await trx(table).where({ id }).first('path')) as { path: number[] | null } | undefined;
  const old = self?.path ?? null;
  await trx(table)
    .where({ id })
    .update({ path: JSON.stringify(path), depth: path.length });
  if (!old) return;
  // Descendants keep the part of their path below `id`.
  const below = (await trx(table)
    .whereRaw('path @> ?::jsonb', [JSON.stringify([id])])
    .whereNot({ id })
    .select('id', 'path')) as { id: number; path: number[] }[];
  for (const child of below) {
    const next = [...path, ...child.path.slice(child.path.indexOf(id) + 1)];
    await trx(table)
      .where({ id: child.id })
      .update({ path: JSON.stringify(next), depth: next.length });
  }
}

async function recountChildren(trx: Knex.Transaction, table: string, parentId: unknown) {
  if (parentId === null || parentId === undefined) return;
  const [counted] = await trx(table).where({ parentId }).count({ n: '*' });
  await trx(table)
    .where({ id: parentId })
    .update({ childCount: Number(counted?.n ?? 0) });
}

/**
 * A category tree's read model: the declared fields, and `path`, `depth`, `childCount`, the
 * siblings' `position` 1…n, and `itemCount` from the events of the records filed in the tree
 * (`categoryItems`, counted by referrer-count.ts).
 */
export function categoryProjection(resource: ResourceDeclaration, version: number): Projection {
  const counts = referrerCounts(
    `${resourceTable(resource)}_items`,
    (categoryItems[resource.name] ?? []).map((source) => ({ ...source, column: 'itemCount' })),
  );
  return resourceProjection(resource, {
    version,
    ...counts,
    async afterChange(trx, { table, before, after }) {
      const was = before as Row | undefined;
      const now = after as Row | undefined;
      if (!now) {
        if (was) {
          await closeGap(trx, table, was.parentId, was.id);
          await recountChildren(trx, table, was.parentId);
        }
        return;
      }
      const moved = !was || was.parentId !== now.parentId;
      if (moved) {
        if (was) await closeGap(trx, table, was.parentId, was.id);
        await repath(trx, table, now.id, now.parentId);
        await recountChildren(trx, table, was?.parentId);
        await recountChildren(trx, table, now.parentId);
      }
      if (moved || was?.position !== now.position) await place(trx, table, now);
    },
  });
}
