import { type DashboardRoute, dashboardRoutes } from '@interior/contracts';

/** Dashboard paths with a screen of their own (react-admin resources or custom routes in Dashboard). */
export const builtScreens = [
  'profile',
  'user',
  'usergroup',
  'mydesign',
  'business-profile',
  'my-subscription',
  'my-payment',
  'subscription/order',
  'subscription/payment',
  'mydesign/:id/:tab?',
  'shared',
  'trash',
  'design/management',
  'design-manager/design',
  'analysis/design',
  'product',
  'material',
  'brand',
  'bom',
  'workspace',
  'plan',
  'walldrawing',
  'category/product',
  'category/material',
  'category/paving',
  'category/set',
  'category/plan',
  'category/walldrawing',
  'bomconstant',
  'designproperty',
  'system/bomconstant',
  'system/designproperty',
  'notice',
  'notice/:id',
  'system/notice',
  'model',
  'system/popupbanner',
] as const satisfies readonly DashboardRoute[];

/**
 * Every other SPEC §2 path: guarded like the built ones and showing an honest "not ready yet" page,
 * so a link to it never lands on a blank screen or on react-admin's 404.
 */
export const unavailableScreens: readonly DashboardRoute[] = (
  Object.keys(dashboardRoutes) as DashboardRoute[]
).filter((route) => !(builtScreens as readonly string[]).includes(route));
