import type { TestDatabase } from '@interior/platform/testing';
import { resourceProjections } from '../resources';
import { openProjectionTestDatabase, projectionSpec } from '../testing/projection-spec';

let db: TestDatabase;
beforeAll(async () => {
  db = await openProjectionTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const productProjection = resourceProjections.find((p) => p.name.startsWith('product'))!;
const spec = projectionSpec(productProjection, () => db);

describe('a declared resource’s read model', () => {
  it('gives a field its empty value when the creation event came before the field existed', async () => {
    // A product created before products had images or a model: the event carries neither.
    const rows = await spec
      .given([
        {
          stream: ['Product', 1] as [string, number],
          type: 'ProductCreated',
          data: {
            id: 1,
            name: '소파',
            code: 'SOFA-1',
            kind: 'Single',
            price: 1_200_000,
            unit: 'EA',
            status: 'Active',
          },
        },
      ])
      .rows('product');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 1, name: '소파', images: [], modelId: null, components: null });
  });
});
