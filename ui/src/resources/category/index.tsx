import { categoryResources, type ResourceDeclaration } from '@interior/contracts';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { resourceScreens } from '../kit/resourceScreens';
import { CategoryTree } from './CategoryTree';

/** A category tree's screens: the tree as its list, the declared create, edit and show. */
export const categoryScreens = (resource: ResourceDeclaration) => ({
  ...resourceScreens(resource, { icon: AccountTreeIcon }),
  list: () => <CategoryTree resource={resource} />,
});

export const categoryTrees = categoryResources.map((resource) => ({
  resource,
  screens: categoryScreens(resource),
}));
