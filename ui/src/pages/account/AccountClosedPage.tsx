import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { signOut } from '../../session';
import { AccountCard } from './AccountCard';
import { LinkList } from './LinkList';

/** What 회원 탈퇴 passes to this page: the session is to end here. */
export const accountClosedState = { endSession: true } as const;

/**
 * /account-closed: where 회원 탈퇴 ends; the account and its personal data are gone. Coming from
 * the withdrawal, the session ends once this page shows, so nothing sends the user to sign in.
 */
export function AccountClosedPage() {
  const location = useLocation();
  const ending = (location.state as typeof accountClosedState | null)?.endSession === true;
  useEffect(() => {
    if (ending) void signOut();
  }, [ending]);
  return (
    <AccountCard
      title="탈퇴가 완료되었습니다"
      intro="그동안 인테리어 플랫폼을 이용해 주셔서 감사합니다. 계정과 개인정보는 모두 파기되었으며, 같은 이메일 주소로 언제든 다시 가입할 수 있습니다."
    >
      <LinkList links={[{ to: '/', text: '처음으로' }]} />
    </AccountCard>
  );
}
