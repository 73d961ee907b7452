import type { HistoryEntry } from '@interior/contracts';

/** One field an event set: its value before (when an earlier event set it) and after. */
export interface FieldChange {
  field: string;
  before?: unknown;
  after: unknown;
}

/** An event with the fields it changed; `unchanged` when it set fields to the values they had. */
export interface HistoryRow {
  entry: HistoryEntry;
  changes: FieldChange[];
  unchanged: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What each event changed, read from the events in order (oldest first). An event's data holds the
 * values it sets; the values earlier events set tell what they were before, so an update shows
 * "before → after" for the fields that really changed.
 */
export function describeChanges(entries: readonly HistoryEntry[]): HistoryRow[] {
  const known = new Map<string, unknown>();
  return entries.map((entry) => {
    const data = typeof entry.data === 'object' && entry.data !== null ? Object.entries(entry.data) : [];
    const changes: FieldChange[] = [];
    for (const [field, after] of data) {
      if (!known.has(field)) changes.push({ field, after });
      else if (!same(known.get(field), after)) changes.push({ field, before: known.get(field), after });
      known.set(field, after);
    }
    return { entry, changes, unchanged: data.length > 0 && changes.length === 0 };
  });
}
