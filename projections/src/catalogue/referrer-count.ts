import { type ObjectType, resourceEventTypes } from '@interior/contracts';
import type { StoredEvent } from '@interior/platform';
import type { Knex } from 'knex';
import type { ResourceProjectionOptions } from '../resource/resource.projection';

/** Records of `objectType` whose `field` names a row of this table, counted in its `column`. */
export interface ReferrerSource {
  objectType: ObjectType;
  field: string;
  column: string;
}

/**
 * Derived counts of referring records (a category's items, a brand's products): the projection
 * remembers which row each referrer points at in its own `<name>` table, since an update event
 * carries only what changed and a deletion nothing, and moves the counts of the rows a change
 * touches by one.
 */
export function referrerCounts(
  name: string,
  sources: readonly ReferrerSource[],
): Pick<ResourceProjectionOptions, 'tables' | 'extra'> {
  const extra: Record<string, NonNullable<ResourceProjectionOptions['extra']>[string]> = {};
  const byType = new Map<ObjectType, ReferrerSource[]>();
  for (const source of sources)
    byType.set(source.objectType, [...(byType.get(source.objectType) ?? []), source]);
  for (const [objectType, fields] of byType) {
    const types = resourceEventTypes({ objectType });
    const handle = async (
      trx: Knex.Transaction,
      event: StoredEvent,
      table: string,
      _context: unknown,
      tables: Readonly<Record<string, string>>,
    ) => {
      const refs = tables[name]!;
      const id =
        event.type === types.created
          ? (event.data as { id: number }).id
          : Number(event.stream.slice(objectType.length + 1));
      const data = event.data as Record<string, unknown>;
      for (const source of fields) {
        const key = { objectType, field: source.field, id };
        const held = (await trx(refs).where(key).first('targetId')) as { targetId: number } | undefined;
        const before = held?.targetId ?? null;
        let after = before;
        if (event.type === types.deleted) after = null;
        else if (Object.hasOwn(data, source.field)) after = (data[source.field] as number | null) ?? null;
        if (after === before) continue;
        await trx(refs).where(key).delete();
        if (after !== null) await trx(refs).insert({ ...key, targetId: after });
        // The reference moved from `before` to `after`: one referrer less there, one more here
        // (counting the target's referrers again made catching up with many of them quadratic).
        for (const [target, by] of [
          [before, -1],
          [after, 1],
        ] as const) {
          if (target === null) continue;
          await trx(table)
            .where({ id: target })
            .update({ [source.column]: trx.raw('coalesce(??, 0) + ?', [source.column, by]) });
        }
      }
    };
    for (const type of [types.created, types.updated, types.deleted]) extra[type] = handle;
  }
  return {
    tables: {
      [name]: (t) => {
        t.text('objectType').notNullable();
        t.text('field').notNullable();
        t.integer('id').notNullable();
        t.integer('targetId').notNullable();
        t.primary(['objectType', 'field', 'id']);
        t.index(['targetId']);
      },
    },
    extra,
  };
}
