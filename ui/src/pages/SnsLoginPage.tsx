import { landingAfterSignIn, messages } from '@interior/contracts';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingOverlay } from '../feedback/LoadingOverlay';
import { withLoading } from '../feedback/loading';
import { showNotice } from '../feedback/notices';
import { adoptTokenPair, loginPath } from '../session';

/**
 * /sns-login?accessToken=…&refreshToken=…: where social sign-in returns. Stores the pair as the
 * session, fetches the current user and opens the landing page; the tokens leave the address bar
 * (replace) so they stay out of the history.
 */
export function SnsLoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // once, also under StrictMode's second effect run
    started.current = true;
    const accessToken = searchParams.get('accessToken');
    const refreshToken = searchParams.get('refreshToken');
    if (!accessToken || !refreshToken) {
      showNotice(messages.invalidToken, 'error');
      navigate(loginPath, { replace: true });
      return;
    }
    void withLoading(adoptTokenPair({ accessToken, refreshToken })).then((user) => {
      if (!user) showNotice(messages.loginRequired, 'info');
      navigate(user ? landingAfterSignIn : loginPath, { replace: true });
    });
  }, [searchParams, navigate]);

  return <LoadingOverlay visible />;
}
