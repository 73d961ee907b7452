import { spawn } from 'node:child_process';
import path from 'node:path';
import { PiiVault } from '@interior/platform';
import { metadata, newEvent } from '@interior/platform/eventstore/contract-suite';
import { deferred, eventually } from '@interior/platform/testing';
import { ensureGenerations, ProjectionRunner } from './runner';
import {
  activeCheckpoint,
  allEvents,
  appendCounted,
  db,
  runner,
  runners,
  store,
  tallyRows,
  useRunnerDatabase,
} from './testing/runner-tests';
import { replayTally, tallyProjection } from './testing/tally';
import { userGroupsProjection } from './usergroups/usergroups.projection';

useRunnerDatabase();

describe('projection runner', () => {
  it('applies every event exactly once and moves the checkpoint with the read model', async () => {
    const last = await appendCounted(4, 10);
    const r = runner(tallyProjection(), { batchSize: 7 });
    await r.start();
    await r.caughtUp({ position: last });
    expect(await tallyRows()).toEqual(replayTally(await allEvents()));
    // Ignored events at the end move the stored checkpoint when the runner is idle.
    await eventually(async () => (await activeCheckpoint()) === last);

    const next = await appendCounted(2, 3);
    await r.caughtUp({ position: next });
    expect(await tallyRows()).toEqual(replayTally(await allEvents()));
  });

  it('leaves read model and checkpoint in agreement when a batch fails midway, then finishes', async () => {
    const appended = await appendCounted(3, 10);
    // A poison event: the 17th of the log fails every time it is applied, in whichever batch.
    // (Wait until readers can see the whole log: other sessions' transactions hold the horizon.)
    await eventually(async () => (await allEvents()).some((e) => e.position === appended));
    const poison = (await allEvents())[16]!.id;
    const failing = tallyProjection({
      beforeApply(event) {
        if (event.id === poison) throw new Error('crash in the middle of a batch');
      },
    });
    const r = runner(failing, { batchSize: 10 });
    await r.start();
    await eventually(async () => r.health()[0]?.error !== null && r.health()[0]?.error !== undefined);
    await r.stop();

    const checkpoint = await activeCheckpoint();
    expect(checkpoint).not.toBeNull();
    expect(await tallyRows()).toEqual(replayTally(await allEvents(checkpoint)));
    // Batch boundaries depend on what the snapshot horizon lets a read see (the horizon is
    // cluster-wide, so other sessions' open transactions can shorten a batch): assert that the
    // failing 17th event and everything after it stayed out, whatever the boundaries were.
    const applied = (await allEvents(checkpoint)).length;
    expect(applied).toBeGreaterThan(0);
    expect(applied).toBeLessThan(17);

    const again = runner(tallyProjection(), { batchSize: 10 });
    await again.start();
    await again.caughtUp({ position: appended });
    expect(await tallyRows()).toEqual(replayTally(await allEvents()));
  });

  it('survives a projection process killed mid-batch (SIGKILL): read model, checkpoint and replay agree', async () => {
    const appended = await appendCounted(5, 40);
    await ensureGenerations(db.knex, tallyProjection());
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'testing/tally-child.ts'), db.url],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      let batches = 0;
      child.stdout.on('data', (chunk: Buffer) => {
        batches += chunk.toString().split('applying').length - 1;
        if (batches >= 3) resolve();
      });
      child.on('exit', (code) => reject(new Error(`child exited early with ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('close', resolve));
    // The killed connection's open transaction is rolled back by the server.
    await eventually(async () => {
      const { rows } = await db.knex.raw(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      );
      return db.embedded || rows[0].n === 0;
    });

    const checkpoint = await activeCheckpoint();
    expect(checkpoint).not.toBeNull();
    const applied = await allEvents(checkpoint);
    expect(applied.length).toBeGreaterThan(0);
    expect(applied.length).toBeLessThan(201);
    expect(await tallyRows()).toEqual(replayTally(applied));

    const r = runner();
    await r.start();
    await r.caughtUp({ position: appended });
    expect(await tallyRows()).toEqual(replayTally(await allEvents()));
  });

  // A server's connections only: the embedded PGlite runs one transaction at a time.
  (process.env.TEST_DATABASE_URL ? it : it.skip)(
    "lets the other projections read the log while one projection's long batch is still open",
    async () => {
      const gate = deferred();
      const inside = deferred();
      const slow = tallyProjection({
        beforeApply: async () => {
          inside.resolve();
          await gate.promise;
        },
      });
      const r = new ProjectionRunner({
        knex: db.knex,
        store,
        vault: new PiiVault(db.knex),
        projections: [slow, userGroupsProjection],
        pollIntervalMs: 20,
      });
      runners.push(r);
      await r.start();
      await store.append('Tally-1', [newEvent('Counted', {})], { expectedRevision: 'no_stream' });
      // The tally's batch now holds its transaction open, as a catch-up of thousands of events does.
      await inside.promise;
      const group = { id: 1, name: '그룹 1', description: '' };
      const created = await store.append(
        'UserGroup-1',
        [{ ...newEvent('UserGroupCreated', group), metadata: metadata() }],
        { expectedRevision: 'no_stream' },
      );
      try {
        await eventually(async () => (await db.knex('usergroups').where({ id: 1 }).first()) !== undefined);
      } finally {
        gate.resolve();
      }
      await r.caughtUp({ position: created.position });
      expect(await tallyRows()).toEqual(replayTally(await allEvents()));
    },
  );

  it('never applies a batch twice when two runners compete for one projection', async () => {
    const appended = await appendCounted(4, 25);
    const a = runner(tallyProjection(), { batchSize: 5 });
    const b = runner(tallyProjection(), { batchSize: 5 });
    await Promise.all([a.start(), b.start()]);
    await Promise.all([a.caughtUp({ position: appended }), b.caughtUp({ position: appended })]);
    expect(await tallyRows()).toEqual(replayTally(await allEvents()));
  });
});
