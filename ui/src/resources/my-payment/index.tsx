import { billingPeriodLabels, formatWon, paymentStatusLabels } from '@interior/contracts';
import { Box, Button, Divider, Link, Stack, Typography } from '@mui/material';
import { DataTable, Show, SimpleShowLayout, TopToolbar, useRecordContext } from 'react-admin';
import { List } from '../../export/List';
import { KoreaDateField } from '../../i18n/KoreaDateField';
import { formatDay } from '../../pages/subscription/format';
import { WonField } from '../kit/WonField';
import type { PaymentRecord } from '../subscription-payment';

/** my-payment: my receipts, newest first. */
function MyPaymentList() {
  return (
    <List sort={{ field: 'approvedAt', order: 'DESC' }} title="내 결제 내역" exporter={false}>
      <DataTable bulkActionButtons={false} rowClick="show">
        <DataTable.Col source="approvedAt" label="결제일시">
          <KoreaDateField source="approvedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="orderName" label="주문명" />
        <DataTable.Col source="amount" label="결제 금액">
          <WonField source="amount" />
        </DataTable.Col>
        <DataTable.Col
          source="status"
          label="상태"
          render={(r: PaymentRecord) => paymentStatusLabels[r.status]}
        />
        <DataTable.Col label="영수증" disableSort render={() => '보기'} />
      </DataTable>
    </List>
  );
}

/** A receipt (영수증): what was paid, for which period, with which card; the provider's receipt link when it has one. */
function Receipt() {
  const record = useRecordContext<PaymentRecord>();
  if (!record) return null;
  const vat = Math.round(record.amount / 11);
  return (
    <Box sx={{ maxWidth: 480 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        결제 영수증
      </Typography>
      <Stack spacing={0.5}>
        <Typography>주문번호: {record.orderId}</Typography>
        <Typography>상품: {record.orderName}</Typography>
        <Typography>결제 주기: {billingPeriodLabels[record.period]}</Typography>
        <Typography>
          이용 기간: {formatDay(record.periodStart)} ~ {formatDay(record.periodEnd)}
        </Typography>
        <Typography>결제일: {formatDay(record.approvedAt)}</Typography>
        <Typography>
          결제 수단: {record.cardCompany ?? '카드'} ****-****-****-{record.cardLast4 ?? '****'}
        </Typography>
        <Divider sx={{ my: 1 }} />
        <Typography>공급가액: {formatWon(record.amount - vat)}</Typography>
        <Typography>부가세: {formatWon(vat)}</Typography>
        <Typography sx={{ fontWeight: 700 }}>합계: {formatWon(record.amount)}</Typography>
        {record.refundedAmount > 0 && (
          <Typography color="error">환불: {formatWon(record.refundedAmount)}</Typography>
        )}
        {record.receiptUrl && (
          <Link href={record.receiptUrl} target="_blank" rel="noopener noreferrer">
            결제사 영수증 보기
          </Link>
        )}
      </Stack>
    </Box>
  );
}

function MyPaymentShow() {
  return (
    <Show
      title="결제 영수증"
      actions={
        <TopToolbar>
          <Button onClick={() => window.print()}>인쇄</Button>
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <Receipt />
      </SimpleShowLayout>
    </Show>
  );
}

export default {
  list: MyPaymentList,
  show: MyPaymentShow,
};
