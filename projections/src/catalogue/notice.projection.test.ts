import { noticeResource, resourceTable } from '@interior/contracts';
import { eventsOf, givenAt, projectionSpec, projectionTestDatabase } from '../testing/projection-spec';
import { noticeOrdering, noticeProjection } from './notice.projection';

const db = projectionTestDatabase();
const spec = projectionSpec(noticeProjection, db);
const notice = (id: number) => eventsOf(['Notice', id]);
const created = (id: number, pinned: boolean, publishFrom: string | null) =>
  notice(id)('NoticeCreated', {
    id,
    title: `공지 ${id}`,
    body: '본문',
    category: 'General',
    pinned,
    audience: [],
    publishFrom,
    publishTo: null,
    attachments: [],
  });
const viewed = (noticeId: number, userId: number) =>
  eventsOf(`NoticeView-${noticeId}-${userId}`)('NoticeViewed', { noticeId, userId }, userId);
const shape = (rows: Record<string, unknown>[]) =>
  rows.map(({ id, views, ordering }) => ({ id, views, ordering }));

describe('the notices read model', () => {
  it('sorts pinned notices first, then by when they are published or else registered', async () => {
    const rows = await spec
      .given([created(1, false, null), created(2, true, '2026-11-05T00:00:00.000Z'), created(3, false, null)])
      .rows(resourceTable(noticeResource));
    expect(shape(rows)).toEqual([
      { id: 1, views: 0, ordering: noticeOrdering(false, null, givenAt(0)) },
      { id: 2, views: 0, ordering: noticeOrdering(true, new Date('2026-11-05T00:00:00.000Z'), givenAt(1)) },
      { id: 3, views: 0, ordering: noticeOrdering(false, null, givenAt(2)) },
    ]);
    const descending = [...rows].sort((a, b) => String(b.ordering).localeCompare(String(a.ordering)));
    expect(descending.map((row) => row.id)).toEqual([2, 3, 1]);
  });

  it('sorts a notice again when it is pinned or its publication moves', async () => {
    const rows = await spec
      .given([
        created(1, false, null),
        created(2, false, null),
        notice(1)('NoticeUpdated', { pinned: true }),
        notice(2)('NoticeUpdated', { publishFrom: '2026-12-01T00:00:00.000Z' }),
      ])
      .rows(resourceTable(noticeResource));
    expect(shape(rows)).toEqual([
      { id: 1, views: 0, ordering: noticeOrdering(true, null, givenAt(0)) },
      { id: 2, views: 0, ordering: noticeOrdering(false, new Date('2026-12-01T00:00:00.000Z'), givenAt(1)) },
    ]);
  });

  it('counts each reader’s view of a notice', async () => {
    const rows = await spec
      .given([created(1, false, null), created(2, false, null), viewed(1, 3), viewed(1, 4), viewed(2, 3)])
      .rows(resourceTable(noticeResource));
    expect(rows.map(({ id, views }) => ({ id, views }))).toEqual([
      { id: 1, views: 2 },
      { id: 2, views: 1 },
    ]);
  });
});
