import { designerPath } from '@interior/contracts';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { AppErrorBoundary } from './AppErrorBoundary';
import { DashboardGate, RequireSession } from './admin/DashboardGate';
import { DataBrowserRouter } from './DataBrowserRouter';
import { DocumentTitle } from './DocumentTitle';
import { GlobalLoadingOverlay } from './feedback/LoadingOverlay';
import { NoticeProvider } from './feedback/NoticeProvider';
import { ServerUnreachableNotice } from './feedback/ServerUnreachableNotice';
import { TopProgressBar } from './feedback/TopProgressBar';
import { LoginPage } from './pages/LoginPage';

// The sign-in page is part of the app's first chunk, drawn without MUI: most visits start there
// (every signed-out visit to the dashboard is sent there). Every other page is drawn with MUI, inside
// MuiFrame (its theme and baseline), which loads with the first of them; each page is loaded on
// demand in its own chunk. The dashboard's react-admin code is another chunk, loaded by
// DashboardGate once there is a session; the editor is its own chunk, for the /designer/… route.
const MuiFrame = lazy(() => import('./theme/MuiFrame').then((m) => ({ default: m.MuiFrame })));
const DesignerPage = lazy(() => import('./designer/DesignerPage').then((m) => ({ default: m.DesignerPage })));
const LandingPage = lazy(() => import('./pages/LandingPage').then((m) => ({ default: m.LandingPage })));
const SnsLoginPage = lazy(() => import('./pages/SnsLoginPage').then((m) => ({ default: m.SnsLoginPage })));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
const SignupOptionsPage = lazy(() =>
  import('./pages/account/SignupOptionsPage').then((m) => ({ default: m.SignupOptionsPage })),
);
const AgreementPage = lazy(() =>
  import('./pages/account/AgreementPage').then((m) => ({ default: m.AgreementPage })),
);
const SignupPage = lazy(() => import('./pages/account/SignupPage').then((m) => ({ default: m.SignupPage })));
const EmailVerificationPage = lazy(() =>
  import('./pages/account/EmailVerificationPage').then((m) => ({ default: m.EmailVerificationPage })),
);
const EmailConfirmedPage = lazy(() =>
  import('./pages/account/EmailConfirmedPage').then((m) => ({ default: m.EmailConfirmedPage })),
);
const ExpiredPage = lazy(() =>
  import('./pages/account/ExpiredPage').then((m) => ({ default: m.ExpiredPage })),
);
const FindPasswordPage = lazy(() =>
  import('./pages/account/FindPasswordPage').then((m) => ({ default: m.FindPasswordPage })),
);
const MailSentPage = lazy(() =>
  import('./pages/account/MailSentPage').then((m) => ({ default: m.MailSentPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./pages/account/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const SnsSignupPage = lazy(() =>
  import('./pages/sns/SnsSignupPage').then((m) => ({ default: m.SnsSignupPage })),
);
const Cafe24Page = lazy(() => import('./pages/sns/Cafe24Page').then((m) => ({ default: m.Cafe24Page })));
const AccountClosedPage = lazy(() =>
  import('./pages/account/AccountClosedPage').then((m) => ({ default: m.AccountClosedPage })),
);
const SubscriptionPage = lazy(() =>
  import('./pages/subscription/SubscriptionPage').then((m) => ({ default: m.SubscriptionPage })),
);

export function App() {
  return (
    <NoticeProvider>
      <DataBrowserRouter>
        <DocumentTitle />
        <AppErrorBoundary>
          <Suspense fallback={<TopProgressBar />}>
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route element={<MuiFrame />}>
                <Route path="/" element={<LandingPage />} />
                <Route path="/sns-login" element={<SnsLoginPage />} />
                <Route path="/signup-options" element={<SignupOptionsPage />} />
                <Route path="/agreement" element={<AgreementPage />} />
                <Route path="/signup-personal" element={<SignupPage key="personal" kind="personal" />} />
                <Route path="/signup-business" element={<SignupPage key="business" kind="business" />} />
                <Route path="/email-verification" element={<EmailVerificationPage />} />
                <Route path="/email-confirmed" element={<EmailConfirmedPage />} />
                <Route path="/expired" element={<ExpiredPage />} />
                <Route path="/find-password" element={<FindPasswordPage />} />
                <Route path="/mail-sent" element={<MailSentPage />} />
                <Route path="/reset-password" element={<ResetPasswordPage />} />
                <Route path="/signup-sns" element={<SnsSignupPage />} />
                <Route path="/cafe24" element={<Cafe24Page key="cafe24" admin={false} />} />
                <Route path="/cafe24-admin" element={<Cafe24Page key="cafe24-admin" admin />} />
                <Route path="/account-closed" element={<AccountClosedPage />} />
                <Route path="/subscription" element={<SubscriptionPage />} />
                <Route path="/dashboard/*" element={<DashboardGate />} />
                <Route
                  path={`${designerPath}/:id`}
                  element={
                    <RequireSession>
                      <DesignerPage />
                    </RequireSession>
                  }
                />
                <Route path="*" element={<NotFoundPage />} />
              </Route>
            </Routes>
          </Suspense>
        </AppErrorBoundary>
      </DataBrowserRouter>
      <GlobalLoadingOverlay />
      <ServerUnreachableNotice />
    </NoticeProvider>
  );
}
