/**
 * `npm run rebuild -- <projection>`: rebuilds one read model from the whole log into a new
 * generation beside the live one, which readers keep using until the new one has caught up and
 * takes over. Works while the platform runs on PostgreSQL; the embedded PGlite belongs to one
 * process, so stop the platform first in the embedded mode.
 *
 * It says what it does, in the platform's log: progress every few seconds (its checkpoint and the
 * head of the log), and every failing batch with its error, which the runner retries; a rebuild
 * that keeps failing shows its error instead of hanging in silence.
 */
import { loadConfig, openRuntime } from '@interior/platform';
import { allProjections, ProjectionRunner, requestRebuild } from './index';

const PROGRESS_EVERY_MS = 5_000;

const name = process.argv[2];
const projection = allProjections.find((p) => p.name === name);
if (!projection) {
  process.stderr.write(`usage: npm run rebuild -- <${allProjections.map((p) => p.name).join('|')}>\n`);
  process.exit(2);
}
const runtime = await openRuntime(loadConfig(), { applicationName: 'rebuild' });
const { logger } = runtime;
const started = Date.now();
const generation = await requestRebuild(runtime.db.knex, projection);
logger.info({ projection: projection.name, generation }, 'rebuilding');
const runner = new ProjectionRunner({
  knex: runtime.db.knex,
  store: runtime.store,
  vault: runtime.vault,
  projections: [projection],
  logger,
});
await runner.start();
let lastProgress = Date.now();
let outcome: 'active' | 'retired' = 'active';
for (;;) {
  const row = await runtime.db
    .knex('projection_generations')
    .where({ name: projection.name, generation })
    .first('status', 'checkpoint');
  if (row?.status === 'active') break;
  if (!row || row.status === 'retired') {
    outcome = 'retired';
    logger.warn({ projection: projection.name, generation }, 'another rebuild replaced this one');
    break;
  }
  if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
    lastProgress = Date.now();
    const health = runner.health().find((h) => h.generation === generation);
    logger.info(
      {
        projection: projection.name,
        generation,
        checkpoint: health?.checkpoint ?? null,
        head: await runtime.store.headPosition(),
        seconds: Math.round((Date.now() - started) / 1000),
        ...(health?.error ? { failing: health.error } : {}),
      },
      'rebuild progress',
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}
await runner.stop();
await runtime.close();
if (outcome === 'active') {
  logger.info(
    { projection: projection.name, generation, seconds: Number(((Date.now() - started) / 1000).toFixed(1)) },
    'generation active',
  );
} else {
  process.exitCode = 1;
}
