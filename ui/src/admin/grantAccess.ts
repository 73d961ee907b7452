import {
  type ObjectType,
  type Permission,
  permissionForAction,
  permits,
  type ScreenAction,
  screenActions,
  strongest,
  typeWideActions,
} from '@interior/contracts';
import type { GrantSource } from '../kit/grants';
import { canOpenDashboardRoute } from './access';

/**
 * contracts' resourceObjectTypes (the dashboard resources whose records are objects with grants)
 * written out: that one is read from the resources' declarations, whose module brings zod and the
 * design document's code into the dashboard's first load, of which this module is part (the auth
 * provider decides every screen's access with it).
 * grantAccess.test.ts holds it to the contracts'.
 */
export const dashboardObjectTypes: Readonly<Partial<Record<string, ObjectType>>> = {
  user: 'User',
  usergroup: 'UserGroup',
  'category/product': 'ProductCategory',
  'category/material': 'MaterialCategory',
  'category/paving': 'PavingCategory',
  'category/set': 'SetCategory',
  'category/plan': 'PlanCategory',
  'category/walldrawing': 'WallDrawingCategory',
  model: 'Model',
  brand: 'Brand',
  product: 'Product',
  material: 'Material',
  workspace: 'Workspace',
  bom: 'Bom',
  plan: 'Plan',
  walldrawing: 'WallDrawing',
};

const isScreenAction = (action: string): action is ScreenAction =>
  (screenActions as readonly string[]).includes(action);

const allows = (held: Permission | null, wanted: Permission) => held !== null && permits(held, wanted);

/**
 * Whether the user may use `action` of a dashboard resource (README "Who may do what"): the route's
 * roles (contracts/src/routes.ts), OR a grant.
 * - Resources that are no objects (custom routes, the operational resources): the route's roles.
 * - The Admin role holds every permission.
 * - Otherwise the route's roles open the resource's screens for reading, and a grant opens what it
 *   allows: a list when the user may read the type or holds a grant on any one of its records;
 *   a record's page and buttons by the user's permission on that record (without a record, on any
 *   one record); creating and the type's grants by the permission on the whole type.
 * With no grants at all this is exactly the routes' own roles.
 */
export async function decideAccess(options: {
  resource: string;
  action: string;
  record?: { id?: string | number | null } | null;
  roles: readonly string[];
  grants: GrantSource;
}): Promise<boolean> {
  const { resource, action, record, roles, grants } = options;
  const byRoute = canOpenDashboardRoute(resource, roles);
  const type = dashboardObjectTypes[resource];
  if (!type) return byRoute;
  if (roles.includes('Admin')) return true;
  if (!isScreenAction(action)) return false;
  const wanted = permissionForAction(type, action);
  if (byRoute && wanted === 'Read') return true;
  const typeWide = typeWideActions.includes(action);
  if (!typeWide && record?.id !== undefined && record.id !== null) {
    return allows(await grants.onRecord(type, record.id), wanted);
  }
  const held = (await grants.mine()).types[type];
  if (!held) return false;
  return allows(typeWide ? held.type : strongest(held.type, held.records), wanted);
}
