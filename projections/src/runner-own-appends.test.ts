import { auditLogReadModel } from '@interior/contracts';
import {
  createPostgresEventStore,
  type EventStore,
  IDLE_POLL_MS,
  PiiVault,
  type StoredEvent,
} from '@interior/platform';
import { metadata, newEvent } from '@interior/platform/eventstore/contract-suite';
import { deferred, eventually } from '@interior/platform/testing';
import { auditLogProjection } from './audit/audit-log.projection';
import { resourceProjections } from './resources';
import { ProjectionRunner } from './runner';
import { db, runner, runners, store, useRunnerDatabase } from './testing/runner-tests';
import { tallyProjection } from './testing/tally';
import { userGroupsProjection } from './usergroups/usergroups.projection';

useRunnerDatabase();

describe('projection runner', () => {
  describe("this process's own appends", () => {
    const created = (id: number) => ({
      ...newEvent('UserGroupCreated', { id, name: `그룹 ${id}`, description: '' }),
      metadata: metadata(),
    });
    const row = (id: number) => db.knex('usergroups').where({ id }).first();
    const auditRow = (id: number) =>
      db
        .knex(auditLogReadModel)
        .where({ stream: `UserGroup-${id}` })
        .first();
    /** Every event the runner's reads of the log returned, from now on. */
    const readsOf = (subject: EventStore) => {
      const read: StoredEvent[] = [];
      const readAll = subject.readAll.bind(subject);
      subject.readAll = async (options) => {
        const page = await readAll(options);
        read.push(...page);
        return page;
      };
      return read;
    };

    const brands = resourceProjections.find((projection) => projection.name === 'brand')!;
    const brandCreated = (id: number) => ({
      ...newEvent('BrandCreated', { id, name: `브랜드 ${id}` }),
      metadata: metadata(),
    });

    // The usergroups' read model, the audit log, which every command waits for, and a read model
    // some of whose events are applied in a transaction (a product moves a brand's count).
    it.each([
      { projection: userGroupsProjection, row, objectType: 'UserGroup', creation: created },
      { projection: auditLogProjection, row: auditRow, objectType: 'UserGroup', creation: created },
      {
        projection: brands,
        row: (id: number) => db.knex('brand').where({ id }).first(),
        objectType: 'Brand',
        creation: brandCreated,
      },
    ])(
      '$projection.name applies them without reading them back, and reads what another process appends',
      async ({ projection, row: rowOf, objectType, creation }) => {
        // The idle poll of a running process, not the tests' 20 ms: a poll's read sent while the
        // append is on its way finds it committed before its answer names it this process's own.
        const r = runner(projection, { pollIntervalMs: IDLE_POLL_MS });
        await r.start();
        await r.caughtUp();
        const read = readsOf(store);
        // A read may still rightly find one: a poll racing the append, or a statement that could not
        // tell another database's transaction that ended meanwhile from a writer of this one. Reading
        // every own append back is what must not happen.
        const ownAppends = 5;
        for (let id = 1; id <= ownAppends; id++) {
          const own = await store.append(`${objectType}-${id}`, [creation(id)], {
            expectedRevision: 'no_stream',
          });
          await eventually(async () => (await rowOf(id)) !== undefined);
          await r.caughtUp({ position: own.position });
        }
        expect(read.filter((event) => event.stream.startsWith(`${objectType}-`)).length).toBeLessThanOrEqual(
          2,
        );

        // Another process's append reaches this one by the head's poll, without its events: read.
        const other = createPostgresEventStore(db.knex);
        await other.append(`${objectType}-9`, [creation(9)], { expectedRevision: 'no_stream' });
        await eventually(async () => (await rowOf(9)) !== undefined);
        expect(read.map((event) => event.stream)).toContain(`${objectType}-9`);
      },
    );

    // A server's connections only: PGlite runs one transaction at a time.
    (process.env.TEST_DATABASE_URL ? it : it.skip)(
      'waits for a transaction before them that may still append, then applies both in log order',
      async () => {
        const r = runner(userGroupsProjection);
        await r.start();
        await r.caughtUp();
        const appending = deferred();
        const done = deferred();
        // Another process appends in a transaction it holds open: its event comes first in the log.
        const held = db.knex.transaction(async (trx) => {
          await (store as ReturnType<typeof createPostgresEventStore>).appendWith(
            trx,
            'UserGroup-3',
            [created(3)],
            'no_stream',
          );
          appending.resolve();
          await done.promise;
        });
        await appending.promise;
        /** Reads of the log that came back, counted. */
        let reads = 0;
        const readAll = store.readAll.bind(store);
        store.readAll = async (options) => {
          const page = await readAll(options);
          reads++;
          return page;
        };
        let own: Awaited<ReturnType<EventStore['append']>>;
        try {
          own = await store.append('UserGroup-4', [created(4)], { expectedRevision: 'no_stream' });
          // The loop reads the log only once its guarded move of the own append wrote nothing; a
          // read begun before the append may still come back first. Applying the own append would
          // have moved the checkpoint past the held event for good.
          const before = reads;
          await eventually(async () => reads >= before + 3);
          expect(await row(4)).toBeUndefined();
          expect(r.health().find((h) => h.name === 'usergroups')!.checkpoint).not.toBe(own.position);
        } finally {
          done.resolve();
          await held;
        }
        await r.caughtUp({ position: own.position });
        expect(await row(3)).toBeDefined();
        expect(await row(4)).toBeDefined();
      },
    );

    /** A runner of the tally (which ignores groups) and the groups, started and caught up. */
    const tallyBesideGroups = async () => {
      const r = new ProjectionRunner({
        knex: db.knex,
        store,
        vault: new PiiVault(db.knex),
        projections: [tallyProjection(), userGroupsProjection],
        pollIntervalMs: 20,
      });
      runners.push(r);
      await r.start();
      await r.caughtUp();
      /** Whether the tally's loop has read the log up to `position`. */
      const tallyPassed = (position: string) => {
        const checkpoint = r.health().find((h) => h.name === 'tally')!.checkpoint;
        return checkpoint !== null && store.comparePositions(checkpoint, position) >= 0;
      };
      return { r, tallyPassed };
    };

    it('reads past an append a projection ignores when it handles an event of the appends just before', async () => {
      const { tallyPassed } = await tallyBesideGroups();
      // A command appends twice: a waiter waits for the tally to pass the second append too.
      const first = await store.append('Tally-1', [newEvent('Counted', {})], {
        expectedRevision: 'no_stream',
      });
      await eventually(async () => tallyPassed(first.position));
      const last = await store.append('UserGroup-7', [created(7)], { expectedRevision: 'no_stream' });
      // Well within the second after which a projection reads past appends it ignores anyway.
      await eventually(async () => tallyPassed(last.position), { timeoutMs: 500 });
    });

    it('reads past the appends a projection ignores at once when asked whether it caught up', async () => {
      const { r, tallyPassed } = await tallyBesideGroups();
      const own = await store.append('UserGroup-5', [created(5)], { expectedRevision: 'no_stream' });
      await eventually(async () => (await row(5)) !== undefined);
      // The tally ignores the group: it would read past it only a second after its last read.
      await r.caughtUp({ position: own.position, timeoutMs: 500 });
      expect(tallyPassed(own.position)).toBe(true);
    });
  });
});
