import { RecentRows } from '@interior/platform';
import { metadata, newEvent } from '@interior/platform/eventstore/contract-suite';
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
});
