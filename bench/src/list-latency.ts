import type { Knex } from 'knex';
import { usergroupListPath } from './api-client';
import { districts, teams } from './groups';
import type { HttpChild } from './http-child';
import type { Percentiles } from './measure';

/**
 * Section 4: latency of one `GET /api/usergroup` page (react-admin's getList) over HTTP, with the
 * seeded groups in the read model, asked by the client process (http-child.ts). One request at a time, so the figure is the latency of a page
 * on an otherwise idle server (token check, the page query, the count query, JSON), not a
 * throughput. Most cases vary their parameters across requests so no single plan or row set is
 * the only one measured. The unfiltered cases must report every row of the table as their total
 * (Content-Range), so the figures are over the whole read model, not a part the caller may read.
 *
 * Every request says `Cache-Control: no-cache`: the figures are of pages made from PostgreSQL,
 * never of an answer the process remembered (section 5 measures those).
 *
 * Every case is measured twice: right after the rebuild switched the views to the new generation
 * (the runner vacuums and analyzes the new tables before the switch, so they have planner
 * statistics and a visibility map; autovacuum may still start on them meanwhile), and again after
 * another `VACUUM (ANALYZE)` of the table, the state autovacuum leaves it in.
 */
export interface ListCase {
  what: string;
  /** The Content-Range total the case must report (the unfiltered cases: every row of the table). */
  expectedTotal?: number;
  /** At most this many samples (and a tenth as many warm-ups): for a case slow enough to need it. */
  maxSamples?: number;
  params: (i: number) => { sort?: unknown; range?: unknown; filter?: unknown };
}

export interface ListLatency {
  what: string;
  /** Rows matched (Content-Range total) of the first measured request. */
  total: number;
  afterSwitch: Percentiles;
  vacuumed: Percentiles;
}

/** What the planner and executor had to work with, read from the catalog. */
export interface TableState {
  /** Columns with planner statistics (pg_stats rows); 0 = never analyzed. */
  statisticsColumns: number;
  /** Pages marked all-visible over all pages, in %: 0 before the first vacuum. */
  allVisiblePercent: number;
}

export interface ListLatencyRun {
  cases: ListLatency[];
  /** The table when the first pass began, right after the switch. */
  atSwitch: TableState;
  /** The table after VACUUM (ANALYZE), when the second pass began. */
  atVacuumed: TableState;
  /** Autovacuum vacuumed or analyzed the table while the "after switch" figures were taken. */
  autovacuumMeanwhile: boolean;
}

type Sampling = { warmup: number; samples: number };

export function listCases(groups: number): ListCase[] {
  const middle = Math.floor(groups / 2);
  return [
    {
      what: 'sort name ASC, rows 5000–5024',
      expectedTotal: groups,
      params: () => ({ sort: ['name', 'ASC'], range: [5000, 5024] }),
    },
    {
      what: `sort name ASC, deep page (rows ${middle.toLocaleString('en-US')}+)`,
      expectedTotal: groups,
      // An offset is read past row by row: at a million rows each request takes seconds.
      maxSamples: 20,
      params: (i) => ({ sort: ['name', 'ASC'], range: [middle + i * 25, middle + 24 + i * 25] }),
    },
    {
      what: 'q=<team word> (~10% match), default sort',
      // Its exact total rechecks a tenth of the table: on a loaded machine, up to seconds each.
      maxSamples: 40,
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
      what: 'q=<5-digit number> (one or a few match), default sort',
      params: (i) => ({
        filter: { q: String(10_000 + ((i * 7919) % Math.max(1, groups - 10_000))) },
        range: [0, 24],
      }),
    },
  ];
}

/** `table` is the physical table behind the `usergroups` view (views cannot be vacuumed). */
export async function measureListLatency(
  client: { child: HttpChild; baseUrl: string },
  knex: Knex,
  table: string,
  cases: readonly ListCase[],
  sampling: Sampling,
  progress: (message: string) => void = () => {},
): Promise<ListLatencyRun> {
  const atSwitch = await tableState(knex, table);
  const autovacuumBefore = await lastAutovacuum(knex, table);
  const afterSwitch = await measureCases(client, cases, sampling, (what) =>
    progress(`after switch: ${what}`),
  );
  const autovacuumMeanwhile = (await lastAutovacuum(knex, table)) !== autovacuumBefore;
  progress(`vacuum (analyze) ${table}`);
  await knex.raw('vacuum (analyze) ??', [table]);
  const atVacuumed = await tableState(knex, table);
  const vacuumed = await measureCases(client, cases, sampling, (what) => progress(`vacuumed: ${what}`));
  return {
    cases: cases.map((c, i) => ({
      what: c.what,
      total: afterSwitch[i]!.total,
      afterSwitch: afterSwitch[i]!.latency,
      vacuumed: vacuumed[i]!.latency,
    })),
    atSwitch,
    atVacuumed,
    autovacuumMeanwhile,
  };
}

async function measureCases(
  client: { child: HttpChild; baseUrl: string },
  cases: readonly ListCase[],
  sampling: Sampling,
  progress: (what: string) => void,
) {
  const results: { total: number; latency: Percentiles }[] = [];
  for (const listCase of cases) {
    progress(listCase.what);
    const { warmup, samples } = listCase.maxSamples
      ? {
          warmup: Math.min(sampling.warmup, Math.ceil(listCase.maxSamples / 10)),
          samples: Math.min(sampling.samples, listCase.maxSamples),
        }
      : sampling;
    const [measured] = await client.child.latency(client.baseUrl, [
      {
        name: listCase.what,
        paths: Array.from({ length: warmup + samples }, (_, i) => usergroupListPath(listCase.params(i))),
        fresh: true,
        warmup,
        samples,
      },
    ]);
    if (!measured) throw new Error(`${listCase.what}: no result`);
    const { name: _, total = Number.NaN, ...latency } = measured;
    if (listCase.expectedTotal !== undefined && total !== listCase.expectedTotal) {
      throw new Error(`${listCase.what}: Content-Range total ${total}, expected ${listCase.expectedTotal}`);
    }
    results.push({ total, latency });
  }
  return results;
}

async function tableState(knex: Knex, table: string): Promise<TableState> {
  const { rows } = await knex.raw<{ rows: { stats: number; pages: number; visible: number }[] }>(
    `select (select count(*) from pg_stats where schemaname = current_schema() and tablename = ?)::int as stats,
       relpages as pages, relallvisible as visible
     from pg_class where oid = ?::regclass`,
    [table, table],
  );
  const row = rows[0];
  if (!row) throw new Error(`no table ${table}`);
  return {
    statisticsColumns: row.stats,
    allVisiblePercent: row.pages > 0 ? (100 * row.visible) / row.pages : 0,
  };
}

/** When autovacuum last vacuumed and analyzed the table (the statistics views lag by up to a second). */
async function lastAutovacuum(knex: Knex, table: string): Promise<string> {
  const { rows } = await knex.raw<{ rows: { at: string | null }[] }>(
    `select concat_ws(' / ', last_autovacuum::text, last_autoanalyze::text) as at
     from pg_stat_user_tables where relname = ?`,
    [table],
  );
  return rows[0]?.at ?? '';
}
