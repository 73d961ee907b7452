import type { StoredEvent } from '@interior/platform';
import { RecentRows } from '@interior/platform';
import { metadata, newEvent } from '@interior/platform/eventstore/contract-suite';
import type { Projection } from './projection';
import { resourceProjections } from './resources';
import { appendGroups, db, expectGroups, runner, store, useRunnerDatabase } from './testing/runner-tests';
import { userGroupsProjection } from './usergroups/usergroups.projection';

useRunnerDatabase();

describe('projection runner: planned batches', () => {
  it('never applies a planned batch twice when two runners compete (the move and the writes in one statement)', async () => {
    const a = runner(userGroupsProjection, { batchSize: 3 });
    const b = runner(userGroupsProjection, { batchSize: 3 });
    await Promise.all([a.start(), b.start()]);
    // Live appends a few at a time, so both runners apply short batches as they come (planBatch).
    const { expected, last } = await appendGroups(40, 4);
    await Promise.all([a.caughtUp({ position: last }), b.caughtUp({ position: last })]);
    await expectGroups(expected);
  });

  it('catches up page by page, each planned while the page before is written, with the rows of one-by-one', async () => {
    // Written before any runner starts, so the runners catch up in pages of 4: groups are changed
    // on the page after the one that created them, which must see the creation committed.
    const { expected, last } = await appendGroups(60, 3);
    // Two runners of the same generation: a page planned ahead of a batch the other applied is
    // thrown away.
    const a = runner(userGroupsProjection, { batchSize: 2, catchUpBatchSize: 4 });
    const b = runner(userGroupsProjection, { batchSize: 2, catchUpBatchSize: 4 });
    await Promise.all([a.start(), b.start()]);
    await Promise.all([a.caughtUp({ position: last }), b.caughtUp({ position: last })]);
    await expectGroups(expected);
  });

  it('hands the rows of a live batch to RecentRows as a read of the view gives them, and no row older than asked', async () => {
    const recentRows = new RecentRows((a, b) => store.comparePositions(a, b));
    const append = async (id: number, type: string, data: object, revision: number | 'no_stream') => {
      const event = { ...newEvent(type, data), metadata: metadata() };
      return (await store.append(`UserGroup-${id}`, [event], { expectedRevision: revision })).position;
    };
    // Appended before the runner starts and read in one full batch (a catch-up, not planned): none kept.
    const early = [];
    for (let id = 1; id <= 3; id++)
      early.push(
        await append(id, 'UserGroupCreated', { id, name: `그룹 ${id}`, description: '' }, 'no_stream'),
      );
    const r = runner(userGroupsProjection, { batchSize: 3, recentRows });
    await r.start();
    await r.caughtUp({ position: early[2]! });
    expect(recentRows.get('usergroups', 1, early[0]!)).toBeUndefined();

    const view = (id: number) => db.knex('usergroups').where({ id }).first();
    const created = await append(
      4,
      'UserGroupCreated',
      { id: 4, name: '그룹 4', description: '설명' },
      'no_stream',
    );
    await r.caughtUp({ position: created });
    const row = await view(4);
    expect(row.registered).toBeInstanceOf(Date);
    expect(recentRows.get('usergroups', 4, created)).toEqual(row);

    const updated = await append(4, 'UserGroupUpdated', { name: '고친 그룹 4' }, 0);
    // Asked as of a position later than any batch applied: not kept (the caller reads the view).
    expect(recentRows.get('usergroups', 4, updated)).toBeUndefined();
    await r.caughtUp({ position: updated });
    expect(recentRows.get('usergroups', 4, updated)).toEqual(await view(4));
    expect(recentRows.get<{ name: string }>('usergroups', 4, created)?.name).toBe('고친 그룹 4');

    const other = await append(
      5,
      'UserGroupCreated',
      { id: 5, name: '그룹 5', description: '' },
      'no_stream',
    );
    await r.caughtUp({ position: other });
    const deleted = await append(4, 'UserGroupDeleted', {}, 1);
    await r.caughtUp({ position: deleted });
    expect(recentRows.get('usergroups', 4, created)).toBeUndefined();
    // A batch that only deletes drops its rows and keeps the others.
    expect(recentRows.get('usergroups', 5, other)).toEqual(await view(5));
  });

  describe('of a read model some of whose events are applied in a transaction', () => {
    const brands = resourceProjections.find((projection) => projection.name === 'brand')!;
    /** The brand projection, noting the batches it plans. */
    const noting = () => {
      const planned: StoredEvent[][] = [];
      const projection: Projection = {
        ...brands,
        planBatch(knex, events, tables, pending) {
          planned.push([...events]);
          return brands.planBatch!(knex, events, tables, pending);
        },
      };
      return { projection, planned };
    };
    /** Brands 1-6, and products of brands 1-3 created, moved and deleted between their changes. */
    const appendCatalogue = async () => {
      const append = async (stream: string, type: string, data: object, revision: number | 'no_stream') =>
        (
          await store.append(stream, [{ ...newEvent(type, data), metadata: metadata() }], {
            expectedRevision: revision,
          })
        ).position;
      for (let id = 1; id <= 3; id++)
        await append(`Brand-${id}`, 'BrandCreated', { id, name: `브랜드 ${id}` }, 'no_stream');
      await append('Product-10', 'ProductCreated', { id: 10, name: '제품 10', brandId: 1 }, 'no_stream');
      await append('Product-11', 'ProductCreated', { id: 11, name: '제품 11', brandId: 1 }, 'no_stream');
      await append('Brand-1', 'BrandUpdated', { description: '수입 브랜드' }, 0);
      await append('Brand-2', 'BrandUpdated', { name: '고친 브랜드 2' }, 0);
      await append('Product-11', 'ProductUpdated', { brandId: 2 }, 0);
      for (let id = 4; id <= 6; id++)
        await append(`Brand-${id}`, 'BrandCreated', { id, name: `브랜드 ${id}` }, 'no_stream');
      await append('Product-12', 'ProductCreated', { id: 12, name: '제품 12', brandId: 3 }, 'no_stream');
      await append('Product-10', 'ProductDeleted', {}, 0);
      return append('Brand-3', 'BrandUpdated', { homepage: 'https://brand3.example' }, 0);
    };
    const expectCatalogue = async () => {
      const rows = await db.knex('brand').orderBy('id').select('id', 'name', 'productCount');
      expect(rows.map((row) => [row.id, row.name, row.productCount])).toEqual([
        [1, '브랜드 1', 0],
        [2, '고친 브랜드 2', 1],
        [3, '브랜드 3', 1],
        [4, '브랜드 4', 0],
        [5, '브랜드 5', 0],
        [6, '브랜드 6', 0],
      ]);
      expect((await db.knex('brand').where({ id: 1 }).first()).description).toBe('수입 브랜드');
    };
    const ownOnly = (batch: StoredEvent[]) => batch.every((event) => event.type.startsWith('Brand'));

    it('plans the batches of its own events only, live, and ends as one by one', async () => {
      const { projection, planned } = noting();
      const r = runner(projection, { batchSize: 2 });
      await r.start();
      const last = await appendCatalogue();
      await r.caughtUp({ position: last });
      await expectCatalogue();
      expect(planned.length).toBeGreaterThan(0);
      expect(planned.every(ownOnly)).toBe(true);
    });

    it('catches up page by page, planning the pages of its own events only, and ends as one by one', async () => {
      const last = await appendCatalogue();
      const { projection, planned } = noting();
      const r = runner(projection, { batchSize: 2, catchUpBatchSize: 3 });
      await r.start();
      await r.caughtUp({ position: last });
      await expectCatalogue();
      expect(planned.length).toBeGreaterThan(0);
      expect(planned.every(ownOnly)).toBe(true);
    });
  });
});
