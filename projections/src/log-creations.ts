import { sqlIdentifier, sqlText } from './sql';

/**
 * A rebuild's runs of creations, filled by the server from the log itself (docs/architecture.md
 * "Rebuilds"). Most of a rebuild's events create rows, and a created row is a function of its
 * event alone: with the log in the read models' own database (the PostgreSQL store's `logInSql`),
 * one `insert … select` per page makes those rows from the events where they lie, instead of each
 * event crossing to the runner as text, being parsed, folded, and sent back as JSON to be parsed
 * again. Filling a rebuilt table of a million groups took 5.2–5.7 s instead of 10.0–10.6 s, on two
 * cores where the runner and the server had shared them.
 *
 * The rows must be those the projection's fold makes of the same events: projection-spec.ts checks
 * every projection test's leading creations both ways.
 */
export interface LogCreations {
  /** The logical table the rows go to. */
  table: string;
  /**
   * A condition over a row of the log (`type`, `stream`, `revision`, `data`, `metadata`), true for an
   * event whose row it makes: one such event per row, which nothing before it can have made.
   */
  creates: string;
  /**
   * The created row, column by column, as SQL over the same row of the log (`data` and `metadata`
   * are jsonb, `revision` a bigint).
   */
  columns: Readonly<Record<string, string>>;
}

/**
 * The `n` of the first event of `page` (numbered `n` in log order) that a run of creations cannot
 * take: the first of `handles` that `creations` does not make (past the end when none). The events
 * before it are the run a server-side page applies; the run's other events are ones the projection
 * ignores. The rest of the page is read and folded as usual.
 */
export function runEndSql(creations: LogCreations, handles: readonly string[], page: string): string {
  return `select coalesce(min(n), 9223372036854775807) as n from ${page}
    where type in (${handles.map(sqlText).join(', ')}) and not (${creations.creates})`;
}

/**
 * Inserts the rows `creations` makes of the events of `log` (rows of the log) meeting `condition`,
 * returning 1 per row. A plain insert: no row of such an event can exist before it (see
 * `creates`), and it costs less than half of an upsert.
 */
export function insertCreationsSql(
  creations: LogCreations,
  physical: string,
  log: string,
  condition: string,
): string {
  const columns = Object.keys(creations.columns);
  return `insert into ${sqlIdentifier(physical)} (${columns.map(sqlIdentifier).join(', ')})
    select ${columns.map((column) => creations.columns[column]).join(', ')} from ${log}
    where (${creations.creates}) and ${condition}
    returning 1`;
}
