import { landingAfterSignIn } from '@interior/contracts';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { loginPath, useSession } from '../session';
import { PublicLayout, productName } from './PublicLayout';

/** What the product does (SPEC §1), in the words a customer uses. */
const features = [
  {
    title: '디자인',
    text: '도면과 인테리어 디자인을 만들고, 내 디자인과 공유받은 디자인을 한곳에서 관리합니다.',
  },
  { title: '견적', text: '디자인에서 견적서와 자재 명세서(BOM)를 만들어 공종별 금액을 확인합니다.' },
  { title: '카탈로그', text: '제품, 자재, 카테고리 카탈로그에서 필요한 항목을 찾아 디자인에 사용합니다.' },
  { title: '주문', text: '확정한 견적을 바탕으로 주문까지 이어서 진행합니다.' },
];

export function LandingPage() {
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  return (
    <PublicLayout>
      <Stack spacing={3} sx={{ textAlign: 'center', mb: 6 }}>
        <Typography
          variant="h3"
          component="h1"
          sx={{ fontWeight: 700, fontSize: { xs: '2rem', sm: '3rem' } }}
        >
          인테리어 디자인부터 견적과 주문까지
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary">
          {productName}에서 공간을 설계하고, 견적을 내고, 주문까지 한 번에 진행하세요.
        </Typography>
        <Box>
          {signedIn ? (
            <Button variant="contained" size="large" component={RouterLink} to={landingAfterSignIn}>
              내 디자인으로 이동
            </Button>
          ) : (
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
              <Button variant="contained" size="large" component={RouterLink} to={loginPath}>
                로그인
              </Button>
              <Button variant="outlined" size="large" component={RouterLink} to="/signup-options">
                회원가입
              </Button>
            </Stack>
          )}
        </Box>
      </Stack>
      <Box
        component="section"
        aria-label="주요 기능"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        {features.map((feature) => (
          <Card key={feature.title} variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                {feature.title}
              </Typography>
              <Typography color="text.secondary">{feature.text}</Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </PublicLayout>
  );
}
