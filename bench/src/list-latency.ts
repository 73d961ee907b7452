import type { Knex } from 'knex';
import type { ApiClient } from './api-client';
import { districts, teams } from './groups';
import { type Percentiles, sampleLatency } from './measure';

/**
 * Section 4: latency of one `GET /api/usergroup` page (react-admin's getList) over HTTP, with the
 * seeded groups in the read model. One request at a time, so the figure is the latency of a page
 * on an otherwise idle server (token check, the page query, the count query, JSON), not a
 * throughput. Each case varies its parameters across requests so no single plan or row set is the
 * only one measured.
 *
 * Every case is measured twice: right after the rebuild, when the new generation's table has no
 * planner statistics yet (as users meet it after a rebuild, until autovacuum analyzes it), and
 * again after `ANALYZE` of that table (the steady state).
 */
export interface ListCase {
  what: string;
  params: (i: number) => { sort?: unknown; range?: unknown; filter?: unknown };
}

export interface ListLatency {
  what: string;
  /** Rows matched (Content-Range total) of the first measured request. */
  total: number;
  afterRebuild: Percentiles;
  analyzed: Percentiles;
}

export interface ListLatencyRun {
  cases: ListLatency[];
  /** Autovacuum analyzed the table while the "after rebuild" figures were taken. */
  autoAnalyzedMeanwhile: boolean;
}

type Sampling = { warmup: number; samples: number };

export function listCases(groups: number): ListCase[] {
  return [
    {
      what: 'sort name ASC, rows 5000–5024',
      params: () => ({ sort: ['name', 'ASC'], range: [5000, 5024] }),
    },
    {
      what: 'sort name ASC, deep page (rows 50000+)',
      params: (i) => ({ sort: ['name', 'ASC'], range: [50_000 + i * 25, 50_024 + i * 25] }),
    },
    {
      what: 'q=<team word> (~10% match), default sort',
      params: (i) => ({ filter: { q: teams[i % teams.length] }, range: [0, 24] }),
    },
    {
      what: 'q=<district> <team> (~1% match), sort name',
      params: (i) => ({
        filter: { q: `${districts[i % districts.length]} ${teams[(i * 7) % teams.length]}` },
        sort: ['name', 'ASC'],
        range: [0, 24],
      }),
    },
    {
      what: 'q=<5-digit number> (a few match), default sort',
      params: (i) => ({
        filter: { q: String(10_000 + ((i * 7919) % Math.max(1, groups - 10_000))) },
        range: [0, 24],
      }),
    },
  ];
}

/** `table` is the physical table behind the `usergroups` view (views cannot be analyzed). */
export async function measureListLatency(
  client: ApiClient,
  knex: Knex,
  table: string,
  cases: readonly ListCase[],
  sampling: Sampling,
): Promise<ListLatencyRun> {
  const analyzedBefore = await lastAutoAnalyze(knex, table);
  const afterRebuild = await measureCases(client, cases, sampling);
  const autoAnalyzedMeanwhile = (await lastAutoAnalyze(knex, table)) !== analyzedBefore;
  await knex.raw('analyze ??', [table]);
  const analyzed = await measureCases(client, cases, sampling);
  return {
    cases: cases.map((c, i) => ({
      what: c.what,
      total: afterRebuild[i]!.total,
      afterRebuild: afterRebuild[i]!.latency,
      analyzed: analyzed[i]!.latency,
    })),
    autoAnalyzedMeanwhile,
  };
}

async function measureCases(client: ApiClient, cases: readonly ListCase[], { warmup, samples }: Sampling) {
  const results: { total: number; latency: Percentiles }[] = [];
  for (const listCase of cases) {
    let total = Number.NaN;
    const latency = await sampleLatency(
      async (i) => {
        const page = await client.listGroups(listCase.params(i));
        if (i === warmup) total = page.total;
      },
      { warmup, samples },
    );
    results.push({ total, latency });
  }
  return results;
}

async function lastAutoAnalyze(knex: Knex, table: string): Promise<string | null> {
  const { rows } = await knex.raw<{ rows: { at: string | null }[] }>(
    'select last_autoanalyze::text as at from pg_stat_user_tables where relname = ?',
    [table],
  );
  return rows[0]?.at ?? null;
}
