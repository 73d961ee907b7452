import { type ObjectType, resourceEventTypes } from '@interior/contracts';
import type { StoredEvent } from '@interior/platform';
import type { ExtraRun, ResourceProjectionOptions } from '../resource/resource.projection';

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
 *
 * Applied set-based, a run of the referrers' events at a time (resource.projection.ts ExtraRun):
 * where the run's referrers point is read in one statement, the events are folded in memory into
 * where they point afterwards and how much each count moves, and then the moved references are
 * written and each count column updated once. A catalogue import of 100,000 products cost four
 * statements per product and per counting read model before (about 900 products a second).
 */
export function referrerCounts(
  name: string,
  sources: readonly ReferrerSource[],
): Pick<ResourceProjectionOptions, 'tables' | 'extra'> {
  const extra: Record<string, ExtraRun> = {};
  const byType = new Map<ObjectType, ReferrerSource[]>();
  for (const source of sources)
    byType.set(source.objectType, [...(byType.get(source.objectType) ?? []), source]);
  for (const [objectType, fields] of byType) {
    const types = resourceEventTypes({ objectType });
    const idOf = (event: StoredEvent) =>
      event.type === types.created
        ? (event.data as { id: number }).id
        : Number(event.stream.slice(objectType.length + 1));
    const run: ExtraRun = {
      async applyRun(trx, events, table, tables) {
        const refs = tables[name]!;
        const ids = [...new Set(events.map(idOf))];
        /** Each referrer's reference by one of its fields: where it pointed before the run, and now. */
        const references = new Map<
          string,
          { field: string; id: number; before: number | null; now: number | null }
        >();
        const reference = (field: string, id: number) => {
          const at = `${field}:${id}`;
          const found = references.get(at) ?? { field, id, before: null, now: null };
          references.set(at, found);
          return found;
        };
        const held: { field: string; id: number; targetId: number }[] = await trx(refs)
          .where({ objectType })
          .whereIn(
            'field',
            fields.map((source) => source.field),
          )
          .whereRaw('id = any(?)', [ids])
          .select('field', 'id', 'targetId');
        for (const row of held) {
          const found = reference(row.field, row.id);
          found.before = found.now = row.targetId;
        }
        /** How much each count moves, by column and row. */
        const moves = new Map<string, Map<number, number>>();
        const move = (column: string, target: number | null, by: number) => {
          if (target === null) return;
          const counts = moves.get(column) ?? new Map<number, number>();
          moves.set(column, counts.set(target, (counts.get(target) ?? 0) + by));
        };
        for (const event of events) {
          const id = idOf(event);
          const data = event.data as Record<string, unknown>;
          for (const source of fields) {
            const found = reference(source.field, id);
            const was = found.now;
            if (event.type === types.deleted) found.now = null;
            else if (Object.hasOwn(data, source.field))
              found.now = (data[source.field] as number | null) ?? null;
            if (found.now === was) continue;
            // The reference moved from `was` to `now`: one referrer less there, one more here
            // (counting the target's referrers again made catching up with many of them quadratic).
            move(source.column, was, -1);
            move(source.column, found.now, 1);
          }
        }
        const moved = [...references.values()].filter((found) => found.now !== found.before);
        if (moved.length === 0) return;
        await trx.raw(
          `delete from ?? as r using unnest(?::text[], ?::int[]) as m(field, id)
           where r."objectType" = ? and r.field = m.field and r.id = m.id`,
          [refs, moved.map((m) => m.field), moved.map((m) => m.id), objectType],
        );
        const pointing = moved.filter((m) => m.now !== null);
        if (pointing.length > 0) {
          await trx.raw(
            `insert into ?? ("objectType", field, id, "targetId")
             select ?, field, id, target from unnest(?::text[], ?::int[], ?::int[]) as m(field, id, target)`,
            [
              refs,
              objectType,
              pointing.map((m) => m.field),
              pointing.map((m) => m.id),
              pointing.map((m) => m.now!),
            ],
          );
        }
        for (const [column, counts] of moves) {
          const changed = [...counts].filter(([, by]) => by !== 0);
          if (changed.length === 0) continue;
          await trx.raw(
            `update ?? as t set ?? = coalesce(t.??, 0) + m.by
             from unnest(?::int[], ?::int[]) as m(id, by) where t.id = m.id`,
            [table, column, column, changed.map(([id]) => id), changed.map(([, by]) => by)],
          );
        }
      },
    };
    for (const type of [types.created, types.updated, types.deleted]) extra[type] = run;
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
