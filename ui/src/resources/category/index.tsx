import { categoryResources } from '@interior/contracts';
import { lazy } from 'react';
import { resourceScreens } from '../kit/resourceScreens';

// The tree (drag and drop) is its own chunk, loaded when a category screen opens.
const CategoryTree = lazy(() => import('./CategoryTree').then((m) => ({ default: m.CategoryTree })));

/** A category tree's screens: the tree as its list, the declared create, edit and show. */
export function categoryScreens(name: string) {
  const resource = categoryResources.find((declaration) => declaration.name === name);
  if (!resource) throw new Error(`카테고리 트리가 없습니다: ${name}`);
  return { ...resourceScreens(resource), list: () => <CategoryTree resource={resource} /> };
}
