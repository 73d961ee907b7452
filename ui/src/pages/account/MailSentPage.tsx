import { messages } from '@interior/contracts';
import { Typography } from '@mui/material';
import { useLocation, useSearchParams } from 'react-router';
import { loginPath } from '../../session';
import { AccountCard } from './AccountCard';
import { LinkList } from './LinkList';
import { accountPaths, type MailKind } from './paths';

const validity: Record<MailKind, string> = {
  verify: '인증 링크는 24시간 동안 한 번만 사용할 수 있습니다.',
  reset: '비밀번호 재설정 링크는 30분 동안 한 번만 사용할 수 있습니다.',
};

/**
 * /mail-sent?kind=verify|reset: check your mailbox. Right after a sign-up it names the new
 * address (router state); after a recovery or resend request it never says whether the address
 * is registered.
 */
export function MailSentPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const kind: MailKind = searchParams.get('kind') === 'reset' ? 'reset' : 'verify';
  const signedUpEmail = (location.state as { email?: unknown } | null)?.email;
  const email = kind === 'verify' && typeof signedUpEmail === 'string' ? signedUpEmail : null;

  return (
    <AccountCard title={email ? '인증 메일을 보냈습니다' : '메일을 확인해 주세요'}>
      {email ? (
        <Typography>
          <Typography component="strong" sx={{ fontWeight: 700 }}>
            {email}
          </Typography>{' '}
          주소로 인증 메일을 보냈습니다. 메일의 링크를 눌러 가입을 마쳐 주세요.
        </Typography>
      ) : (
        <Typography>{messages.mailSentIfRegistered}</Typography>
      )}
      <Typography color="text.secondary">
        {validity[kind]} 메일이 보이지 않으면 스팸 메일함도 확인해 주세요.
      </Typography>
      <LinkList
        links={[
          { to: loginPath, text: '로그인' },
          kind === 'reset'
            ? { to: accountPaths.findPassword, text: '재설정 메일 다시 받기' }
            : { to: accountPaths.emailVerification, text: '인증 메일 다시 받기' },
        ]}
      />
    </AccountCard>
  );
}
