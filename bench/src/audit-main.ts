/**
 * `node --import tsx bench/src/audit-main.ts [--quick]`: the audit log section of `npm run bench`
 * alone, in a database of its own (created for the run, dropped after it).
 */
import { randomBytes } from 'node:crypto';
import { auditSection } from './audit-log';
import { createBenchDatabase, serverUrlFromEnv } from './bench-database';

const quick = process.argv.includes('--quick');
const bench = await createBenchDatabase(serverUrlFromEnv());
const began = performance.now();
const progress = (message: string) =>
  process.stderr.write(`  [${((performance.now() - began) / 1000).toFixed(0).padStart(4)} s] ${message}\n`);
try {
  process.stdout.write(
    await auditSection(
      bench.url,
      { email: 'bench-admin@interior.local', password: `Bench-${randomBytes(12).toString('base64url')}` },
      quick,
      progress,
    ),
  );
} finally {
  await bench.drop();
}
