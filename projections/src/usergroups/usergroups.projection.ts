import { type UserEvent, userGroupResource } from '@interior/contracts';
import { resourceProjection } from '../resource/resource.projection';

type GroupsChanged = Extract<UserEvent, { type: 'UserGroupsChanged' }>['data'];
type Erased = Extract<UserEvent, { type: 'UserErased' }>['data'];

const count = (row: Record<string, unknown>, by: number) => ({ members: Number(row.members) + by });

/**
 * The `usergroup` resource's rows (one per live group), with the count of members: membership
 * lives on the user, so the users' group changes and erasures move it. A list of group ids counts
 * each group once.
 */
export const userGroupsProjection = resourceProjection(userGroupResource, {
  // 5: the search index in parts (simple-rest SEARCH_INDEX_PARTS); 6: text sort indexes in code
  // point order (ListDefinition.codePointSorts).
  version: 6,
  extra: {
    UserGroupsChanged: {
      ids: (event) => {
        const { added, removed } = event.data as GroupsChanged;
        return [...added, ...removed];
      },
      fold(rows, event) {
        const { added, removed } = event.data as GroupsChanged;
        for (const id of new Set(added)) rows.update(id, (row) => count(row, 1));
        for (const id of new Set(removed)) rows.update(id, (row) => count(row, -1));
      },
    },
    UserErased: {
      ids: (event) => (event.data as Erased).groups,
      fold(rows, event) {
        for (const id of new Set((event.data as Erased).groups)) rows.update(id, (row) => count(row, -1));
      },
    },
  },
});
