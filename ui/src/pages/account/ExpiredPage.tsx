import { messages } from '@interior/contracts';
import { loginPath } from '../../session';
import { AccountCard } from './AccountCard';
import { LinkList } from './LinkList';
import { accountPaths } from './paths';

/** /expired: a mailed link that is stale, used or not ours; where to start again. */
export function ExpiredPage() {
  return (
    <AccountCard
      title="만료된 링크"
      intro={`${messages.linkExpired} 필요한 일을 아래에서 다시 시작해 주세요.`}
    >
      <LinkList
        links={[
          { to: loginPath, text: '로그인' },
          { to: accountPaths.findPassword, text: '비밀번호 찾기' },
          { to: accountPaths.emailVerification, text: '인증 메일 다시 받기' },
        ]}
      />
    </AccountCard>
  );
}
