import { categoryResources, type ResourceDeclaration } from '@interior/contracts';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { lazy } from 'react';
import { resourceScreens } from '../kit/resourceScreens';

// The tree (drag and drop) is its own chunk, loaded when a category screen opens.
const CategoryTree = lazy(() => import('./CategoryTree').then((m) => ({ default: m.CategoryTree })));

/** A category tree's screens: the tree as its list, the declared create, edit and show. */
export const categoryScreens = (resource: ResourceDeclaration) => ({
  ...resourceScreens(resource, { icon: AccountTreeIcon }),
  list: () => <CategoryTree resource={resource} />,
});

export const categoryTrees = categoryResources.map((resource) => ({
  resource,
  screens: categoryScreens(resource),
}));
