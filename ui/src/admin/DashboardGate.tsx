import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingOverlay } from '../feedback/LoadingOverlay';
import { TopProgressBar } from '../feedback/TopProgressBar';
import { loginPath, loginPathFor, useSession } from '../session';

const Dashboard = lazy(() => import('./Dashboard').then((module) => ({ default: module.Dashboard })));

/**
 * Every /dashboard path goes through here. Without a session the visitor goes to
 * /login?nextPage=<the wanted path and query>, and this is the only place that sends a
 * signed-out visitor away: a first visit, a session that expired, a sign-out in another tab.
 * A user who signed out here goes to /login without nextPage (the next user may be someone else).
 * The dashboard's code is loaded only once there is a session.
 */
export function DashboardGate() {
  return (
    <RequireSession>
      <Dashboard />
    </RequireSession>
  );
}

/**
 * A page for signed-in users only (the dashboard, the designer): the same rule as above, and the
 * page's code loaded only once there is a session.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();

  if (session.status === 'pending') return <LoadingOverlay visible />;
  if (session.status === 'signedOut') {
    const target =
      session.reason === 'signedOut' ? loginPath : loginPathFor(`${location.pathname}${location.search}`);
    return <Navigate to={target} replace />;
  }
  return <Suspense fallback={<TopProgressBar />}>{children}</Suspense>;
}
