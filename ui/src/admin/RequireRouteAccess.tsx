import type { ReactNode } from 'react';
import { useCanAccess } from 'react-admin';
import { AccessDenied } from './AccessDenied';

/**
 * Guards a custom dashboard route (one that is not a react-admin resource) with the same rule as
 * resources: authProvider.canAccess on its dashboard path (contracts' dashboardRoutes).
 */
export function RequireRouteAccess({ route, children }: { route: string; children: ReactNode }) {
  const { canAccess, isPending } = useCanAccess({ resource: route, action: 'list' });
  if (isPending) return null;
  return canAccess ? children : <AccessDenied />;
}
