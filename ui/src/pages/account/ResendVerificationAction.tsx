import { messages } from '@interior/contracts';
import { useState } from 'react';
import { withLoading } from '../../feedback/loading';
import { Alert } from '../../plain/Alert';
import { buttonClass } from '../../plain/button';
import { resendVerificationMail } from '../../session';
import { formFailure } from './formFailure';

/**
 * "인증 메일 다시 보내기" beside a sign-in refused for an unverified address (POST
 * /api/email/resend: the same answer for any address, three mails an hour per address). Drawn
 * without MUI, as the sign-in page is.
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
    <div className="plain-stack plain-stack--tight">
      <button
        type="button"
        className={buttonClass('outlined', { fullWidth: true })}
        onClick={() => void resend()}
        disabled={busy}
      >
        인증 메일 다시 보내기
      </button>
      {outcome && (
        <Alert severity={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.message}
        </Alert>
      )}
    </div>
  );
}
