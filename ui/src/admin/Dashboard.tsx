import { dashboardPath, landingAfterSignIn } from '@interior/contracts';
import { CssBaseline } from '@mui/material';
import { lazy, type ReactNode, Suspense } from 'react';
import {
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  CustomRoutes,
  Error as ErrorPage,
  localStorageStore,
  Resource,
} from 'react-admin';
import { Navigate, Route } from 'react-router';
import { TopProgressBar } from '../feedback/TopProgressBar';
import { i18nProvider } from '../i18n/i18nProvider';
import { AccessDenied } from '../kit/AccessDenied';
import { queryClient } from '../kit/queryClient';
import { NotFoundContent } from '../pages/NotFoundContent';
import { usePaletteMode } from '../theme/mode';
import { themeOptions } from '../theme/themes';
import { authProvider } from './authProvider';
import { DashboardLayout } from './DashboardLayout';
import { dashboardResources } from './dashboardResources';
import { dataProvider } from './dataProvider';
import { NotificationBridge } from './NotificationBridge';
import { RequireRouteAccess } from './RequireRouteAccess';

// The user's own pages load on demand: most visits to the dashboard never open them.
const ProfilePage = lazy(() =>
  import('../pages/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })),
);
const MySubscriptionPage = lazy(() =>
  import('../pages/subscription/MySubscriptionPage').then((m) => ({ default: m.MySubscriptionPage })),
);
const CataloguePage = lazy(() =>
  import('../pages/catalogue/CataloguePage').then((m) => ({ default: m.CataloguePage })),
);
const BusinessProfilePage = lazy(() =>
  import('../pages/profile/BusinessProfilePage').then((m) => ({ default: m.BusinessProfilePage })),
);

// A deleted record's history: its table carries the audit log's panels and the estimate sheet.
const HistoryPage = lazy(() => import('../history/HistoryPage').then((m) => ({ default: m.HistoryPage })));

/** A dashboard path no screen has: the same 404 as the public one, inside the dashboard. */
const DashboardNotFound = () => <NotFoundContent home={landingAfterSignIn} />;
// Designs: each screen loads when it opens. The landing page after sign-in is 내 디자인, so it
// does not wait for the record page's tabs (estimates, BOM) or the other lists.
const MyDesignsPage = lazy(() =>
  import('../designs/MyDesignsPage').then((m) => ({ default: m.MyDesignsPage })),
);
const DesignDetailPage = lazy(() =>
  import('../designs/DesignDetailPage').then((m) => ({ default: m.DesignDetailPage })),
);
const designLists = () => import('../designs/DesignListPages');
const SharedDesignsPage = lazy(() => designLists().then((m) => ({ default: m.SharedDesignsPage })));
const TrashPage = lazy(() => designLists().then((m) => ({ default: m.TrashPage })));
const DesignManagementPage = lazy(() => designLists().then((m) => ({ default: m.DesignManagementPage })));
const DesignManagerDesignsPage = lazy(() =>
  designLists().then((m) => ({ default: m.DesignManagerDesignsPage })),
);
// Estimations: one chunk for their screens.
const estimations = () => import('../estimations');
const AdminEstimationsPage = lazy(() => estimations().then((m) => ({ default: m.AdminEstimationsPage })));
const ManagerEstimationsPage = lazy(() => estimations().then((m) => ({ default: m.ManagerEstimationsPage })));
const MyEstimationsPage = lazy(() => estimations().then((m) => ({ default: m.MyEstimationsPage })));
const EstimationPage = lazy(() => estimations().then((m) => ({ default: m.EstimationPage })));
// The charts are heavy: their own chunk, for the Admin's analysis screen only.
const SupplierPage = lazy(() =>
  import('../estimations/SupplierPage').then((m) => ({ default: m.SupplierPage })),
);
const DesignAnalysisPage = lazy(() =>
  import('../designs/DesignAnalysisPage').then((m) => ({ default: m.DesignAnalysisPage })),
);

// The auditor's workbench is its own chunk: few users ever open it.
const audit = () => import('../audit');
const AuditLogPage = lazy(() => audit().then((m) => ({ default: m.AuditLogPage })));
const RecordAuditPage = lazy(() => audit().then((m) => ({ default: m.RecordAuditPage })));
const ReadModelsPage = lazy(() =>
  import('../audit/ReadModelsPage').then((m) => ({ default: m.ReadModelsPage })),
);

/** /dashboard itself has no page of its own: it opens the landing page. */
const GoToLanding = () => <Navigate to={landingAfterSignIn} replace />;

/** A custom route under the same rule as the resources: the roles contracts' dashboardRoutes lists for it. */
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

/** react-admin's own store (the default of its `<Admin>`): list settings, the sidebar, … in localStorage. */
const store = localStorageStore();

/**
 * The react-admin app under /dashboard (its own chunk): `<Admin>` written out as its two parts,
 * because `<Admin>` itself brings react-admin's English messages and their Polyglot provider as
 * its default even when given another. It sits inside the app's router, so
 * `basename` makes its links and routes start at /dashboard. Signing in is the public /login page
 * (loginPage false); DashboardGate renders this only for a signed-in user.
 */
export function Dashboard() {
  // The palette is the app's choice (theme/mode), not react-admin's store: both props get the
  // current mode's theme, so whatever react-admin's store holds, the dashboard matches the app.
  const theme = themeOptions[usePaletteMode()];
  return (
    <AdminContext
      basename={dashboardPath}
      queryClient={queryClient}
      store={store}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      darkTheme={theme}
    >
      {/* react-admin's AdminUI written out: CoreAdminUI with the same baseline, error and
          authentication-error pages, minus the defaults it imports for pages this app replaces (its
          login page and form bring react-hook-form into the dashboard's first load). */}
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          error={ErrorPage}
          authenticationError={AuthenticationError}
          disableTelemetry
          requireAuth
          loginPage={false}
          layout={DashboardLayout}
          accessDenied={AccessDenied}
          dashboard={GoToLanding}
          loading={TopProgressBar}
          title="대시보드"
          catchAll={DashboardNotFound}
        >
          {dashboardResources.map(({ name, screens, ...resource }) => (
            <Resource key={name} name={name} {...screens} {...resource} />
          ))}
          <CustomRoutes>
            {/* A record's history on its own page (a deleted record's); the API decides who reads it. */}
            <Route
              path="history/:resource/:id"
              element={
                <Suspense fallback={<TopProgressBar />}>
                  <HistoryPage />
                </Suspense>
              }
            />
            {guarded('mydesign', <MyDesignsPage />)}
            {guarded('mydesign/:id/:tab?', <DesignDetailPage />)}
            {guarded('shared', <SharedDesignsPage />)}
            {guarded('trash', <TrashPage />)}
            {guarded('design/management', <DesignManagementPage />)}
            {guarded('design-manager/design', <DesignManagerDesignsPage />)}
            {guarded('analysis/design', <DesignAnalysisPage />)}
            {guarded('estimation', <AdminEstimationsPage />)}
            {guarded('design-manager/estimation', <ManagerEstimationsPage />)}
            {guarded('my-estimation', <MyEstimationsPage />)}
            {guarded('estimation/:id', <EstimationPage />)}
            {guarded('system/supplier', <SupplierPage />)}
            {guarded('profile', <ProfilePage />)}
            {guarded('business-profile', <BusinessProfilePage />)}
            {guarded('my-subscription', <MySubscriptionPage />)}
            {guarded('catalogue', <CataloguePage />)}
            {guarded('audit', <AuditLogPage />)}
            {guarded('audit/:type/:id/:tab?', <RecordAuditPage />)}
            {guarded('audit/readmodels', <ReadModelsPage />)}
          </CustomRoutes>
        </CoreAdminUI>
        <NotificationBridge />
      </CssBaseline>
    </AdminContext>
  );
}
