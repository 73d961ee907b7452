/**
 * `node --max-semi-space-size=64 --import tsx bench/src/rebuild-designs-main.ts [--quick]`: section 6
 * of `npm run bench` alone (the designs read model built from a log of 100,000 designs with their
 * saves; 5,000 with `--quick`), in a database of its own, with the load average before and after.
 */
import { serverUrlFromEnv } from './bench-database';
import { loadAverages } from './measure';
import { DESIGNS_REBUILD_PLAN, measureDesignsRebuild } from './rebuild-designs';
import { formatDesignsRebuild } from './report';

const quick = process.argv.includes('--quick');
const began = performance.now();
const progress = (message: string) =>
  process.stderr.write(`  [${((performance.now() - began) / 1000).toFixed(0).padStart(4)} s] ${message}\n`);

process.stdout.write(`load average before: ${loadAverages()}\n`);
const plan = quick ? DESIGNS_REBUILD_PLAN.quick : DESIGNS_REBUILD_PLAN.full;
const result = await measureDesignsRebuild(serverUrlFromEnv(), plan.designs, plan.budgetMs, progress);
process.stdout.write(`${formatDesignsRebuild(result)}\nload average after: ${loadAverages()}\n`);
