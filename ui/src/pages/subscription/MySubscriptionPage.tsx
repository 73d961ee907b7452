import {
  type BillingPeriod,
  billingPeriodLabels,
  formatWon,
  type SubscriptionStatus,
  subscriptionStatusLabels,
} from '@interior/contracts';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { ApiError, apiJson } from '../../session';
import { formatDay } from './format';
import { SandboxCardDialog } from './SandboxCardDialog';
import { openTossCardWindow, tossReturn } from './tossWindow';

interface MySubscription {
  status: SubscriptionStatus;
  planName: string;
  period: BillingPeriod;
  amount: number;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  dueAt: string | null;
  nextPlanName: string | null;
  nextPeriod: BillingPeriod | null;
  nextAmount: number | null;
  cardCompany: string | null;
  cardLast4: string | null;
  failedAttempts: number;
  provider: string;
}

/**
 * /dashboard/my-subscription: my plan, the next charge, the card on file (masked), and cancelling
 * (the plan runs to the period's end), resuming, and changing the card.
 */
export function MySubscriptionPage() {
  const [subscription, setSubscription] = useState<MySubscription | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [cardChange, setCardChange] = useState<string | null>(null);

  const load = useCallback(() => {
    apiJson<MySubscription>('/api/my-subscription')
      .then(setSubscription)
      .catch((e) => {
        if (e instanceof ApiError && e.status === 404) setSubscription(null);
        else setError((e as Error).message);
      });
  }, []);
  useEffect(load, [load]);

  // Back from Toss's card window with a new card: register it (a new billing key).
  useEffect(() => {
    const back = tossReturn(new URLSearchParams(window.location.search));
    if (!back) return;
    window.history.replaceState(null, '', window.location.pathname);
    if (!back.ok) {
      setError(back.message);
      return;
    }
    apiJson<MySubscription>('/api/my-subscription', {
      method: 'PUT',
      json: { authKey: back.authKey, customerKey: back.customerKey },
    })
      .then(setSubscription)
      .catch((e: Error) => setError(e.message));
  }, []);

  const change = async (body: Record<string, unknown>) => {
    setError(null);
    try {
      setSubscription(await apiJson<MySubscription>('/api/my-subscription', { method: 'PUT', json: body }));
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const startCardChange = async () => {
    setError(null);
    try {
      // The checkout of the current plan tells the customer key the card window needs.
      const plans = await apiJson<{ id: number; name: string }[]>('/api/subscription-plan', {
        session: 'optional',
      });
      const current = plans.find((p) => p.name === subscription?.planName) ?? plans[0];
      const answer = await apiJson<{ customerKey: string; provider: string; clientKey: string }>(
        '/api/subscription/checkout',
        { method: 'POST', json: { planId: current?.id, period: subscription?.period ?? 'Monthly' } },
      );
      if (answer.provider === 'toss') {
        const here = window.location.pathname;
        await openTossCardWindow({
          clientKey: answer.clientKey,
          customerKey: answer.customerKey,
          successPath: here,
          failPath: here,
        });
        return;
      }
      setCardChange(answer.customerKey);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <Box sx={{ p: 2, maxWidth: 720 }}>
      <Title title="내 구독" />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {subscription === null && (
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            내 구독
          </Typography>
          <Typography>이용 중인 구독이 없습니다.</Typography>
          <Box>
            <Button variant="contained" component={RouterLink} to="/subscription">
              구독 상품 보기
            </Button>
          </Box>
        </Stack>
      )}
      {subscription && (
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={1.5}>
              <Stack direction="row" spacing={1} alignItems="center">
                <Typography variant="h5" component="h1">
                  {subscription.planName} ({billingPeriodLabels[subscription.period]})
                </Typography>
                <Chip
                  label={subscriptionStatusLabels[subscription.status]}
                  color={
                    subscription.status === 'Active'
                      ? 'success'
                      : subscription.status === 'PastDue'
                        ? 'warning'
                        : 'default'
                  }
                />
                {subscription.provider === 'sandbox' && (
                  <Chip label="테스트 모드" color="warning" variant="outlined" />
                )}
              </Stack>
              <Typography>요금: {formatWon(subscription.amount)} (부가세 포함)</Typography>
              <Typography>
                이용 기간: {formatDay(subscription.currentPeriodStart)} ~{' '}
                {formatDay(subscription.currentPeriodEnd)}
              </Typography>
              {subscription.status === 'Active' && !subscription.cancelAtPeriodEnd && (
                <Typography>다음 결제일: {formatDay(subscription.dueAt)}</Typography>
              )}
              {subscription.status === 'PastDue' && (
                <Alert severity="warning">
                  결제에 실패했습니다. {formatDay(subscription.dueAt)}에 다시 시도합니다. 카드를 확인하거나
                  변경해 주세요.
                </Alert>
              )}
              {subscription.cancelAtPeriodEnd && (
                <Alert severity="info">
                  해지가 예약되었습니다. {formatDay(subscription.currentPeriodEnd)}까지 이용할 수 있습니다.
                </Alert>
              )}
              {subscription.nextPlanName && subscription.nextPeriod && (
                <Typography>
                  다음 기간부터: {subscription.nextPlanName} ({billingPeriodLabels[subscription.nextPeriod]}){' '}
                  {formatWon(subscription.nextAmount ?? 0)}
                </Typography>
              )}
              <Typography>
                결제 카드: {subscription.cardCompany ?? '카드'} ****-****-****-
                {subscription.cardLast4 ?? '****'}
              </Typography>
              {subscription.status !== 'Expired' && subscription.status !== 'Pending' && (
                <Stack direction="row" spacing={1}>
                  {subscription.cancelAtPeriodEnd ? (
                    <Button variant="outlined" onClick={() => change({ cancelAtPeriodEnd: false })}>
                      해지 취소
                    </Button>
                  ) : (
                    <Button
                      variant="outlined"
                      color="error"
                      onClick={() => change({ cancelAtPeriodEnd: true })}
                    >
                      구독 해지
                    </Button>
                  )}
                  <Button variant="outlined" onClick={startCardChange}>
                    카드 변경
                  </Button>
                </Stack>
              )}
              {subscription.status === 'Expired' && (
                <Box>
                  <Button variant="contained" component={RouterLink} to="/subscription">
                    다시 구독하기
                  </Button>
                </Box>
              )}
            </Stack>
          </CardContent>
        </Card>
      )}
      {cardChange && (
        <SandboxCardDialog
          checkout={{ customerKey: cardChange }}
          use={async (authKey, customerKey) => {
            await change({ authKey, customerKey });
          }}
          onClose={() => setCardChange(null)}
          onSubscribed={() => setCardChange(null)}
        />
      )}
    </Box>
  );
}
