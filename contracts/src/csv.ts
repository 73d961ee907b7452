/**
 * The one CSV writer of every export (admin lists, design analysis, import templates): pure, so
 * the UI and the server write alike. Cells are made safe for spreadsheets, quoted per RFC 4180,
 * and the file starts with a UTF-8 byte order mark so Excel reads Korean.
 */

/** A spreadsheet reads a cell starting with one of these as a formula (or its start). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const BOM = '\uFEFF';

/** A value as the text of one cell: nothing for null, lists joined, objects as JSON. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object'))
    return value.map(cellText).join(', ');
  return JSON.stringify(value);
}

/**
 * One cell. Text that a spreadsheet would run as a formula gets a leading single quote, the
 * neutralising prefix OWASP recommends; a number stays a number (a negative one is no formula).
 */
export function csvCell(value: unknown): string {
  const text = cellText(value);
  const safe = typeof value !== 'number' && FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A whole file: the header row, then the rows, CRLF line ends, with the BOM. */
export function csvDocument(header: readonly unknown[], rows: readonly (readonly unknown[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** Nested objects as dotted columns (`business.name`), as list exports have always shown them. */
function flatten(record: Record<string, unknown>, prefix = '', into: Record<string, unknown> = {}) {
  for (const [key, value] of Object.entries(record)) {
    if (isPlainObject(value) && Object.keys(value).length > 0) flatten(value, `${prefix}${key}.`, into);
    else into[`${prefix}${key}`] = value;
  }
  return into;
}

/** Records as a file: one column per field any record has, in the order they first appear. */
export function recordsToCsv(records: readonly Record<string, unknown>[]): string {
  const flat = records.map((r) => flatten(r));
  // A set keeps the order its members were first added in.
  const columns = [...new Set(flat.flatMap((record) => Object.keys(record)))];
  return csvDocument(
    columns,
    flat.map((record) => columns.map((key) => record[key])),
  );
}
