import { billingPeriodLabels, formatWon, paymentStatusLabels } from '@interior/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import {
  DataTable,
  DateInput,
  NumberInput,
  SearchInput,
  SelectInput,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { List } from '../../export/List';
import { KoreaDateField } from '../../i18n/KoreaDateField';
import { apiJson } from '../../session';
import { WonField } from '../kit/WonField';

const statusChoices = Object.entries(paymentStatusLabels).map(([id, name]) => ({ id, name }));
const periodChoices = Object.entries(billingPeriodLabels).map(([id, name]) => ({ id, name }));

export interface PaymentRecord {
  id: number;
  orderId: string;
  orderName: string;
  amount: number;
  refundedAmount: number;
  status: keyof typeof paymentStatusLabels;
  period: keyof typeof billingPeriodLabels;
  approvedAt: string;
  periodStart: string;
  periodEnd: string;
  receiptUrl: string | null;
  cardCompany: string | null;
  cardLast4: string | null;
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn inputProps={{ 'aria-label': '주문번호 검색' }} />,
  <SelectInput key="status" source="status" label="상태" choices={statusChoices} alwaysOn emptyText="전체" />,
  <NumberInput key="userId" source="userId" label="사용자 ID" alwaysOn />,
  <SelectInput key="period" source="period" label="결제 주기" choices={periodChoices} emptyText="전체" />,
  <DateInput key="from" source="approvedAt_gte" label="결제일(부터)" />,
  <DateInput key="to" source="approvedAt_lte" label="결제일(까지)" />,
];

/** Refund in full or in part, with a reason, optionally ending the subscription at once. */
function RefundButton() {
  const record = useRecordContext<PaymentRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [endSubscription, setEndSubscription] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!record || record.status === 'Refunded') return null;
  const remaining = record.amount - record.refundedAmount;
  const submit = async () => {
    setError(null);
    try {
      await apiJson(`/api/subscription/payment/${record.id}/refund`, {
        method: 'POST',
        json: { reason, endSubscription, ...(amount.trim() ? { amount: Number(amount) } : {}) },
      });
      setOpen(false);
      notify('환불되었습니다.', { type: 'success' });
      refresh();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <>
      <Button
        size="small"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        환불
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        onClick={(e) => e.stopPropagation()}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle>결제 환불</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="info">
              {record.orderName} · 환불 가능 금액 {formatWon(remaining)}
            </Alert>
            <TextField
              label="환불 금액 (비우면 전액)"
              value={amount}
              onChange={(e) => setAmount(e.target.value.replace(/[^0-9]/g, ''))}
              inputProps={{ inputMode: 'numeric' }}
            />
            <TextField
              label="환불 사유"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
            />
            <FormControlLabel
              control={
                <Checkbox checked={endSubscription} onChange={(e) => setEndSubscription(e.target.checked)} />
              }
              label="구독을 즉시 종료"
            />
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>취소</Button>
          <Button variant="contained" color="error" onClick={submit} disabled={reason.trim() === ''}>
            환불하기
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** subscription/payment (Admin, Developer): every approved charge, filters, and refunds. */
function SubscriptionPaymentList() {
  return (
    <List sort={{ field: 'approvedAt', order: 'DESC' }} filters={filters} title="구독 결제 관리">
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="id" label="결제 ID" />
        <DataTable.Col source="orderId" label="주문번호" />
        <DataTable.Col source="userId" label="사용자 ID" />
        <DataTable.Col source="orderName" label="주문명" />
        <DataTable.Col source="amount" label="결제 금액">
          <WonField source="amount" />
        </DataTable.Col>
        <DataTable.Col source="refundedAmount" label="환불 금액">
          <WonField source="refundedAmount" />
        </DataTable.Col>
        <DataTable.Col
          source="status"
          label="상태"
          render={(r: PaymentRecord) => paymentStatusLabels[r.status]}
        />
        <DataTable.Col source="approvedAt" label="결제일시">
          <KoreaDateField source="approvedAt" showTime />
        </DataTable.Col>
        <DataTable.Col label="환불" disableSort>
          <RefundButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

export default { list: SubscriptionPaymentList };
