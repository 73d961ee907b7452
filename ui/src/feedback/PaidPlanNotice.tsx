import { subscriptionPagePath } from '@interior/contracts';
import { Alert, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { seePlansLabel } from './notices';

/**
 * A refusal that a paid plan lifts (contracts' paidPlanMessages), shown where the person met it,
 * with the way to the plans beside it: learning that something needs a plan is only useful with
 * the place to get one.
 */
export function PaidPlanNotice({ message }: { message: string }) {
  return (
    <Alert
      severity="info"
      data-testid="paid-plan-notice"
      action={
        <Button color="inherit" size="small" component={RouterLink} to={subscriptionPagePath}>
          {seePlansLabel}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
