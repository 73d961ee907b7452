import { messages, oauthErrorMessage } from '@interior/contracts';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { LoadingOverlay } from '../feedback/LoadingOverlay';
import { withLoading } from '../feedback/loading';
import { showNotice } from '../feedback/notices';
import { adoptTokenPair, loginPath, nextPageParam, safeNextPage } from '../session';
import { PublicLayout } from './PublicLayout';

/** Where to try again after a failed sign-in, by the provider that failed. */
const retryPaths: Record<string, { path: string; label: string }> = {
  cafe24: { path: '/cafe24', label: '카페24로 다시 로그인' },
  cafe24admin: { path: '/cafe24-admin', label: '카페24 관리자로 다시 로그인' },
};

/**
 * /sns-login?accessToken=…&refreshToken=…: where social sign-in returns. The tokens leave the
 * address bar and the history at once (the entry is replaced before anything else runs), then the
 * pair becomes the session, the current user is fetched and `nextPage` (or the landing page) opens.
 * `?error=…` is a sign-in that ended without a session: the page says why, in Korean.
 */
export function SnsLoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);
  const [failure, setFailure] = useState<{ message: string; provider: string | null } | null>(null);

  useEffect(() => {
    if (started.current) return; // once, also under StrictMode's second effect run
    started.current = true;
    const accessToken = searchParams.get('accessToken');
    const refreshToken = searchParams.get('refreshToken');
    const error = searchParams.get('error');
    const nextPage = safeNextPage(searchParams.get(nextPageParam));
    // Out of the address bar and out of the history entry, before any await.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (error) {
      setFailure({ message: oauthErrorMessage(error), provider: searchParams.get('provider') });
      return;
    }
    if (!accessToken || !refreshToken) {
      showNotice(messages.invalidToken, 'error');
      navigate(loginPath, { replace: true });
      return;
    }
    void withLoading(adoptTokenPair({ accessToken, refreshToken })).then((user) => {
      if (!user) showNotice(messages.loginRequired, 'info');
      navigate(user ? nextPage : loginPath, { replace: true });
    });
  }, [searchParams, navigate]);

  if (!failure) return <LoadingOverlay visible />;
  const retry = (failure.provider && retryPaths[failure.provider]) || {
    path: loginPath,
    label: '로그인 화면으로',
  };
  return (
    <PublicLayout maxWidth="xs">
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              로그인하지 못했습니다
            </Typography>
            <Alert severity="error" role="alert" data-testid="sns-login-error">
              {failure.message}
            </Alert>
            <Button component={RouterLink} to={retry.path} variant="contained" replace>
              {retry.label}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </PublicLayout>
  );
}
