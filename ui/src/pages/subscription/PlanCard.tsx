import { type BillingPeriod, formatWon, type SubscriptionPlanRecord } from '@interior/contracts';
import {
  Card,
  CardActions,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { apiJson } from '../../session';

/** A plan as a visitor reads it (the API leaves out who wrote it and when). */
export type PublicPlan = Pick<
  SubscriptionPlanRecord,
  'id' | 'code' | 'name' | 'monthlyPrice' | 'yearlyPrice' | 'features'
>;

/** The plans on sale, cheapest first, from the plan catalogue (readable without signing in). */
export function usePlans(): { plans: PublicPlan[] | null; error: string | null } {
  const [plans, setPlans] = useState<PublicPlan[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    apiJson<PublicPlan[]>('/api/subscription-plan?sort=["monthlyPrice","ASC"]', { session: 'optional' })
      .then(setPlans)
      .catch((e: Error) => setError(e.message));
  }, []);
  return { plans, error };
}

/**
 * One plan: its name, its price for the period (VAT included), what it gives, and what can be done
 * with it here (`action`). `current` marks the plan the person holds, `next` the one they changed to.
 */
export function PlanCard({
  plan,
  period,
  current = false,
  next = false,
  action,
}: {
  plan: PublicPlan;
  period: BillingPeriod;
  current?: boolean;
  next?: boolean;
  action: ReactNode;
}) {
  const price = period === 'Monthly' ? plan.monthlyPrice : plan.yearlyPrice;
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={plan.name}
      data-testid="plan-card"
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        ...(current ? { borderColor: 'primary.main', borderWidth: 2 } : {}),
      }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Typography variant="h6" component="h2">
            {plan.name}
          </Typography>
          {current && <Chip size="small" color="primary" label="이용 중" />}
          {next && <Chip size="small" variant="outlined" label="다음 기간부터 적용" />}
        </Stack>
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
      <CardActions>{action}</CardActions>
    </Card>
  );
}
