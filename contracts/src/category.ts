import { z } from 'zod';
import type { ObjectType } from './object-types';
import { defineResource, type ResourceDeclaration } from './resource';

/**
 * The six category trees (`category/product` …): one declaration each, sharing their fields and
 * rules. `path` (ids from the root down to the category), `depth` (1 for a root), `childCount` and
 * `itemCount` (records filed directly under it) are kept by the read model; `position` is the
 * order among siblings (1 first), renumbered by the read model on every move.
 */
export const MAX_CATEGORY_DEPTH = 5;
export const CATEGORY_NAME_MAX = 50;

export const categoryMessages = {
  notFound: '분류를 찾을 수 없습니다.',
  duplicateSibling: '같은 상위 분류 아래에 같은 이름의 분류가 이미 있습니다.',
  tooDeep: `분류는 ${MAX_CATEGORY_DEPTH}단계까지만 만들 수 있습니다.`,
  intoItself: '분류를 자기 자신이나 하위 분류 아래로 옮길 수 없습니다.',
  hasChildren: (count: number) =>
    `하위 분류 ${count}개가 있어 삭제할 수 없습니다. 하위 분류를 먼저 옮기거나 삭제하세요.`,
  hasItems: (count: number) => `이 분류에 속한 항목 ${count}건이 있어 삭제할 수 없습니다.`,
} as const;

/** The records filed in a tree: which object type's which field names the category. */
export interface CategoryItemSource {
  objectType: ObjectType;
  field: string;
}

function categoryResource<const Name extends string>(
  name: Name,
  objectType: ObjectType,
  label: string,
): ResourceDeclaration {
  return defineResource({
    name,
    objectType,
    label,
    notFound: categoryMessages.notFound,
    representation: 'name',
    defaultSort: ['position', 'ASC'],
    unique: [
      { field: 'name', within: ['parentId'], ignoreCase: true, message: categoryMessages.duplicateSibling },
    ],
    fields: {
      name: {
        kind: 'text',
        label: '이름',
        max: CATEGORY_NAME_MAX,
        required: true,
        sortable: true,
        filter: true,
        search: true,
        list: true,
      },
      parentId: { kind: 'reference', resource: name, label: '상위 분류', filter: true, list: true },
      position: {
        kind: 'integer',
        label: '순서',
        min: 1,
        max: 100_000,
        sortable: true,
        filter: true,
        renumbered: true,
      },
      path: {
        kind: 'json',
        label: '경로',
        derived: true,
        schema: z.array(z.number().int()),
        example: [1],
      },
      depth: { kind: 'integer', label: '단계', derived: true, sortable: true, filter: true },
      childCount: { kind: 'integer', label: '하위 분류 수', derived: true, sortable: true, list: true },
      itemCount: { kind: 'integer', label: '항목 수', derived: true, sortable: true, list: true },
    },
  });
}

export const productCategoryResource = categoryResource(
  'category/product',
  'ProductCategory',
  '제품 카테고리',
);
export const materialCategoryResource = categoryResource(
  'category/material',
  'MaterialCategory',
  '자재 카테고리',
);
export const pavingCategoryResource = categoryResource(
  'category/paving',
  'PavingCategory',
  '바닥 패턴 카테고리',
);
export const setCategoryResource = categoryResource('category/set', 'SetCategory', '세트 카테고리');
export const planCategoryResource = categoryResource('category/plan', 'PlanCategory', '평면도 카테고리');
export const wallDrawingCategoryResource = categoryResource(
  'category/walldrawing',
  'WallDrawingCategory',
  '벽면도 카테고리',
);

export const categoryResources = [
  productCategoryResource,
  materialCategoryResource,
  pavingCategoryResource,
  setCategoryResource,
  planCategoryResource,
  wallDrawingCategoryResource,
] as const;

export const isCategoryResource = (name: string) => name.startsWith('category/');

/** What each tree files: counted in `itemCount`, and refusing the category's deletion. */
export const categoryItems: Readonly<Record<string, readonly CategoryItemSource[]>> = {
  'category/product': [{ objectType: 'Product', field: 'categoryId' }],
  'category/set': [{ objectType: 'Product', field: 'setCategoryId' }],
  'category/material': [{ objectType: 'Material', field: 'categoryId' }],
  'category/paving': [{ objectType: 'Material', field: 'pavingCategoryId' }],
  'category/plan': [{ objectType: 'Plan', field: 'categoryId' }],
  'category/walldrawing': [{ objectType: 'WallDrawing', field: 'categoryId' }],
};
