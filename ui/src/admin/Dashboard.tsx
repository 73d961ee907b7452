import { dashboardPath, dashboardRouteTitles, landingAfterSignIn } from '@interior/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router';
import { TopProgressBar } from '../feedback/TopProgressBar';
import { i18nProvider } from '../i18n/i18nProvider';
import { MyDesignPage } from '../pages/MyDesignPage';
import { UnavailablePage } from '../pages/UnavailablePage';
import clientlog from '../resources/clientlog';
import mailbox from '../resources/mailbox';
import user from '../resources/user';
import usergroup from '../resources/usergroup';
import { usePaletteMode } from '../theme/mode';
import { themeOptions } from '../theme/themes';
import { AccessDenied } from './AccessDenied';
import { authProvider } from './authProvider';
import { DashboardLayout } from './DashboardLayout';
import { dataProvider } from './dataProvider';
import { NotificationBridge } from './NotificationBridge';
import { queryClient } from './queryClient';
import { RequireRouteAccess } from './RequireRouteAccess';
import { unavailableScreens } from './screens';

// The user's own pages load on demand: most visits to the dashboard never open them.
const ProfilePage = lazy(() =>
  import('../pages/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })),
);
const BusinessProfilePage = lazy(() =>
  import('../pages/profile/BusinessProfilePage').then((m) => ({ default: m.BusinessProfilePage })),
);

/** /dashboard itself has no page of its own: it opens the landing page. */
const GoToLanding = () => <Navigate to={landingAfterSignIn} replace />;

/** A custom route under the same rule as the resources: contracts' dashboardRoutes (SPEC §2). */
const guarded = (route: string, page: ReactNode) => (
  <Route
    key={route}
    path={route}
    element={
      <RequireRouteAccess route={route}>
        <Suspense fallback={<TopProgressBar />}>{page}</Suspense>
      </RequireRouteAccess>
    }
  />
);

/**
 * The react-admin app under /dashboard (its own chunk). It sits inside the app's router, so
 * `basename` makes its links and routes start at /dashboard. Signing in is the public /login page
 * (loginPage false); DashboardGate renders this only for a signed-in user.
 */
export function Dashboard() {
  // The palette is the app's choice (theme/mode), not react-admin's store: both props get the
  // current mode's theme, so whatever react-admin's store holds, the dashboard matches the app.
  const theme = themeOptions[usePaletteMode()];
  return (
    <Admin
      basename={dashboardPath}
      disableTelemetry
      queryClient={queryClient}
      requireAuth
      loginPage={false}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      darkTheme={theme}
      layout={DashboardLayout}
      notification={NotificationBridge}
      accessDenied={AccessDenied}
      dashboard={GoToLanding}
      loading={TopProgressBar}
      title="대시보드"
    >
      <Resource name="usergroup" {...usergroup} />
      <Resource name="user" {...user} />
      <Resource name="mailbox" {...mailbox} />
      <Resource name="clientlog" {...clientlog} />
      <CustomRoutes>
        {guarded('mydesign', <MyDesignPage />)}
        {guarded('profile', <ProfilePage />)}
        {guarded('business-profile', <BusinessProfilePage />)}
        {/* SPEC §2 screens not built yet: guarded as they will be, and saying so honestly. */}
        {unavailableScreens.map((route) =>
          guarded(route, <UnavailablePage title={dashboardRouteTitles[route]} />),
        )}
      </CustomRoutes>
    </Admin>
  );
}
