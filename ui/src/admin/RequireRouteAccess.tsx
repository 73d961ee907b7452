import type { ReactNode } from 'react';
import { useCanAccess } from 'react-admin';
import { AccessDenied } from '../kit/AccessDenied';
import { SilentlyDenied } from '../kit/RequireAccess';
import { isSilentRoute } from './access';

/**
 * Guards a custom dashboard route (one that is not a react-admin resource) with the same rule as
 * resources: authProvider.canAccess on its dashboard path (contracts' dashboardRoutes). A denial
 * warns and returns to the landing page, or, for a route marked `silent`, shows the not-found view
 * with no warning and no redirect.
 */
export function RequireRouteAccess({ route, children }: { route: string; children: ReactNode }) {
  const { canAccess, isPending } = useCanAccess({ resource: route, action: 'list' });
  if (isPending) return null;
  if (canAccess) return children;
  return isSilentRoute(route) ? <SilentlyDenied notFound /> : <AccessDenied />;
}
