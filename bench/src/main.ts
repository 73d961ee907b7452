import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@interior/platform';
import { userGroupsProjection } from '@interior/projections/usergroups/usergroups.projection';
import { type PlatformServer, startPlatform } from '@interior/server';
import { ApiClient } from './api-client';
import { measureDirectWrites, measureHttpCreates, type WritePlan } from './append-throughput';
import { auditSection } from './audit-log';
import {
  type BenchDatabase,
  createBenchDatabase,
  redactedUrl,
  ServerUnreachableError,
  serverUrlFromEnv,
} from './bench-database';
import { designsSection } from './designs';
import { formatEstimateEngine, measureEstimateEngine } from './estimate-engine';
import { formatEstimatePdf, measureEstimatePdf } from './estimate-pdf';
import { estimationDraftSection } from './estimation-draft';
import { filesSection } from './files';
import { HttpChild } from './http-child';
import { largePlanSection } from './large-plan';
import { listCases, measureListLatency } from './list-latency';
import { measurePageThroughput } from './page-throughput';
import { productListSection } from './products';
import { measureProjectionLag } from './projection-lag';
import { measureRebuild, seedGroups } from './rebuild';
import { DESIGNS_REBUILD_PLAN, measureDesignsRebuild } from './rebuild-designs';
import { type BenchReport, formatReport } from './report';
import { measureServicesLag } from './services-lag';
import { formatUiWeight, measureUiWeight, uiWeightSkipReason } from './ui-weight';

/**
 * `npm run bench [-- --json [file]] [-- --quick] [-- --large-plan] [-- --ui-weight]`: the platform's figures from one run against a
 * real PostgreSQL, in a database created for the run and dropped after it. Not a test: it prints
 * what it measured and asserts nothing about speed. `--quick` shrinks every measurement, to check
 * the benchmark itself; its figures are not comparable.
 */
interface Options {
  json: string | null;
  quick: boolean;
  /** `--large-plan`: only the large-plan section (the editor in Chromium), which needs no seeded groups. */
  largePlanOnly: boolean;
  /** `--ui-weight`: only the UI weight (the built UI's first-visit JavaScript in Chromium). */
  uiWeightOnly: boolean;
}

interface Plan extends WritePlan {
  targetGroups: number;
  listWarmup: number;
  listSamples: number;
  /** Designs seeded (each with its saves) for the designs read model's rebuild. */
  designs: number;
  /** The longest the designs read model's build is timed. */
  designsBudgetMs: number;
  /** How long the lag across separate service processes is measured. */
  servicesLagMs: number;
}

const FULL: Plan = {
  warmupMs: 1_000,
  durationMs: 4_000,
  writers: [1, 8],
  rounds: 4,
  serverWarmupMs: 5_000,
  targetGroups: 1_000_000,
  listWarmup: 10,
  listSamples: 100,
  designs: DESIGNS_REBUILD_PLAN.full.designs,
  designsBudgetMs: DESIGNS_REBUILD_PLAN.full.budgetMs,
  servicesLagMs: 10_000,
};
const QUICK: Plan = {
  ...FULL,
  warmupMs: 200,
  durationMs: 1_000,
  rounds: 2,
  serverWarmupMs: 500,
  targetGroups: 10_000,
  listWarmup: 5,
  listSamples: 30,
  designs: DESIGNS_REBUILD_PLAN.quick.designs,
  designsBudgetMs: DESIGNS_REBUILD_PLAN.quick.budgetMs,
  servicesLagMs: 2_000,
};

const admin = {
  email: 'bench-admin@interior.local',
  password: `Bench-${randomBytes(12).toString('base64url')}`,
};

function parseOptions(argv: readonly string[]): Options {
  const options: Options = { json: null, quick: false, largePlanOnly: false, uiWeightOnly: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--quick') options.quick = true;
    else if (arg === '--large-plan') options.largePlanOnly = true;
    else if (arg === '--ui-weight') options.uiWeightOnly = true;
    else if (arg === '--json') {
      const next = argv[i + 1];
      const hasFile = next !== undefined && !next.startsWith('--');
      options.json = hasFile ? next : 'bench-results.json';
      if (hasFile) i++;
    } else if (arg.startsWith('--json=')) options.json = arg.slice('--json='.length);
    else
      throw new Error(`unknown argument ${arg} (expected --json [file], --quick, --large-plan, --ui-weight)`);
  }
  return options;
}

async function startBenchPlatform(url: string): Promise<PlatformServer> {
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    BOOTSTRAP_ADMIN_EMAIL: admin.email,
    BOOTSTRAP_ADMIN_PASSWORD: admin.password,
  });
  return startPlatform(config, { uiDir: null, announce: () => {} });
}

/** Problems the runner reports, and more than one usergroups loop calling itself active. */
function runnerNotes(platform: PlatformServer): string[] {
  const loops = platform.runner.health();
  const notes = loops.filter((l) => l.error).map((l) => `projection ${l.name} g${l.generation}: ${l.error}`);
  const active = loops.filter((l) => l.name === userGroupsProjection.name && l.status === 'active');
  if (active.length > 1) {
    notes.push(
      `after the rebuild runner.health() lists ${active.length} active usergroups loops: ${active
        .map((l) => `g${l.generation}`)
        .join(', ')}`,
    );
  }
  return notes;
}

/** A line on stderr with the seconds since the run began, so a long run shows where it is. */
function progressReporter(): (message: string) => void {
  const began = performance.now();
  return (message) =>
    process.stderr.write(`  [${((performance.now() - began) / 1000).toFixed(0).padStart(4)} s] ${message}\n`);
}

async function runBenchmarks(bench: BenchDatabase, plan: Plan): Promise<BenchReport> {
  const startedAt = new Date().toISOString();
  const loadAtStart = os.loadavg()[0]!;
  const notes: string[] = [];
  const progress = progressReporter();
  progress('1. plain INSERT and store.append');
  const direct = await measureDirectWrites(bench.url, plan);
  progress('starting the platform');
  const platform = await startBenchPlatform(bench.url);
  let child: HttpChild | undefined;
  let closing: Promise<void> | undefined;
  // Closed before the last section, which runs the services as processes of their own instead.
  const closePlatform = () => {
    child?.close();
    closing ??= platform.close();
    return closing;
  };
  try {
    await ApiClient.expectAuthRequired(platform.url);
    const client = await ApiClient.signIn(platform.url, admin.email, admin.password);
    // The HTTP client of every measured figure, in a process of its own.
    child = HttpChild.start(client.token);
    progress('1. POST /api/usergroup');
    const http = await measureHttpCreates(client, child, platform.runtime.db.knex, plan, notes);
    progress('2. projection lag');
    const projectionLag = [];
    for (const writers of plan.writers) {
      const lagPlan = { writers, warmupMs: plan.warmupMs, durationMs: plan.durationMs };
      projectionLag.push(await measureProjectionLag(platform, lagPlan, client.userId));
    }
    progress(`3. seeding ${plan.targetGroups.toLocaleString('en-US')} groups`);
    const seed = await seedGroups(platform, plan.targetGroups, client.userId, progress);
    progress('3. rebuild');
    const rebuild = await measureRebuild(platform);
    progress('4. list pages');
    const listLatency = await measureListLatency(
      { child, baseUrl: platform.url },
      platform.runtime.db.knex,
      rebuild.table,
      listCases(rebuild.groups),
      { warmup: plan.listWarmup, samples: plan.listSamples },
      progress,
    );
    progress('5. first page, one client back to back');
    const pageThroughput = await measurePageThroughput(client, child, rebuild.groups, plan);
    if (listLatency.autovacuumMeanwhile) {
      notes.push(`autovacuum ran on ${rebuild.table} while the "after switch" page latencies were taken`);
    }
    notes.push(...runnerNotes(platform));
    await closePlatform();
    progress(
      `6. seeding ${plan.designs.toLocaleString('en-US')} designs with their saves, then building their read model`,
    );
    const designsRebuild = await measureDesignsRebuild(
      serverUrlFromEnv(),
      plan.designs,
      plan.designsBudgetMs,
      progress,
    );
    progress('7. projection lag, the services as separate processes');
    const servicesLag = await measureServicesLag(
      bench.url,
      admin,
      { warmupMs: plan.warmupMs, durationMs: plan.servicesLagMs },
      progress,
    );
    progress('done');
    return {
      startedAt,
      environment: {
        node: process.versions.node,
        cpus: os.cpus().length,
        postgres: bench.serverVersion,
        database: bench.name,
        loadAverage: { start: loadAtStart, end: os.loadavg()[0]! },
      },
      plan: {
        warmupSeconds: plan.warmupMs / 1000,
        serverWarmupSeconds: plan.serverWarmupMs / 1000,
        measureSeconds: plan.durationMs / 1000,
        rounds: plan.rounds,
        targetGroups: plan.targetGroups,
      },
      appends: [...direct, ...http].sort((a, b) => a.writers - b.writers),
      projectionLag,
      seed,
      rebuild,
      listLatency,
      pageThroughput,
      designsRebuild,
      servicesLag,
      quick: plan.targetGroups < FULL.targetGroups,
      notes,
    };
  } finally {
    await closePlatform();
  }
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const serverUrl = serverUrlFromEnv();
  let bench: BenchDatabase;
  try {
    bench = await createBenchDatabase(serverUrl);
  } catch (error) {
    if (!(error instanceof ServerUnreachableError)) throw error;
    process.stderr.write(
      `${error.message}\nStart PostgreSQL or point BENCH_DATABASE_URL (or TEST_DATABASE_URL) at a server where this user may create databases.\n`,
    );
    return 2;
  }
  const dropAndExit = () => {
    process.stderr.write(`\ninterrupted: dropping ${bench.name}\n`);
    void bench.drop().finally(() => process.exit(130));
  };
  process.once('SIGINT', dropAndExit);
  process.once('SIGTERM', dropAndExit);
  process.stdout.write(
    `Benchmarking against ${redactedUrl(bench.url)}${options.quick ? ' (--quick)' : ''}\n`,
  );
  try {
    if (options.largePlanOnly) {
      process.stdout.write(await largePlanSection(bench.url, admin, options.quick));
      return 0;
    }
    if (options.uiWeightOnly) {
      const uiSkip = uiWeightSkipReason();
      if (uiSkip) throw new Error(`UI weight cannot run: ${uiSkip}`);
      const uiWeight = await measureUiWeight({
        databaseUrl: bench.url,
        admin,
        fcpSamples: options.quick ? 1 : 3,
      });
      process.stdout.write(`\n${formatUiWeight(uiWeight)}`);
      return 0;
    }
    const report = await runBenchmarks(bench, options.quick ? QUICK : FULL);
    process.stdout.write(`\n${formatReport(report)}`);
    const engine = await measureEstimateEngine(options.quick);
    process.stdout.write(formatEstimateEngine(engine));
    process.stdout.write(formatEstimatePdf(await measureEstimatePdf(options.quick)));
    const uiSkip = uiWeightSkipReason();
    const uiWeight = uiSkip
      ? null
      : await measureUiWeight({ databaseUrl: bench.url, admin, fcpSamples: options.quick ? 3 : 9 });
    process.stdout.write(uiWeight ? `\n${formatUiWeight(uiWeight)}` : `\nUI weight skipped: ${uiSkip}\n`);
    process.stdout.write(await designsSection(bench.url, admin, options.quick));
    process.stdout.write(await filesSection(bench.url, admin, options.quick));
    process.stdout.write(await estimationDraftSection(bench.url, admin, options.quick, engine));
    process.stdout.write(await productListSection(bench.url, admin, options.quick));
    process.stdout.write(await largePlanSection(bench.url, admin, options.quick));
    process.stdout.write(await auditSection(bench.url, admin, options.quick, progressReporter()));
    if (options.json) {
      await fs.writeFile(options.json, `${JSON.stringify({ ...report, uiWeight }, null, 2)}\n`);
      process.stdout.write(`\nResults written to ${path.resolve(options.json)}\n`);
    }
    return 0;
  } finally {
    await bench.drop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(
      `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
