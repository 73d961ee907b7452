import { Link, Stack } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router';
import { loginPath, readSavedLoginEmail, requestPasswordReset } from '../../session';
import { AccountCard } from './AccountCard';
import { EmailRequestForm } from './EmailRequestForm';
import { mailSentPathFor } from './paths';

/** /find-password: mails a reset link; the next page never says whether the address is registered. */
export function FindPasswordPage() {
  const navigate = useNavigate();
  return (
    <AccountCard
      title="비밀번호 찾기"
      intro="가입한 이메일 주소를 입력하면 새 비밀번호를 정할 수 있는 링크를 보내 드립니다."
    >
      <EmailRequestForm
        idPrefix="find-password"
        label="비밀번호 찾기"
        buttonText="재설정 메일 받기"
        initialEmail={readSavedLoginEmail() ?? ''}
        send={requestPasswordReset}
        onSent={() => navigate(mailSentPathFor('reset'))}
      />
      <Stack direction="row" sx={{ justifyContent: 'center' }}>
        <Link component={RouterLink} to={loginPath} variant="body2">
          로그인으로 돌아가기
        </Link>
      </Stack>
    </AccountCard>
  );
}
