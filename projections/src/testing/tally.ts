import type { StoredEvent } from '@interior/platform';
import { defineProjection } from '../projection';

/**
 * A projection for testing the runner: per stream, how many events and the last revision. Its
 * result is easy to compute from the log alone, so a run can be compared with a replay.
 */
export function tallyProjection(
  options: { version?: number; beforeApply?: (event: StoredEvent) => Promise<void> | void } = {},
) {
  return defineProjection({
    name: 'tally',
    version: options.version ?? 1,
    handles: ['Counted'],
    tables: {
      tally: (t) => {
        t.text('stream').primary();
        t.integer('count').notNullable();
        t.integer('lastRevision').notNullable();
      },
    },
    async apply(trx, event, tables) {
      await options.beforeApply?.(event);
      await trx(tables.tally)
        .insert({ stream: event.stream, count: 1, lastRevision: event.revision })
        .onConflict('stream')
        .merge({ count: trx.raw('?? + 1', [`${tables.tally}.count`]), lastRevision: event.revision });
    },
  });
}

export type TallyRow = { stream: string; count: number; lastRevision: number };

/** What the tally must hold after applying exactly these events. */
export function replayTally(events: readonly StoredEvent[]): TallyRow[] {
  const rows = new Map<string, TallyRow>();
  for (const e of events) {
    if (e.type !== 'Counted') continue;
    const row = rows.get(e.stream) ?? { stream: e.stream, count: 0, lastRevision: -1 };
    rows.set(e.stream, { stream: e.stream, count: row.count + 1, lastRevision: e.revision });
  }
  return [...rows.values()].sort((a, b) => a.stream.localeCompare(b.stream));
}
