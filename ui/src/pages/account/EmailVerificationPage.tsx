import { Alert, Button, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { withLoading } from '../../feedback/loading';
import { ApiError, resendVerificationMail, verifyEmail } from '../../session';
import { AccountCard } from './AccountCard';
import { EmailRequestForm } from './EmailRequestForm';
import { formFailure } from './formFailure';
import { useLinkToken } from './linkToken';
import { accountPaths, mailSentPathFor } from './paths';

/**
 * /email-verification?token=…: the link of the verification mail. Verifies at once, then
 * /email-confirmed; a stale, used (410) or unknown (400) link goes to /expired. Opened without a
 * token, it offers to send the mail again.
 */
export function EmailVerificationPage() {
  const token = useLinkToken();
  return token ? <VerifyWithToken token={token} /> : <ResendVerification />;
}

function VerifyWithToken({ token }: { token: string }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  const verify = useCallback(async () => {
    setFailure(null);
    try {
      const { emailChanged } = await withLoading(verifyEmail(token));
      navigate(emailChanged ? `${accountPaths.emailConfirmed}?changed=1` : accountPaths.emailConfirmed, {
        replace: true,
      });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 410 || error.status === 400)) {
        navigate(accountPaths.expired, { replace: true });
        return;
      }
      // The server could not answer now (network, 429, 5xx): the same link may work in a moment.
      setFailure(formFailure(error, []).message);
    }
  }, [token, navigate]);

  useEffect(() => {
    if (started.current) return; // once, also under StrictMode's second effect run
    started.current = true;
    void verify();
  }, [verify]);

  return (
    <AccountCard title="이메일 인증">
      {failure ? (
        <>
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
          <Button variant="contained" onClick={() => void verify()} fullWidth>
            다시 시도
          </Button>
        </>
      ) : (
        <Typography role="status">이메일 주소를 인증하고 있습니다…</Typography>
      )}
    </AccountCard>
  );
}

function ResendVerification() {
  const navigate = useNavigate();
  return (
    <AccountCard
      title="이메일 인증"
      intro="가입할 때 받은 인증 메일의 링크를 누르면 인증이 끝납니다. 메일을 받지 못했거나 링크가 만료되었다면 가입한 이메일 주소로 인증 메일을 다시 받아 주세요."
    >
      <EmailRequestForm
        idPrefix="resend-verification"
        label="인증 메일 다시 받기"
        buttonText="인증 메일 다시 받기"
        send={resendVerificationMail}
        onSent={() => navigate(mailSentPathFor('verify'))}
      />
    </AccountCard>
  );
}
