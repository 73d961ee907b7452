import { Box, Button, Card, CardActions, CardContent, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { loginPath, type SignupKind } from '../../session';
import { AccountCard } from './AccountCard';
import { accountKindLabels, agreementPathFor, signupKinds } from './paths';

const descriptions: Record<SignupKind, string> = {
  personal: '개인 고객으로 가입해 디자인과 견적 기능을 이용합니다.',
  business: '인테리어 업체, 시공사 등 사업자등록번호가 있는 사업자가 사업자 정보와 함께 가입합니다.',
};

/** /signup-options: personal or business account; either goes on to the agreements. */
export function SignupOptionsPage() {
  return (
    <AccountCard title="회원가입" intro="가입할 회원 유형을 선택해 주세요." maxWidth="sm">
      <Box
        component="ul"
        aria-label="회원 유형"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        }}
      >
        {signupKinds.map((kind) => (
          <Card
            key={kind}
            component="li"
            variant="outlined"
            sx={{ display: 'flex', flexDirection: 'column' }}
          >
            <CardContent sx={{ flexGrow: 1 }}>
              <Typography variant="h6" component="h2" gutterBottom>
                {accountKindLabels[kind]}
              </Typography>
              <Typography color="text.secondary">{descriptions[kind]}</Typography>
            </CardContent>
            <CardActions sx={{ p: 2, pt: 0 }}>
              <Button variant="contained" component={RouterLink} to={agreementPathFor(kind)} fullWidth>
                {accountKindLabels[kind]}으로 가입
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        이미 회원이신가요?{' '}
        <Link component={RouterLink} to={loginPath}>
          로그인
        </Link>
      </Typography>
    </AccountCard>
  );
}
