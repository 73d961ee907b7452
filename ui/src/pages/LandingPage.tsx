import { landingAfterSignIn, subscriptionPagePath } from '@interior/contracts';
import { Box, Button, Card, CardContent, CardMedia, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { siteName } from '../pageTitle';
import { loginPath, useSession } from '../session';
import { PublicLayout } from './PublicLayout';
import { PlanCard, usePlans } from './subscription/PlanCard';

/**
 * What the product does, each shown by a picture of the product itself: screenshots taken from a
 * platform seeded with the sample catalogue by `npm run screenshots`
 * (bench/src/landing-screenshots.ts), kept in ui/public/landing.
 */
const features = [
  {
    title: '평면도',
    text: '방과 벽, 문과 창을 그리고 바닥·벽·천장 마감재와 가구를 배치합니다. 평면도 템플릿에서 바로 시작할 수도 있습니다.',
    image: '/landing/plan.webp',
    alt: '디자인 편집기의 평면도: 방, 벽, 문과 배치한 가구',
  },
  {
    title: '3D 보기',
    text: '그린 공간을 3D로 둘러보고, 걷기 모드로 방 안을 걸으며 마감재와 가구를 확인합니다.',
    image: '/landing/3d.webp',
    alt: '같은 디자인의 3D 보기',
  },
  {
    title: '견적서',
    text: '디자인에서 공종별 자재비·노무비·경비와 부가세까지 계산된 견적을 요청하고, 견적서를 받아 주문합니다.',
    image: '/landing/quote.webp',
    alt: '발행된 견적서: 공종별 품목과 합계',
  },
];

/** The plans with their prices, from the plan catalogue, and the way to subscribe. */
function Plans() {
  const { plans } = usePlans();
  if (!plans?.length) return null;
  return (
    <Box component="section" aria-labelledby="landing-plans" sx={{ mt: 8 }}>
      <Typography
        id="landing-plans"
        variant="h4"
        component="h2"
        sx={{ fontWeight: 700, textAlign: 'center' }}
      >
        구독 상품
      </Typography>
      <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 3 }}>
        무료로 디자인을 시작하고, 견적 요청과 공유가 필요할 때 구독하세요. 가격은 부가세 포함입니다.
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            period="Monthly"
            action={
              <Button
                fullWidth
                variant="outlined"
                component={RouterLink}
                to={subscriptionPagePath}
                aria-label={`${plan.name} 자세히 보기`}
              >
                자세히 보기
              </Button>
            }
          />
        ))}
      </Stack>
    </Box>
  );
}

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
          {siteName}에서 공간을 설계하고, 견적을 내고, 주문까지 한 번에 진행하세요.
        </Typography>
        <Box>
          {signedIn ? (
            <Button variant="contained" size="large" component={RouterLink} to={landingAfterSignIn}>
              내 디자인으로 이동
            </Button>
          ) : (
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
              <Button variant="contained" size="large" component={RouterLink} to="/signup-options">
                무료로 시작하기
              </Button>
              <Button variant="outlined" size="large" component={RouterLink} to={loginPath}>
                로그인
              </Button>
            </Stack>
          )}
        </Box>
      </Stack>
      <Box component="section" aria-label="주요 기능" sx={{ display: 'grid', gap: 3 }}>
        {features.map((feature) => (
          <Card key={feature.title} variant="outlined">
            <CardMedia
              component="img"
              image={feature.image}
              alt={feature.alt}
              loading="lazy"
              sx={{
                aspectRatio: '16 / 10',
                objectFit: 'cover',
                objectPosition: 'top',
                bgcolor: 'action.hover',
              }}
            />
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                {feature.title}
              </Typography>
              <Typography color="text.secondary">{feature.text}</Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Plans />
      {!signedIn && (
        <Stack spacing={2} sx={{ mt: 8, textAlign: 'center', alignItems: 'center' }}>
          <Typography variant="h5" component="h2">
            지금 가입하고 첫 디자인을 그려 보세요
          </Typography>
          <Button variant="contained" size="large" component={RouterLink} to="/signup-options">
            회원가입
          </Button>
        </Stack>
      )}
    </PublicLayout>
  );
}
