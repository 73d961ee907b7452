import type { ObjectType } from './object-types';

/**
 * The permissions a grant gives (acl.ts), and how they compare: Admin includes Write, Write
 * includes Read. Apart from the grants' schemas so that the dashboard, which decides its screens
 * and buttons by these rules at start, does not bring zod with them.
 */
export const permissions = ['Admin', 'Read', 'Write'] as const;
export type Permission = (typeof permissions)[number];
export const permissionLabels: Record<Permission, string> = { Admin: '관리', Read: '읽기', Write: '쓰기' };

const rank: Record<Permission, number> = { Read: 1, Write: 2, Admin: 3 };
/** Whether holding `held` allows what `wanted` asks. */
export const permits = (held: Permission, wanted: Permission) => rank[held] >= rank[wanted];
/** Every permission that allows `wanted` (for queries). */
export const permissionsAllowing = (wanted: Permission): Permission[] =>
  permissions.filter((p) => permits(p, wanted));

/** The stronger of two permissions (null: none held). */
export const strongest = (a: Permission | null, b: Permission | null): Permission | null =>
  a === null ? b : b === null ? a : permits(a, b) ? a : b;

/**
 * The permission a screen action needs on a record (`create` and `typePermissions`: on the type),
 * as the API decides it: reading needs Read, changing Write, the grants Admin. Administering a
 * user (roles, status, erasure) needs Admin, not Write, so nobody can promote themselves.
 */
export const screenActions = [
  'list',
  'show',
  'export',
  'create',
  'edit',
  'delete',
  'permissions',
  'typePermissions',
] as const;
export type ScreenAction = (typeof screenActions)[number];

const actionNeeds: Record<ScreenAction, Permission> = {
  list: 'Read',
  show: 'Read',
  export: 'Read',
  create: 'Write',
  edit: 'Write',
  delete: 'Write',
  permissions: 'Admin',
  typePermissions: 'Admin',
};
/** Object types whose writes are administration: they need Admin (see above). */
const administeredTypes: readonly ObjectType[] = ['User'];

export function permissionForAction(type: ObjectType, action: ScreenAction): Permission {
  const needed = actionNeeds[action];
  return needed === 'Write' && administeredTypes.includes(type) ? 'Admin' : needed;
}

/** Actions decided on the whole type rather than on one record or on any one record. */
export const typeWideActions: readonly ScreenAction[] = ['create', 'typePermissions'];
