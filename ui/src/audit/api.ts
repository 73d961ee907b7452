import {
  type AuditEntry,
  dashboardPath,
  type HistoryEntry,
  type ObjectType,
  objectTypes,
  type RecordAsOf,
  type RecordDiff,
  resourceObjectTypes,
} from '@interior/contracts';
import { apiBase, apiFetch, apiJson } from '../session';

/** The workbench's filter, as `GET /api/audit` takes it (empty fields left out). */
export interface AuditFilterValues {
  actorId?: number;
  objectType?: string;
  objectId?: number;
  type?: string;
  /** Korea time, as the inputs give it (`2026-11-27T09:00`): the API reads a time without offset so. */
  from?: string;
  to?: string;
}

export const AUDIT_PAGE_SIZE = 50;

function filterParam(filter: AuditFilterValues): string {
  return JSON.stringify(
    Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== '')),
  );
}

/** A page of log rows, and where the next one begins (null after the last). */
export interface LogPage<Entry = AuditEntry> {
  entries: Entry[];
  next: string | null;
}

/**
 * Where a table of log rows reads its pages: the query key that names it, and the page after a
 * cursor (null: the first page).
 */
export interface LogSource<Entry = AuditEntry> {
  key: readonly unknown[];
  page: (after: string | null) => Promise<LogPage<Entry>>;
}

/** A page of a log route after a cursor: `range` gives its size, never rows to skip. */
async function logPage<Entry = AuditEntry>(
  path: string,
  params: URLSearchParams,
  after: string | null,
  size: number,
): Promise<LogPage<Entry>> {
  params.set('range', JSON.stringify([0, size - 1]));
  if (after) params.set('after', after);
  const response = await apiFetch(`${path}?${params}`, { headers: { Accept: 'application/json' } });
  const entries = (await response.json()) as Entry[];
  return { entries, next: response.headers.get('x-next-cursor') };
}

/** One page of the log after a cursor (null: the first page), and where the next one begins. */
export function auditPage(filter: AuditFilterValues, after: string | null, size = AUDIT_PAGE_SIZE) {
  return logPage(`${apiBase}/audit`, new URLSearchParams({ filter: filterParam(filter) }), after, size);
}

/** The whole log as the reader may see it, filtered. */
export const auditSource = (filter: AuditFilterValues): LogSource => ({
  key: ['audit-log', filter],
  page: (after) => auditPage(filter, after),
});

const historyPath = (type: string, id: number) => `${apiBase}/history/${type}/${id}`;

/**
 * One record's 이력 (`…/history/{type}/{id}/log`): the same rows as the log filtered by the record,
 * but "not found" (an error) where the record's history is, as on its other tabs.
 */
export const recordLogSource = (type: string, id: number): LogSource => ({
  // Under 'history', which every write that changes a record's history refreshes.
  key: ['history', type, id, 'log'],
  page: (after) => logPage(`${historyPath(type, id)}/log`, new URLSearchParams(), after, AUDIT_PAGE_SIZE),
});

/**
 * The changes of the grants on every record of a type (`…/history/{type}`), newest first, each
 * with the grants before it, paged as a record's 이력 is.
 */
export const typeGrantsSource = (type: ObjectType): LogSource<HistoryEntry> => ({
  key: ['history', type, '*'],
  page: (after) =>
    logPage<HistoryEntry>(`${apiBase}/history/${type}`, new URLSearchParams(), after, AUDIT_PAGE_SIZE),
});

/** The record as it was at a revision, or at a moment (`at`, Korea time unless it says otherwise). */
export function recordState(type: string, id: number, when: { revision: number } | { at: string }) {
  const query = 'revision' in when ? `revision=${when.revision}` : `at=${encodeURIComponent(when.at)}`;
  return apiJson<RecordAsOf>(`${historyPath(type, id)}/state?${query}`);
}

/** What changed between two revisions of a record. */
export function recordDiff(type: string, id: number, from: number, to: number) {
  return apiJson<RecordDiff>(`${historyPath(type, id)}/diff?from=${from}&to=${to}`);
}

export type ExportFormat = 'csv' | 'jsonl';

/** How far an export has come: bytes and rows received so far. */
export interface ExportProgress {
  bytes: number;
  rows: number;
  done: boolean;
}

/**
 * The filtered log as a file, read as it streams (the server writes it page by page) so a large
 * export shows its progress; the rows are counted by their line ends (the CSV's header is one).
 */
export async function exportLog(
  format: ExportFormat,
  filter: AuditFilterValues,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const params = new URLSearchParams({ format, filter: filterParam(filter) });
  const response = await apiFetch(`${apiBase}/audit/export?${params}`, signal ? { signal } : {});
  const reader = response.body!.getReader();
  const parts: Uint8Array[] = [];
  const progress: ExportProgress = { bytes: 0, rows: format === 'csv' ? -1 : 0, done: false };
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    progress.bytes += value.byteLength;
    for (const byte of value) if (byte === 0x0a) progress.rows++;
    onProgress({ ...progress, rows: Math.max(progress.rows, 0) });
  }
  onProgress({ ...progress, rows: Math.max(progress.rows, 0), done: true });
  const type = format === 'csv' ? 'text/csv;charset=utf-8' : 'application/x-ndjson;charset=utf-8';
  return new Blob(parts as BlobPart[], { type });
}

const isObjectType = (type: string): type is ObjectType => (objectTypes as readonly string[]).includes(type);

/** The dashboard page of a record, where its own screen shows it (null for what has none). */
export function recordPagePath(type: string, id: number | null): string | null {
  if (id === null || !isObjectType(type)) return null;
  if (type === 'Design') return `${dashboardPath}/mydesign/${id}`;
  if (type === 'Estimation') return `${dashboardPath}/estimation/${id}`;
  const resource = Object.entries(resourceObjectTypes).find(([, t]) => t === type)?.[0];
  return resource ? `${dashboardPath}/${resource}/${id}/show` : null;
}

/** The workbench page of one record: its history, as it was, its diffs and its replay. */
export const recordAuditPath = (type: string, id: number, tab?: string) =>
  `${dashboardPath}/audit/${type}/${id}${tab ? `/${tab}` : ''}`;
