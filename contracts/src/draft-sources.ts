import type { LineSource } from './estimate-lines';

/**
 * Edited lines with the sources their ids had before the edit. An edit event leaves them out (an
 * edit never changes where a computed line came from, and they are most of a draft's bytes); the
 * decider's fold and the history's fold put them back alike. A line that carries its own (edits
 * recorded before they were left out) keeps them; a line added by hand has none. Kept apart from
 * the event schemas so that the history's screens can use it without them.
 */
export function keepSources<L extends { id: string; sources?: LineSource[] }>(
  edited: readonly L[],
  before: unknown,
): (L & { sources: LineSource[] })[] {
  const had = new Map<string, LineSource[]>();
  for (const line of Array.isArray(before) ? before : []) {
    const { id, sources } = (line ?? {}) as { id?: unknown; sources?: unknown };
    if (typeof id === 'string' && Array.isArray(sources)) had.set(id, sources as LineSource[]);
  }
  return edited.map((line) => ({ ...line, sources: line.sources ?? had.get(line.id) ?? [] }));
}
