/**
 * A projection process for the crash test: runs the tally projection slowly against the database
 * named on the command line and prints `applying` while a batch's transaction is open, so the
 * test can SIGKILL it mid-batch.
 */
import { createPostgresEventStore, openDatabase, PiiVault } from '@interior/platform';
import { ProjectionRunner } from '../runner';
import { tallyProjection } from './tally';

const url = process.argv[2];
if (!url) throw new Error('usage: tally-child <database url>');
const db = await openDatabase({ url, poolSize: 2 });
const store = createPostgresEventStore(db.knex);
let inBatch = 0;
const runner = new ProjectionRunner({
  knex: db.knex,
  store,
  vault: new PiiVault(db.knex),
  batchSize: 20,
  projections: [
    tallyProjection({
      async beforeApply() {
        if (inBatch++ % 20 === 5) process.stdout.write('applying\n');
        await new Promise((resolve) => setTimeout(resolve, 10));
      },
    }),
  ],
});
await runner.start();
