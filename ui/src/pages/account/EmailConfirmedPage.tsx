import { loginPath } from '../../session';
import { AccountCard } from './AccountCard';
import { LinkList } from './LinkList';

/** /email-confirmed: the address is verified and the account active. */
export function EmailConfirmedPage() {
  return (
    <AccountCard
      title="이메일 인증 완료"
      intro="이메일 주소가 인증되었습니다. 이제 로그인해서 서비스를 이용할 수 있습니다."
    >
      <LinkList links={[{ to: loginPath, text: '로그인하기' }]} />
    </AccountCard>
  );
}
