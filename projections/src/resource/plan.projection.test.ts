import { documentSummary, workedExampleDocument } from '@interior/contracts';
import { resourceProjections } from '../resources';
import { eventsOf, projectionSpec, projectionTestDatabase } from '../testing/projection-spec';

const db = projectionTestDatabase();
const spec = projectionSpec(resourceProjections.find((p) => p.name.startsWith('plan'))!, db);

/** The worked example's one room of 12 ㎡, once or with copies of it under other ids. */
const withRooms = (...ids: string[]) => {
  const document = workedExampleDocument();
  const [room] = document.rooms;
  return { ...document, rooms: ids.map((id) => ({ ...room!, id })) };
};
const plan = (id: number) => eventsOf(['Plan', id]);
const created = (id: number, document: unknown) =>
  plan(id)('PlanCreated', { id, name: `평면도 ${id}`, categoryId: null, description: '', document });
const shape = (rows: Record<string, unknown>[]) =>
  rows.map(({ id, area, roomCount }) => ({ id, area: Number(area), roomCount }));

describe('the plans read model', () => {
  it('derives a plan’s area and room count from its document, and none without one', async () => {
    const rows = await spec.given([created(1, withRooms('a')), created(2, null)]).rows('plan');
    expect(documentSummary(withRooms('a'))).toEqual({ area: 12, roomCount: 1 });
    expect(shape(rows)).toEqual([
      { id: 1, area: 12, roomCount: 1 },
      { id: 2, area: 0, roomCount: 0 },
    ]);
  });

  it('derives them again when the document changes, and keeps them when another field does', async () => {
    const rows = await spec
      .given([
        created(1, withRooms('a')),
        plan(1)('PlanUpdated', { document: withRooms('a', 'b') }),
        plan(1)('PlanUpdated', { name: '새 이름' }),
      ])
      .rows('plan');
    expect(shape(rows)).toEqual([{ id: 1, area: 24, roomCount: 2 }]);
  });
});
