/**
 * Literals and identifiers written into SQL text where a binding cannot go: the names of tables,
 * columns and indexes, event types and field names in statements built from declarations (all of
 * them from the code, never from a request).
 */

/** A string as a SQL literal. */
export const sqlText = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A name as a SQL identifier. */
export const sqlIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
