import { type ApiClient, usergroupListPath } from './api-client';
import type { HttpChild } from './http-child';
import { inThisProcess, measureSlices, type Throughput } from './measure';

/**
 * Section 5: `GET /api/usergroup`, react-admin's first page (default sort, rows 0–24, no filter),
 * requested by one client back to back over HTTP against the seeded read model: requests per
 * second and their latency. Every answer must carry the exact total of the table in its
 * Content-Range, so the figure includes counting every row, not a part of them.
 *
 * Measured from the client process (http-child.ts) twice: as a list is asked again while nothing
 * changed (the process remembers the answer while the read models are unchanged,
 * platform/src/http/answer-cache.ts), and with `Cache-Control: no-cache` (a hard reload), which
 * makes every answer afresh from PostgreSQL. The fresh page is measured a third time from a client
 * in the server's own process, labelled, for comparison with the figures before the client moved.
 */
export interface PageThroughput {
  groups: number;
  remembered: Throughput;
  afresh: Throughput;
  /** Made afresh, the client in the server's process. */
  afreshInProcess: Throughput;
}

const FIRST_PAGE = usergroupListPath({ range: [0, 24] });

export async function measurePageThroughput(
  client: ApiClient,
  child: HttpChild,
  groups: number,
  plan: { warmupMs: number; durationMs: number },
): Promise<PageThroughput> {
  const runPlan = { writers: 1, warmupMs: plan.warmupMs, durationMs: plan.durationMs };
  const fromChild = (fresh: boolean) =>
    measureSlices(
      runPlan,
      child.slices(client.baseUrl, { kind: 'get', path: FIRST_PAGE, fresh, rows: 25, total: groups }),
    );
  const afresh = await fromChild(true);
  const remembered = await fromChild(false);
  const afreshInProcess = await measureSlices(
    runPlan,
    inThisProcess(() => async () => {
      const page = await client.listGroups({ range: [0, 24] }, { fresh: true });
      if (page.rows !== 25 || page.total !== groups) {
        throw new Error(`GET /api/usergroup: ${page.rows} rows of ${page.total}, expected 25 of ${groups}`);
      }
    }),
  );
  return { groups, remembered, afresh, afreshInProcess };
}
