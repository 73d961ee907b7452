import {
  roleLabels,
  roles,
  selectableUserStatuses,
  userStatuses,
  userStatusLabels,
} from '@interior/contracts';

/** The ten roles with their Korean names, in the product's order. */
export const roleChoices = roles.map((id) => ({ id, name: roleLabels[id] }));

/** Statuses an Admin may set: never Deleted, which is not offered (erasing is its own action). */
export const selectableStatusChoices = selectableUserStatuses.map((id) => ({
  id,
  name: userStatusLabels[id],
}));

/** Every status, for finding users in the list (erased ones included). */
export const statusFilterChoices = userStatuses.map((id) => ({ id, name: userStatusLabels[id] }));

export const roleName = (role: string) => roleLabels[role as keyof typeof roleLabels] ?? role;
export const statusName = (status: string) =>
  userStatusLabels[status as keyof typeof userStatusLabels] ?? status;
