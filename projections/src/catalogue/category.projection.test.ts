import { materialCategoryResource } from '@interior/contracts';
import { projectionSpec, projectionTestDatabase } from '../testing/projection-spec';
import { categoryProjection } from './category.projection';

const db = projectionTestDatabase();

const spec = projectionSpec(categoryProjection(materialCategoryResource, 1), db);
const created = (
  id: number,
  name: string,
  parentId: number | null = null,
  position: number | null = null,
) => ({
  stream: ['MaterialCategory', id] as [string, number],
  type: 'MaterialCategoryCreated',
  data: { id, name, parentId, position },
});
const updated = (id: number, data: Record<string, unknown>) => ({
  stream: ['MaterialCategory', id] as [string, number],
  type: 'MaterialCategoryUpdated',
  data,
});
const shape = (rows: Record<string, unknown>[]) =>
  rows.map(({ id, parentId, position, path, depth, childCount, itemCount }) => ({
    id,
    parentId,
    position,
    path,
    depth,
    childCount,
    itemCount,
  }));

describe('a category tree’s read model', () => {
  it('derives path, depth, child counts and sibling positions', async () => {
    const rows = await spec
      .given([created(1, '바닥재'), created(2, '마루', 1), created(3, '타일', 1), created(4, '장판', 1, 1)])
      .rows('category_material');
    expect(shape(rows)).toEqual([
      { id: 1, parentId: null, position: 1, path: [1], depth: 1, childCount: 3, itemCount: 0 },
      { id: 2, parentId: 1, position: 2, path: [1, 2], depth: 2, childCount: 0, itemCount: 0 },
      { id: 3, parentId: 1, position: 3, path: [1, 3], depth: 2, childCount: 0, itemCount: 0 },
      { id: 4, parentId: 1, position: 1, path: [1, 4], depth: 2, childCount: 0, itemCount: 0 },
    ]);
  });

  it('moves a subtree: its paths follow, both parents recount and renumber', async () => {
    const rows = await spec
      .given([
        created(1, 'A'),
        created(2, 'B'),
        created(3, 'A1', 1),
        created(4, 'A2', 1),
        created(5, 'A1a', 3),
        updated(3, { parentId: 2, position: 1 }),
        { stream: ['MaterialCategory', 4], type: 'MaterialCategoryDeleted', data: {} },
      ])
      .rows('category_material');
    expect(shape(rows)).toEqual([
      { id: 1, parentId: null, position: 1, path: [1], depth: 1, childCount: 0, itemCount: 0 },
      { id: 2, parentId: null, position: 2, path: [2], depth: 1, childCount: 1, itemCount: 0 },
      { id: 3, parentId: 2, position: 1, path: [2, 3], depth: 2, childCount: 1, itemCount: 0 },
      { id: 5, parentId: 3, position: 1, path: [2, 3, 5], depth: 3, childCount: 0, itemCount: 0 },
    ]);
  });

  it('counts the materials filed directly under each category, following moves and deletions', async () => {
    const material = (id: number, type: string, data: Record<string, unknown>) => ({
      stream: ['Material', id] as [string, number],
      type: `Material${type}`,
      data: type === 'Created' ? { id, ...data } : data,
    });
    const rows = await spec
      .given([
        created(1, '벽재'),
        created(2, '바닥재'),
        material(10, 'Created', { name: '벽지', categoryId: 1 }),
        material(11, 'Created', { name: '타일', categoryId: 1 }),
        material(12, 'Created', { name: '미분류', categoryId: null }),
        material(11, 'Updated', { categoryId: 2 }),
        material(12, 'Updated', { categoryId: 2 }),
        material(10, 'Updated', { name: '실크벽지' }),
        material(12, 'Deleted', {}),
      ])
      .rows('category_material');
    expect(rows.map((r) => [r.id, r.itemCount])).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });
});
