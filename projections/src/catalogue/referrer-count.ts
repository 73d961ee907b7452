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
        const key = (field: string, id: number) => `${field}\u0000${id}`;
        const held: { field: string; id: number; targetId: number }[] = await trx(refs)
          .where({ objectType })
          .whereIn(
            'field',
            fields.map((source) => source.field),
          )
          .whereRaw('id = any(?)', [ids])
          .select('field', 'id', 'targetId');
        /** Where each referrer points, as the run goes (null: nowhere). */
        const points = new Map<string, number | null>(
          held.map((row) => [key(row.field, row.id), row.targetId]),
        );
        const before = new Map(points);
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
            const at = key(source.field, id);
            const was = points.get(at) ?? null;
            let now = was;
            if (event.type === types.deleted) now = null;
            else if (Object.hasOwn(data, source.field)) now = (data[source.field] as number | null) ?? null;
            if (now === was) continue;
            points.set(at, now);
            // The reference moved from `was` to `now`: one referrer less there, one more here
            // (counting the target's referrers again made catching up with many of them quadratic).
            move(source.column, was, -1);
            move(source.column, now, 1);
          }
        }
        const moved = [...points].filter(([at, now]) => now !== (before.get(at) ?? null));
        if (moved.length === 0) return;
        const split = (at: string) => {
          const [field, id] = at.split('\u0000') as [string, string];
          return { field, id: Number(id) };
        };
        const gone = moved.map(([at]) => split(at));
        await trx.raw(
          `delete from ?? as r using unnest(?::text[], ?::int[]) as m(field, id)
           where r."objectType" = ? and r.field = m.field and r.id = m.id`,
          [refs, gone.map((m) => m.field), gone.map((m) => m.id), objectType],
        );
        const pointing = moved.filter(([, now]) => now !== null);
        if (pointing.length > 0) {
          const rows = pointing.map(([at, now]) => ({ ...split(at), targetId: now! }));
          await trx.raw(
            `insert into ?? ("objectType", field, id, "targetId")
             select ?, field, id, target from unnest(?::text[], ?::int[], ?::int[]) as m(field, id, target)`,
            [refs, objectType, rows.map((r) => r.field), rows.map((r) => r.id), rows.map((r) => r.targetId)],
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
