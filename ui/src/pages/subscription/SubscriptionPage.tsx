import {
  type BillingPeriod,
  billingPeriodLabels,
  type CheckoutAnswer,
  formatWon,
  type SubscriptionPlanRecord,
} from '@interior/contracts';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemText,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { apiJson, loginPathFor, useSession } from '../../session';
import { PublicLayout } from '../PublicLayout';
import { SandboxCardDialog } from './SandboxCardDialog';
import { openTossCardWindow, tossReturn } from './tossWindow';

/**
 * The public plans page (SPEC §2 /subscription): plans in Korean with VAT-included prices, a
 * monthly/yearly switch, and subscribing. A visitor is sent to sign in first and comes back here
 * with the chosen plan. The card is registered with the payment provider's window: in the embedded
 * sandbox that is our own test form (테스트 모드), which hands back an `authKey` like Toss's does.
 */
export function SubscriptionPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [period, setPeriod] = useState<BillingPeriod>(
    params.get('period') === 'Yearly' ? 'Yearly' : 'Monthly',
  );
  const [plans, setPlans] = useState<SubscriptionPlanRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checkout, setCheckout] = useState<{ plan: SubscriptionPlanRecord; answer: CheckoutAnswer } | null>(
    null,
  );

  // Back from Toss's card window: subscribe with the authKey it gave, once, then clean the address.
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const back = tossReturn(query);
    if (!back) return;
    window.history.replaceState(null, '', '/subscription');
    if (!back.ok) {
      setError(back.message);
      return;
    }
    apiJson('/api/subscription', {
      method: 'POST',
      json: {
        planId: Number(query.get('planId')),
        period: query.get('period') === 'Yearly' ? 'Yearly' : 'Monthly',
        authKey: back.authKey,
        customerKey: back.customerKey,
      },
    })
      .then(() => window.location.assign('/dashboard/my-subscription'))
      .catch((e: Error) => setError(e.message));
  }, []);

  useEffect(() => {
    apiJson<SubscriptionPlanRecord[]>('/api/subscription-plan?sort=["monthlyPrice","ASC"]', {
      session: 'optional',
    })
      .then(setPlans)
      .catch((e: Error) => setError(e.message));
  }, []);

  const choose = async (plan: SubscriptionPlanRecord) => {
    setError(null);
    if (session.status !== 'signedIn') {
      navigate(loginPathFor(`/subscription?period=${period}`));
      return;
    }
    try {
      const answer = await apiJson<CheckoutAnswer>('/api/subscription/checkout', {
        method: 'POST',
        json: { planId: plan.id, period },
      });
      if (answer.provider === 'toss') {
        await openTossCardWindow({
          clientKey: answer.clientKey,
          customerKey: answer.customerKey,
          successPath: `/subscription?planId=${plan.id}&period=${period}`,
          failPath: `/subscription?period=${period}`,
        });
        return;
      }
      setCheckout({ plan, answer });
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <PublicLayout>
      <Stack spacing={3} sx={{ textAlign: 'center', mb: 4 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          구독 상품
        </Typography>
        <Typography color="text.secondary">모든 가격은 부가세를 포함한 금액입니다.</Typography>
        <Box>
          <ToggleButtonGroup
            exclusive
            value={period}
            onChange={(_, value: BillingPeriod | null) => value && setPeriod(value)}
            aria-label="결제 주기"
          >
            <ToggleButton value="Monthly">월간 결제</ToggleButton>
            <ToggleButton value="Yearly">연간 결제</ToggleButton>
          </ToggleButtonGroup>
        </Box>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {error}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="stretch">
        {(plans ?? []).map((plan) => {
          const price = period === 'Monthly' ? plan.monthlyPrice : plan.yearlyPrice;
          return (
            <Card key={plan.id} variant="outlined" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flexGrow: 1 }}>
                <Typography variant="h6" component="h2">
                  {plan.name}
                </Typography>
                <Typography variant="h4" component="p" sx={{ my: 1, fontWeight: 700 }}>
                  {formatWon(price)}
                  <Typography component="span" color="text.secondary">
                    {' '}
                    / {period === 'Monthly' ? '월' : '년'}
                  </Typography>
                </Typography>
                {period === 'Yearly' && plan.monthlyPrice * 12 > plan.yearlyPrice && (
                  <Chip
                    color="success"
                    size="small"
                    label={`월간 대비 ${formatWon(plan.monthlyPrice * 12 - plan.yearlyPrice)} 절약`}
                  />
                )}
                <List dense>
                  {plan.features.map((feature) => (
                    <ListItem key={feature} disableGutters>
                      <ListItemText primary={`✓ ${feature}`} />
                    </ListItem>
                  ))}
                </List>
              </CardContent>
              <CardActions>
                <Button fullWidth variant="contained" onClick={() => choose(plan)}>
                  {plan.name} {billingPeriodLabels[period]} 구독하기
                </Button>
              </CardActions>
            </Card>
          );
        })}
      </Stack>
      {checkout && (
        <SandboxCardDialog
          plan={checkout.plan}
          period={period}
          checkout={checkout.answer}
          onClose={() => setCheckout(null)}
          onSubscribed={() => {
            // The new role changes the menu: load the dashboard afresh with the new roles.
            window.location.assign('/dashboard/my-subscription');
          }}
        />
      )}
    </PublicLayout>
  );
}
