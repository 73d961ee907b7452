/**
 * `node --max-semi-space-size=64 --import tsx bench/src/http-main.ts [--quick] [--groups N]
 * [--posts] [--lists] [--page]`: the HTTP figures of `npm run bench` alone (sections 1, 4 and 5:
 * POST /api/usergroup beside a plain INSERT, the list pages over the seeded groups, the first page
 * back to back), each from the client process, in a database of their own (created for the run,
 * dropped after it). Without a section flag, all three. `--groups` sets how many groups the list
 * sections are measured over (1,000,000 by default, 10,000 with `--quick`).
 * `BENCH_CPU_PROFILE=<dir>` writes a CPU profile of each measured phase (the server runs in this
 * process); `BENCH_EXPLAIN=1` prints the plans of each list case's first request.
 */
import { randomBytes } from 'node:crypto';
import { ApiClient } from './api-client';
import { measureDirectWrites, measureHttpCreates } from './append-throughput';
import { createBenchDatabase, serverUrlFromEnv } from './bench-database';
import { profiled } from './cpu-profile';
import { explained } from './explain';
import { HttpChild } from './http-child';
import { listCases, measureListLatency } from './list-latency';
import { loadAverages, type Throughput } from './measure';
import { measurePageThroughput } from './page-throughput';
import { measureRebuild, seedGroups } from './rebuild';
import { ms, startSectionPlatform } from './section-platform';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const groupsArg = args.indexOf('--groups');
const groups = groupsArg >= 0 ? Number(args[groupsArg + 1]) : quick ? 10_000 : 1_000_000;
const only = ['--posts', '--lists', '--page'].filter((flag) => args.includes(flag));
const runs = (flag: string) => only.length === 0 || only.includes(flag);
const plan = {
  warmupMs: quick ? 200 : 1_000,
  durationMs: quick ? 1_000 : 4_000,
  writers: [1, 8],
  rounds: quick ? 2 : 4,
  serverWarmupMs: quick ? 500 : 5_000,
};
const sampling = quick ? { warmup: 5, samples: 30 } : { warmup: 10, samples: 100 };
const admin = {
  email: 'bench-admin@interior.local',
  password: `Bench-${randomBytes(12).toString('base64url')}`,
};

const progress = (message: string) => process.stderr.write(`  ${message}\n`);
const rate = (t: Throughput) =>
  `${Math.round(t.opsPerSecond)}/s, p50 ${ms(t.p50Ms)} ms, p99 ${ms(t.p99Ms)} ms, node CPU ${Math.round(t.processCpuPercent)}%`;

const bench = await createBenchDatabase(serverUrlFromEnv());
try {
  process.stdout.write(`load average before: ${loadAverages()}\n`);
  const direct = runs('--posts') ? await measureDirectWrites(bench.url, plan) : [];
  const { platform } = await startSectionPlatform(bench.url, admin);
  const client = await ApiClient.signIn(platform.url, admin.email, admin.password);
  const child = HttpChild.start(client.token);
  const { knex } = platform.runtime.db;
  try {
    if (runs('--posts')) {
      const notes: string[] = [];
      const http = await profiled('post-usergroup', () =>
        measureHttpCreates(client, child, knex, plan, notes),
      );
      for (const row of [...direct, ...http].sort((a, b) => a.writers - b.writers))
        process.stdout.write(
          `${row.what}, ${row.writers} writers: ${row.ratioToInsert.toFixed(3)}× (${rate(row)})\n`,
        );
      for (const note of notes) process.stdout.write(`note: ${note}\n`);
    }
    if (runs('--lists') || runs('--page')) {
      await seedGroups(platform, groups, client.userId, progress);
      const rebuild = await measureRebuild(platform);
      if (runs('--lists')) {
        const cases = listCases(rebuild.groups);
        const run = await profiled('usergroup-lists', () =>
          measureListLatency(
            { child, baseUrl: platform.url },
            knex,
            rebuild.table,
            cases,
            sampling,
            progress,
          ),
        );
        for (const c of run.cases)
          process.stdout.write(
            `${c.what} (${c.total} matched): after switch p50 ${ms(c.afterSwitch.p50Ms)} p99 ${ms(c.afterSwitch.p99Ms)}; vacuumed p50 ${ms(c.vacuumed.p50Ms)} p99 ${ms(c.vacuumed.p99Ms)} ms\n`,
          );
        for (const c of cases)
          await explained(knex, `GET /api/usergroup ${c.what}`, () =>
            client.listGroups(c.params(1), { fresh: true }),
          );
      }
      if (runs('--page')) {
        const page = await profiled('usergroup-first-page', () =>
          measurePageThroughput(client, child, rebuild.groups, plan),
        );
        process.stdout.write(
          `first page of ${rebuild.groups}: afresh ${rate(page.afresh)}; remembered ${rate(page.remembered)}; afresh in process ${rate(page.afreshInProcess)}\n`,
        );
        await explained(knex, 'GET /api/usergroup first page', () =>
          client.listGroups({ range: [0, 24] }, { fresh: true }),
        );
      }
    }
  } finally {
    child.close();
    await platform.close();
  }
  process.stdout.write(`load average after: ${loadAverages()}\n`);
} finally {
  await bench.drop();
}
// Keep-alive sockets of the in-process client would hold the process open.
process.exit(0);
