/**
 * `node --max-semi-space-size=64 --import tsx bench/src/rebuild-designs-main.ts [--quick] [--slim-only]`:
 * section 6 of `npm run bench` alone (the designs read model built from a log of 100,000 designs
 * with their saves; 5,000 with `--quick`), in a database of its own, with the load average before
 * and after. It is built twice, each time from a log seeded afresh: first read in whole pages, as
 * from a store whose log is elsewhere, then in pages without the documents (what `npm run bench`
 * measures), so that one run compares the two on the same machine at about the same load.
 * `BENCH_CPU_PROFILE=<dir>` writes CPU profiles of the first build and of the rebuild.
 */
import { serverUrlFromEnv } from './bench-database';
import { loadAverages } from './measure';
import { DESIGNS_REBUILD_PLAN, type DesignsRebuild, measureDesignsRebuild } from './rebuild-designs';
import { formatDesignsRebuild } from './report';

const quick = process.argv.includes('--quick');
const ways: DesignsRebuild['pages'][] = process.argv.includes('--slim-only') ? ['slim'] : ['whole', 'slim'];
const began = performance.now();
const progress = (message: string) =>
  process.stderr.write(`  [${((performance.now() - began) / 1000).toFixed(0).padStart(4)} s] ${message}\n`);

const plan = quick ? DESIGNS_REBUILD_PLAN.quick : DESIGNS_REBUILD_PLAN.full;
for (const pages of ways) {
  process.stdout.write(`load average before: ${loadAverages()}\n`);
  const result = await measureDesignsRebuild(
    serverUrlFromEnv(),
    plan.designs,
    plan.budgetMs,
    progress,
    pages,
  );
  process.stdout.write(`${formatDesignsRebuild(result)}\nload average after: ${loadAverages()}\n\n`);
}
