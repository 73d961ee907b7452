/**
 * `node --import tsx bench/src/docs-main.ts [--quick] [--designs] [--draft]`: the designs section
 * (`GET /api/mydesign` at 100,000 designs, `PUT` of a 1 MB document) and the estimate draft
 * section of `npm run bench` alone (both without a flag), in a database of their own (created
 * for the run, dropped after it). The draft's ratio to the engine measures the engine first.
 */
import { randomBytes } from 'node:crypto';
import { createBenchDatabase, serverUrlFromEnv } from './bench-database';
import { designsSection } from './designs';
import { measureEstimateEngine } from './estimate-engine';
import { estimationDraftSection } from './estimation-draft';
import { loadAverages } from './measure';

const quick = process.argv.includes('--quick');
const only = ['--designs', '--draft'].filter((flag) => process.argv.includes(flag));
const runs = (flag: string) => only.length === 0 || only.includes(flag);
const admin = {
  email: 'bench-admin@interior.local',
  password: `Bench-${randomBytes(12).toString('base64url')}`,
};
const bench = await createBenchDatabase(serverUrlFromEnv());
try {
  process.stdout.write(`load average before: ${loadAverages()}\n`);
  if (runs('--designs')) process.stdout.write(await designsSection(bench.url, admin, quick));
  if (runs('--draft')) {
    const engine = await measureEstimateEngine(quick);
    process.stdout.write(await estimationDraftSection(bench.url, admin, quick, engine));
  }
  process.stdout.write(`load average after: ${loadAverages()}\n`);
} finally {
  await bench.drop();
}
