import {
  type BillingPeriod,
  billingPeriodLabels,
  type CheckoutAnswer,
  formatWon,
  type SubscriptionStatus,
} from '@interior/contracts';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, apiJson, loginPathFor, useSession } from '../../session';
import { PublicLayout } from '../PublicLayout';
import { PlanCard, type PublicPlan, usePlans } from './PlanCard';
import { SandboxCardDialog } from './SandboxCardDialog';
import { openTossCardWindow, tossReturn } from './tossWindow';

/** Where the signed-in person stands (`GET /api/subscription/current`). */
interface CurrentSubscription {
  planId: number;
  planName: string;
  period: BillingPeriod;
  status: SubscriptionStatus;
  currentPeriodEnd: string | null;
  nextPlanId: number | null;
  nextPeriod: BillingPeriod | null;
}

/** A subscription that runs (or is being paid for): its plan is changed, not bought again. */
const running = (s: CurrentSubscription | null): s is CurrentSubscription =>
  s !== null && s.status !== 'Expired';

/**
 * The public plans page (/subscription): plans in Korean with VAT-included prices, a
 * monthly/yearly switch, and subscribing. A subscriber sees their plan marked and changes to
 * another (or the other period) from the next period on. A visitor is sent to sign in first and comes back here
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
  const { plans, error: plansError } = usePlans();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [checkout, setCheckout] = useState<{ plan: PublicPlan; answer: CheckoutAnswer } | null>(null);
  const [changing, setChanging] = useState<PublicPlan | null>(null);
  const [current, setCurrent] = useState<CurrentSubscription | null>(null);
  const signedIn = session.status === 'signedIn';

  const loadCurrent = useCallback(() => {
    if (!signedIn) return;
    apiJson<CurrentSubscription>('/api/subscription/current')
      .then(setCurrent)
      .catch((e) => {
        if (e instanceof ApiError && e.status === 404) setCurrent(null);
        else setError((e as Error).message);
      });
  }, [signedIn]);
  useEffect(loadCurrent, [loadCurrent]);

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

  const change = async (plan: PublicPlan) => {
    setError(null);
    try {
      await apiJson('/api/subscription/current', { method: 'PUT', json: { planId: plan.id, period } });
      setChanging(null);
      setDone(
        `다음 결제 기간부터 ${plan.name}(${billingPeriodLabels[period]})으로 바뀝니다. 지금 기간은 그대로 이용할 수 있습니다.`,
      );
      loadCurrent();
    } catch (e) {
      setChanging(null);
      setError((e as Error).message);
    }
  };

  const choose = async (plan: PublicPlan) => {
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
      {(error ?? plansError) && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {error ?? plansError}
        </Alert>
      )}
      {done && (
        <Alert severity="success" sx={{ mb: 3 }}>
          {done}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="stretch">
        {(plans ?? []).map((plan) => {
          const mine = running(current) && current.planId === plan.id;
          const minePeriod = mine && current.period === period;
          const next = running(current) && current.nextPlanId === plan.id && current.nextPeriod === period;
          return (
            <PlanCard
              key={plan.id}
              plan={plan}
              period={period}
              current={mine}
              next={next}
              action={
                !running(current) ? (
                  <Button fullWidth variant="contained" onClick={() => choose(plan)}>
                    {plan.name} {billingPeriodLabels[period]} 구독하기
                  </Button>
                ) : minePeriod || next ? (
                  <Button fullWidth variant="outlined" disabled>
                    {minePeriod ? '이용 중인 상품' : '변경 예정'}
                  </Button>
                ) : (
                  <Button fullWidth variant="contained" onClick={() => setChanging(plan)}>
                    {plan.name} {billingPeriodLabels[period]}으로 변경
                  </Button>
                )
              }
            />
          );
        })}
      </Stack>
      {changing && running(current) && (
        <Dialog open onClose={() => setChanging(null)} aria-labelledby="plan-change-title">
          <DialogTitle id="plan-change-title">구독 상품 변경</DialogTitle>
          <DialogContent>
            <DialogContentText>
              지금 이용 중인 {current.planName}({billingPeriodLabels[current.period]})은 이번 기간이 끝날
              때까지 그대로입니다. 다음 결제 기간부터 {changing.name}({billingPeriodLabels[period]}){' '}
              {formatWon(period === 'Monthly' ? changing.monthlyPrice : changing.yearlyPrice)}이 결제됩니다.
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setChanging(null)}>취소</Button>
            <Button variant="contained" onClick={() => change(changing)}>
              변경
            </Button>
          </DialogActions>
        </Dialog>
      )}
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
