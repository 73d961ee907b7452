import { resourceProjections } from '../resources';
import { projectionSpec, projectionTestDatabase } from '../testing/projection-spec';

const db = projectionTestDatabase();

const brands = resourceProjections.find((projection) => projection.name === 'brand')!;
const spec = projectionSpec(brands, db);
const brand = (id: number, type: 'Created' | 'Updated' | 'Deleted', data: Record<string, unknown> = {}) => ({
  stream: ['Brand', id] as [string, number],
  type: `Brand${type}`,
  data: type === 'Created' ? { id, name: `브랜드 ${id}`, ...data } : data,
});
const referrer =
  (objectType: 'Product' | 'Material') =>
  (id: number, type: 'Created' | 'Updated' | 'Deleted', data: Record<string, unknown> = {}) => ({
    stream: [objectType, id] as [string, number],
    type: `${objectType}${type}`,
    data: type === 'Created' ? { id, name: `${objectType} ${id}`, ...data } : data,
  });
const product = referrer('Product');
const material = referrer('Material');
const counts = (rows: Record<string, unknown>[]) =>
  rows.map((row) => [row.id, row.productCount, row.materialCount]);

describe('a brand’s counts of products and materials', () => {
  it('follow each referrer’s creation, move, unset and deletion, whatever else the batch holds', async () => {
    const rows = await spec
      .given([
        brand(1, 'Created'),
        brand(2, 'Created'),
        product(10, 'Created', { brandId: 1 }),
        product(11, 'Created', { brandId: 1 }),
        material(20, 'Created', { brandId: 2 }),
        product(12, 'Created', { brandId: null }),
        // A brand's own event between referrers' ones: the counts survive its row being rewritten.
        brand(1, 'Updated', { description: '수입 브랜드' }),
        product(11, 'Updated', { brandId: 2 }),
        product(12, 'Updated', { brandId: 2 }),
        product(10, 'Updated', { price: 5_000 }),
        material(20, 'Updated', { brandId: null }),
        product(12, 'Deleted'),
        brand(3, 'Created'),
        // Moved there and back within one run: nothing moves.
        product(10, 'Updated', { brandId: 3 }),
        product(10, 'Updated', { brandId: 1 }),
        material(21, 'Created', { brandId: 3 }),
        material(21, 'Updated', { brandId: 2 }),
      ])
      .rows('brand');
    expect(counts(rows)).toEqual([
      [1, 1, 0],
      [2, 1, 1],
      [3, 0, 0],
    ]);
  });

  it('of a deleted brand go with it; its referrers moved elsewhere count there', async () => {
    const rows = await spec
      .given([
        brand(1, 'Created'),
        brand(2, 'Created'),
        product(10, 'Created', { brandId: 1 }),
        product(11, 'Created', { brandId: 1 }),
        brand(1, 'Deleted'),
        product(10, 'Updated', { brandId: 2 }),
        product(11, 'Deleted'),
      ])
      .rows('brand');
    expect(counts(rows)).toEqual([[2, 1, 0]]);
  });
});
