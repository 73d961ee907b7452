import { Readable } from 'node:stream';
import {
  auditCsvHeader,
  auditCsvRow,
  csvCell,
  csvDocument,
  logOrder,
  MAX_AUDIT_PAGE,
  messages,
} from '@interior/contracts';
import { badRequest, principalOf } from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import type { QueryServiceDeps } from '../deps';
import { pageHeaders, pageRequest, parseFilter, readPage, visibility } from './log-page';

/**
 * `GET /api/audit`: every event of the system a reader may see, newest first, one sentence each.
 * Paged by the position of the last row (`after`), never by skipping rows; `range=[a,b]` gives
 * the page's size. `Content-Range` counts the rows so far (one more while more follow), and
 * `Link: rel="next"` and `X-Next-Cursor` carry where the next page begins.
 */
export function registerAuditQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  app.get('/api/audit', async (request, reply) => {
    const principal = principalOf(request);
    const query = request.query as Record<string, unknown>;
    const { after, start, size } = pageRequest(query);
    const filter = parseFilter(query.filter);
    const page = await readPage(deps, visibility(deps, principal), filter, after, size);
    const kept: Record<string, string> = typeof query.filter === 'string' ? { filter: query.filter } : {};
    pageHeaders(reply, { unit: 'audit', path: '/api/audit', kept, start, size }, page);
    return page.entries;
  });

  /**
   * `GET /api/audit/export?format=csv|jsonl&filter=…`: the whole filtered log as the reader sees
   * it, newest first, written page by page as it is read (never held whole in memory); CSV through
   * the shared safe writer (spreadsheet formulas neutralised, with a byte order mark for Excel).
   */
  app.get('/api/audit/export', async (request, reply) => {
    const principal = principalOf(request);
    const query = request.query as Record<string, unknown>;
    const format = query.format;
    if (format !== 'csv' && format !== 'jsonl') throw badRequest(messages.invalidExportFormat);
    const filter = parseFilter(query.filter);
    const mayRead = visibility(deps, principal);
    async function* lines() {
      if (format === 'csv') yield csvDocument(auditCsvHeader, []);
      let after: [string, string] | null = null;
      do {
        const { entries, next } = await readPage(deps, mayRead, filter, after, MAX_AUDIT_PAGE);
        yield entries
          .map((entry) =>
            format === 'csv'
              ? `${auditCsvRow(entry).map(csvCell).join(',')}\r\n`
              : `${JSON.stringify(entry)}\n`,
          )
          .join('');
        after = next === null ? null : logOrder(next);
      } while (after);
    }
    reply
      .header(
        'content-type',
        format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
      )
      .header('content-disposition', `attachment; filename="audit.${format}"`);
    return reply.send(Readable.from(lines()));
  });
}
