import { canAccess, dashboardRoutes, type RouteAccess } from '@interior/contracts';

/**
 * Dashboard resources that are not product routes: tools for the provider's own administrators,
 * kept here rather than in contracts because the product's route table does not list them.
 * - `mailbox`: the mail the platform sent or, without SMTP_URL, kept (the embedded default's local
 *   mailbox). Messages hold sign-in links (invitations, password resets) and addresses: Admin only.
 * - `clientlog`: what browsers reported through the client log, with user ids and paths: Admin
 *   only.
 * The API enforces the same (both answer only the Admin role); this only keeps the menu and the
 * pages in step with it.
 */
const operationalResources = {
  mailbox: { kind: 'allow', roles: ['Admin'] },
  clientlog: { kind: 'allow', roles: ['Admin'] },
  // The "subscription plans" screen the product names without a path: the plans /subscription offers,
  // kept by Admin and Developer (the API's rule for writing them).
  'subscription-plan': { kind: 'allow', roles: ['Admin', 'Developer'] },
} as const satisfies Record<string, RouteAccess>;

const routeAccess: Readonly<Record<string, RouteAccess | undefined>> = {
  ...dashboardRoutes,
  ...operationalResources,
};

/**
 * Whether a user with `roles` may open the dashboard child path `route` (a react-admin resource
 * name or a custom route). Paths the contract does not list are closed: opening one is a decision
 * to write down in contracts first (or, for the operational resources above, here).
 */
export function canOpenDashboardRoute(route: string, roles: readonly string[]): boolean {
  const access = routeAccess[route];
  return access !== undefined && canAccess(access, roles);
}

/** Whether a denial of `route` is silent (contracts' RouteAccess `silent`): nothing shown, no warning. */
export function isSilentRoute(route: string): boolean {
  return routeAccess[route]?.silent === true;
}
