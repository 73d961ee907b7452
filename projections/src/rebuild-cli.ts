/**
 * `npm run rebuild -- <projection>`: rebuilds one read model from the whole log into a new
 * generation beside the live one, which readers keep using until the new one has caught up and
 * takes over. Works while the platform runs on PostgreSQL; the embedded PGlite belongs to one
 * process, so stop the platform first in the embedded mode.
 */
import { loadConfig, openRuntime } from '@interior/platform';
import { allProjections, ProjectionRunner, requestRebuild } from './index';

const name = process.argv[2];
const projection = allProjections.find((p) => p.name === name);
if (!projection) {
  process.stderr.write(`usage: npm run rebuild -- <${allProjections.map((p) => p.name).join('|')}>\n`);
  process.exit(2);
}
const runtime = await openRuntime(loadConfig(), { applicationName: 'rebuild' });
const started = Date.now();
const generation = await requestRebuild(runtime.db.knex, projection);
process.stdout.write(`rebuilding ${projection.name} into generation ${generation}…\n`);
const runner = new ProjectionRunner({
  knex: runtime.db.knex,
  store: runtime.store,
  vault: runtime.vault,
  projections: [projection],
});
await runner.start();
for (;;) {
  const row = await runtime.db
    .knex('projection_generations')
    .where({ name: projection.name, generation })
    .first('status');
  if (row?.status === 'active') break;
  if (row?.status === 'retired') {
    process.stderr.write('another rebuild replaced this one\n');
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}
await runner.stop();
await runtime.close();
process.stdout.write(
  `${projection.name}: generation ${generation} active after ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
);
