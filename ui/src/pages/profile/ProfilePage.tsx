import { Alert, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';
import { SnsAccounts } from '../sns/SnsAccounts';
import { EmailChangeForm } from './EmailChangeForm';
import { MarketingSwitch } from './MarketingSwitch';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import { SignOutEverywhere } from './SignOutEverywhere';
import { useCurrentUserDetail } from './useCurrentUserDetail';
import { WithdrawForm } from './WithdrawForm';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * /dashboard/profile (any signed-in user): photo, name, mobile, password, marketing consent,
 * e-mail change, signing out everywhere and 회원 탈퇴.
 */
export function ProfilePage() {
  const { data: detail, error, isPending, adopt } = useCurrentUserDetail();

  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4, maxWidth: 720 }}>
      <Title title="프로필" />
      {isPending ? <LinearProgress aria-label="프로필을 불러오는 중" /> : null}
      {error ? <Alert severity="error">{error.message}</Alert> : null}
      {detail ? (
        <>
          <Section title="기본 정보">
            <ProfileForm user={detail.user} onSaved={adopt} />
          </Section>
          <Section title="비밀번호 변경">
            <PasswordForm email={detail.user.email} />
          </Section>
          <Section title="마케팅 정보 수신">
            <MarketingSwitch detail={detail} onSaved={adopt} />
          </Section>
          <Section title="연결된 계정">
            <SnsAccounts detail={detail} onSaved={adopt} />
          </Section>
          <Section title="이메일 변경">
            <EmailChangeForm currentEmail={detail.user.email} />
          </Section>
          <Section title="로그인 관리">
            <SignOutEverywhere />
          </Section>
          <Section title="회원 탈퇴">
            <WithdrawForm />
          </Section>
        </>
      ) : null}
    </Stack>
  );
}
