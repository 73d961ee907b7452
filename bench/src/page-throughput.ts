import type { ApiClient } from './api-client';
import { measureThroughput, type Throughput } from './measure';

/**
 * Section 5: `GET /api/usergroup`, react-admin's first page (default sort, rows 0–24, no filter),
 * requested by one client back to back over HTTP against the seeded read model: requests per
 * second and their latency. Every answer must carry the exact total of the table in its
 * Content-Range, so the figure includes counting every row, not a part of them.
 *
 * Measured twice: as a list is asked again while nothing changed (the process remembers the
 * answer while the read models are unchanged, platform/src/http/answer-cache.ts), and with
 * `Cache-Control: no-cache` (a hard reload), which makes every answer afresh from PostgreSQL.
 */
export interface PageThroughput {
  groups: number;
  remembered: Throughput;
  afresh: Throughput;
}

export async function measurePageThroughput(
  client: ApiClient,
  groups: number,
  plan: { warmupMs: number; durationMs: number },
): Promise<PageThroughput> {
  const { warmupMs, durationMs } = plan;
  const measure = (fresh: boolean) =>
    measureThroughput({ writers: 1, warmupMs, durationMs }, () => async () => {
      const page = await client.listGroups({ range: [0, 24] }, { fresh });
      if (page.rows !== 25 || page.total !== groups) {
        throw new Error(`GET /api/usergroup: ${page.rows} rows of ${page.total}, expected 25 of ${groups}`);
      }
    });
  const afresh = await measure(true);
  const remembered = await measure(false);
  return { groups, remembered, afresh };
}
