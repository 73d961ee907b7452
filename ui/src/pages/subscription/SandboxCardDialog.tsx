import {
  type BillingPeriod,
  billingPeriodLabels,
  type CheckoutAnswer,
  formatWon,
  type SubscriptionPlanRecord,
} from '@interior/contracts';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { apiJson } from '../../session';

/** The sandbox's documented test cards (command-service/src/billing/sandbox.ts and the README). */
export const sandboxCards = [
  { number: '4242 4242 4242 4242', label: '항상 승인' },
  { number: '4000 0000 0000 0341', label: '첫 결제만 승인, 갱신은 거절' },
  { number: '4000 0000 0000 0002', label: '모든 결제 거절' },
  { number: '4000 0000 0000 9995', label: '카드 등록 거절' },
];

/**
 * The embedded sandbox's card window, clearly a test: it takes only the test card numbers above,
 * registers one (the server keeps its last four digits, never the number) and answers an `authKey`,
 * which subscribes (or changes the card) exactly as Toss's `authKey` would.
 */
export function SandboxCardDialog(props: {
  plan?: Pick<SubscriptionPlanRecord, 'id' | 'name'>;
  period?: BillingPeriod;
  checkout: Pick<CheckoutAnswer, 'customerKey'> & Partial<CheckoutAnswer>;
  /** What to do with the authKey; subscribes to `plan` by default. */
  use?: (authKey: string, customerKey: string) => Promise<void>;
  onClose(): void;
  onSubscribed(): void;
}) {
  const [cardNumber, setCardNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { plan, period, checkout } = props;

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const { authKey } = await apiJson<{ authKey: string }>('/api/billing/sandbox/card', {
        method: 'POST',
        json: { cardNumber, customerKey: checkout.customerKey },
      });
      if (props.use) await props.use(authKey, checkout.customerKey);
      else
        await apiJson('/api/subscription', {
          method: 'POST',
          json: { planId: plan?.id, period, authKey, customerKey: checkout.customerKey },
        });
      props.onSubscribed();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={props.onClose} maxWidth="sm" fullWidth>
      <DialogTitle>카드 등록 (테스트 모드)</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          테스트 모드입니다. 실제 결제는 이루어지지 않으며, 아래의 테스트 카드 번호만 사용할 수 있습니다.
        </Alert>
        {plan && period && checkout.amount !== undefined && (
          <Typography sx={{ mb: 2 }}>
            {plan.name} {billingPeriodLabels[period]} 구독 · {formatWon(checkout.amount)} (부가세 포함)
          </Typography>
        )}
        <Table size="small" sx={{ mb: 2 }} aria-label="테스트 카드">
          <TableHead>
            <TableRow>
              <TableCell>테스트 카드 번호</TableCell>
              <TableCell>결과</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sandboxCards.map((card) => (
              <TableRow key={card.number}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{card.number}</TableCell>
                <TableCell>{card.label}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TextField
          label="카드 번호"
          value={cardNumber}
          onChange={(e) => setCardNumber(e.target.value)}
          fullWidth
          autoComplete="off"
          inputProps={{ inputMode: 'numeric', maxLength: 23 }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>취소</Button>
        <Button variant="contained" onClick={submit} disabled={busy || cardNumber.trim() === ''}>
          {props.use ? '카드 변경' : '결제하고 구독하기'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
