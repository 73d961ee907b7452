import { type AuditEntry, type RecordAsOf, streamName } from '@interior/contracts';
import type { StoredEvent } from '@interior/platform';
import type { ApiClient, ApiResponse, TestPlatform } from './platform';

/**
 * Every row of a record's 이력 (`record`: "Type/id") as `token` sees it, oldest first, following the
 * route's cursor (it pages newest first). `status` is the first page's: 404 where the reader may
 * not read the record, and then no rows.
 */
export async function recordLog(
  api: ApiClient,
  token: string,
  record: string,
): Promise<{ status: number; rows: AuditEntry[] }> {
  const rows: AuditEntry[] = [];
  let path: string | null = `/api/history/${record}/log?range=${encodeURIComponent('[0,199]')}`;
  let status = 0;
  while (path) {
    const page: ApiResponse<AuditEntry[]> = await api.request<AuditEntry[]>('GET', path, { token });
    status ||= page.status;
    if (page.status !== 200) return { status, rows: [] };
    rows.push(...page.body);
    const next: string | null = page.headers.get('x-next-cursor');
    path = next ? /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')![1]! : null;
  }
  return { status, rows: rows.reverse() };
}

/** A record as `token` is shown it at `revision` (`GET …/state`): secrets redacted, personal fields as the key allows. */
export async function recordStateAt(api: ApiClient, token: string, record: string, revision: number) {
  return api.request<RecordAsOf>('GET', `/api/history/${record}/state?revision=${revision}`, { token });
}

/** The events of one record's stream as the log holds them, oldest first (what was recorded, not what a reader sees). */
export function recordedEvents(platform: TestPlatform, type: string, id: number): Promise<StoredEvent[]> {
  return platform.server.runtime.store.readStream(streamName(type, id));
}
