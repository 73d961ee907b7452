import { useSearchParams } from 'react-router';
import { loginPath } from '../../session';
import { AccountCard } from './AccountCard';
import { LinkList } from './LinkList';

/**
 * /email-confirmed: the address is verified and the account active; `?changed=1` after the link
 * of an e-mail change, when the account has moved to the new address.
 */
export function EmailConfirmedPage() {
  const [searchParams] = useSearchParams();
  if (searchParams.get('changed') === '1') {
    return (
      <AccountCard
        title="이메일 주소 변경 완료"
        intro="새 이메일 주소가 인증되어 계정의 이메일 주소가 바뀌었습니다. 이제 새 주소로 로그인해 주세요."
      >
        <LinkList links={[{ to: loginPath, text: '로그인하기' }]} />
      </AccountCard>
    );
  }
  return (
    <AccountCard
      title="이메일 인증 완료"
      intro="이메일 주소가 인증되었습니다. 이제 로그인해서 서비스를 이용할 수 있습니다."
    >
      <LinkList links={[{ to: loginPath, text: '로그인하기' }]} />
    </AccountCard>
  );
}
