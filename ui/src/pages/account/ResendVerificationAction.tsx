import { messages } from '@interior/contracts';
import { Alert, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { withLoading } from '../../feedback/loading';
import { resendVerificationMail } from '../../session';
import { formFailure } from './formFailure';

/**
 * "인증 메일 다시 보내기" beside a sign-in refused for an unverified address (POST
 * /api/email/resend: the same answer for any address, three mails an hour per address).
 */
export function ResendVerificationAction({ email }: { email: string }) {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const resend = async () => {
    setBusy(true);
    try {
      await withLoading(resendVerificationMail(email));
      setOutcome({ ok: true, message: '인증 메일을 다시 보냈습니다. 메일함을 확인해 주세요.' });
    } catch (error) {
      setOutcome({ ok: false, message: formFailure(error, []).message ?? messages.unknownError });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1}>
      <Button variant="outlined" onClick={() => void resend()} disabled={busy} fullWidth>
        인증 메일 다시 보내기
      </Button>
      {outcome && (
        <Alert severity={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.message}
        </Alert>
      )}
    </Stack>
  );
}
