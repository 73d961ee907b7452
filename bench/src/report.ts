import type { AppendRow } from './append-throughput';
import type { ListLatencyRun, TableState } from './list-latency';
import type { PageThroughput } from './page-throughput';
import type { LagResult } from './projection-lag';
import type { RebuildResult, SeedResult } from './rebuild';

/** Everything one run measured, as printed and as written by `--json`. */
export interface BenchReport {
  startedAt: string;
  environment: {
    node: string;
    cpus: number;
    postgres: string;
    database: string;
    /**
     * The machine's 1-minute load average when the run began (other work, others' tests) and when it
     * ended (mostly the run itself: this process and its PostgreSQL backends).
     */
    loadAverage: { start: number; end: number };
  };
  plan: {
    warmupSeconds: number;
    serverWarmupSeconds: number;
    measureSeconds: number;
    rounds: number;
    targetGroups: number;
  };
  appends: AppendRow[];
  projectionLag: LagResult[];
  seed: SeedResult;
  rebuild: RebuildResult;
  listLatency: ListLatencyRun;
  pageThroughput: PageThroughput;
  /** `--quick`: every measurement shrunk; the figures are not comparable with the targets. */
  quick: boolean;
  notes: string[];
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);

const tableState = (state: TableState) =>
  `${state.statisticsColumns > 0 ? 'analyzed' : 'no planner statistics'}, ${Math.round(state.allVisiblePercent)}% of pages all-visible`;

/** Columns left-aligned for text, right-aligned for numbers. */
function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const numeric = headers.map((_, c) => rows.every((r) => /^[\d.,×%—-]+$/.test(r[c]!.replace(/\s/g, ''))));
  const line = (cells: string[]) =>
    cells.map((cell, c) => (numeric[c] ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)]
    .map((l) => `  ${l.trimEnd()}`)
    .join('\n');
}

export function formatReport(report: BenchReport): string {
  const { environment: env, plan } = report;
  const sections = [
    `Benchmark ${report.startedAt} — Node ${env.node}, ${env.cpus} CPUs, PostgreSQL ${env.postgres}, database ${env.database}`,
    `Load average (1 min) ${env.loadAverage.start.toFixed(2)} before the run, ${env.loadAverage.end.toFixed(2)} at its end${
      env.loadAverage.start >= 1
        ? ' (other work was running on the machine before the run began: figures may be low)'
        : ''
    }`,
    `\n1. Single-event writes, one row per call (${plan.warmupSeconds} s warm-up, ${plan.measureSeconds} s measured each;`,
    `   plain INSERT and store.append in turns, ${plan.rounds} slices of ${plan.measureSeconds / plan.rounds} s each, before the platform starts;`,
    `   the started platform first runs ${plan.serverWarmupSeconds} s of POSTs at the most writers, thrown away, so its code is compiled;`,
    `   then POST and plain INSERT in turns the same way, the INSERT through the platform's pool: POST's ratio is to that INSERT)`,
    table(
      ['what', 'writers', 'ops', 'ops/s', '× plain INSERT', 'p50 ms', 'p99 ms', 'node CPU %'],
      report.appends.map((r) => [
        r.what,
        String(r.writers),
        int(r.ops),
        int(r.opsPerSecond),
        `${r.ratioToInsert.toFixed(2)}×`,
        ms(r.p50Ms),
        ms(r.p99Ms),
        int(r.processCpuPercent),
      ]),
    ),
    '\n2. Projection lag: append committed → visible in the usergroups read model',
    table(
      ['writers', 'samples', 'p50 ms', 'p99 ms'],
      report.projectionLag.map((r) => [String(r.writers), int(r.samples), ms(r.p50Ms), ms(r.p99Ms)]),
    ),
    `\n3. Rebuild of the usergroups read model (seeded ${int(report.seed.seeded)} groups into the log by SQL in ${report.seed.seconds.toFixed(1)} s;`,
    `   the live projections had caught up ${report.seed.catchUpSeconds.toFixed(1)} s after the last chunk)`,
    table(
      [
        'log events',
        'group events',
        'groups',
        'build s',
        'of which indexes s',
        'then vacuum s',
        'events/s',
        'filling events/s',
        'rescan wait s',
      ],
      [
        [
          int(report.rebuild.logEvents),
          int(report.rebuild.groupEvents),
          int(report.rebuild.groups),
          report.rebuild.buildSeconds.toFixed(2),
          report.rebuild.indexSeconds.toFixed(2),
          report.rebuild.vacuumSeconds.toFixed(2),
          int(report.rebuild.eventsPerSecond),
          int(report.rebuild.fillEventsPerSecond),
          report.rebuild.pickupSeconds.toFixed(2),
        ],
      ],
    ),
    `  (events/s over the whole build; filling: before the sort and trigram search indexes are created on the full table,`,
    `   and the vacuum that readies the tables for index-only scans before the switch)`,
    `\n4. GET /api/usergroup page latency over HTTP, ${int(report.rebuild.groups)} groups, one request at a time`,
    table(
      ['page', 'matched', 'samples', 'after switch p50', 'after switch p99', 'vacuumed p50', 'vacuumed p99'],
      report.listLatency.cases.map((r) => [
        r.what,
        int(r.total),
        int(r.vacuumed.samples),
        ms(r.afterSwitch.p50Ms),
        ms(r.afterSwitch.p99Ms),
        ms(r.vacuumed.p50Ms),
        ms(r.vacuumed.p99Ms),
      ]),
    ),
    `  (ms; "after switch": right after the rebuild switched the views to ${report.rebuild.table}, ${tableState(report.listLatency.atSwitch)};`,
    `  "vacuumed": after VACUUM (ANALYZE) of it, ${tableState(report.listLatency.atVacuumed)})`,
  ];
  const page = report.pageThroughput;
  sections.push(
    `\n5. GET /api/usergroup first page (25 rows of ${int(page.groups)}, exact total), one client back to back`,
    table(
      ['answer', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'node CPU %'],
      (
        [
          ['remembered (asked again, nothing changed)', page.remembered],
          ['made afresh (Cache-Control: no-cache)', page.afresh],
        ] as const
      ).map(([what, t]) => [
        what,
        int(t.ops),
        int(t.opsPerSecond),
        ms(t.p50Ms),
        ms(t.p99Ms),
        int(t.processCpuPercent),
      ]),
    ),
    `\nTargets: today's figure, this run's, the target${report.quick ? ' (--quick: sizes shrunk, not comparable)' : ''}`,
    table(['figure', 'today', 'this run', 'target', 'met'], targets(report)),
  );
  if (report.notes.length) sections.push(`\nNotes:\n${report.notes.map((n) => `  - ${n}`).join('\n')}`);
  return `${sections.join('\n')}\n`;
}

/** The figures with targets, beside the figures measured before the work to meet them. */
function targets(report: BenchReport): string[][] {
  const rows: string[][] = [];
  const yes = (met: boolean) => (met ? 'yes' : 'NO');
  const post = (writers: number) =>
    report.appends.find((r) => r.what === 'POST /api/usergroup' && r.writers === writers);
  const one = post(1);
  if (one) {
    rows.push([
      'POST /api/usergroup, 1 writer ÷ INSERT',
      '0.03× (79/s, p50 11.5 ms)',
      `${one.ratioToInsert.toFixed(2)}× (${int(one.opsPerSecond)}/s, p50 ${ms(one.p50Ms)} ms, p99 ${ms(one.p99Ms)} ms)`,
      '≥ 0.15×, p99 ≤ 10 ms',
      yes(one.ratioToInsert >= 0.15 && one.p99Ms <= 10),
    ]);
  }
  const eight = post(8);
  if (eight) {
    rows.push([
      'POST /api/usergroup, 8 writers ÷ INSERT',
      '0.02× (185/s, p99 82 ms)',
      `${eight.ratioToInsert.toFixed(2)}× (${int(eight.opsPerSecond)}/s, p99 ${ms(eight.p99Ms)} ms)`,
      '≥ 0.10×',
      yes(eight.ratioToInsert >= 0.1),
    ]);
  }
  const append = report.appends.find((r) => r.what === 'store.append' && r.writers === 8);
  if (append) {
    rows.push([
      'store.append, 8 writers ÷ INSERT',
      '0.31×',
      `${append.ratioToInsert.toFixed(2)}× (${int(append.opsPerSecond)}/s)`,
      '≥ 0.5×',
      yes(append.ratioToInsert >= 0.5),
    ]);
  }
  const { remembered, afresh, groups } = report.pageThroughput;
  rows.push([
    'GET /api/usergroup page of 25, one client',
    '355 req/s',
    `${int(remembered.opsPerSecond)} req/s, p99 ${ms(remembered.p99Ms)} ms at ${int(groups)} rows (made afresh: ${int(afresh.opsPerSecond)} req/s, p99 ${ms(afresh.p99Ms)} ms)`,
    '≥ 1,500 req/s, p99 ≤ 10 ms',
    yes(remembered.opsPerSecond >= 1500 && remembered.p99Ms <= 10),
  ]);
  rows.push([
    'rebuild of a read model',
    '4,586 events/s',
    `${int(report.rebuild.eventsPerSecond)} events/s (filling ${int(report.rebuild.fillEventsPerSecond)}, then ${report.rebuild.indexSeconds.toFixed(1)} s of indexes, ${report.rebuild.vacuumSeconds.toFixed(1)} s of vacuum)`,
    '≥ 100,000 events/s',
    yes(report.rebuild.eventsPerSecond >= 100_000),
  ]);
  const search = report.listLatency.cases.find((c) => c.what.includes('~1% match'));
  if (search) {
    const worst = Math.max(search.afterSwitch.p99Ms, search.vacuumed.p99Ms);
    rows.push([
      'list, sort + q (1% match)',
      'p99 155 ms at 100,000 rows',
      `p99 ${ms(worst)} ms at ${int(report.rebuild.groups)} rows (worse of the two passes)`,
      'p99 ≤ 50 ms at 1,000,000 rows',
      yes(worst <= 50 && report.rebuild.groups >= 1_000_000),
    ]);
  }
  return rows;
}
