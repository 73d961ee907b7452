import { billingPeriodLabels, orderStatusLabels } from '@interior/contracts';
import { DataTable, DateInput, NumberInput, SearchInput, SelectInput } from 'react-admin';
import { List } from '../../export/List';
import { KoreaDateField } from '../../i18n/KoreaDateField';
import { WonField } from '../kit/WonField';

const statusChoices = Object.entries(orderStatusLabels).map(([id, name]) => ({ id, name }));
const periodChoices = Object.entries(billingPeriodLabels).map(([id, name]) => ({ id, name }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn inputProps={{ 'aria-label': '주문번호 검색' }} />,
  <SelectInput key="status" source="status" label="상태" choices={statusChoices} alwaysOn emptyText="전체" />,
  <NumberInput key="userId" source="userId" label="사용자 ID" />,
  <SelectInput key="period" source="period" label="결제 주기" choices={periodChoices} emptyText="전체" />,
  <DateInput key="from" source="registered_gte" label="주문일(부터)" />,
  <DateInput key="to" source="registered_lte" label="주문일(까지)" />,
];

interface OrderRecord {
  status: keyof typeof orderStatusLabels;
  period: keyof typeof billingPeriodLabels;
}

/** subscription/order (Admin, Developer): every charge attempt, its order id and its outcome. */
function SubscriptionOrderList() {
  return (
    <List sort={{ field: 'registered', order: 'DESC' }} filters={filters} title="구독 주문 관리">
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="id" label="주문번호" />
        <DataTable.Col source="userId" label="사용자 ID" />
        <DataTable.Col source="orderName" label="주문명" />
        <DataTable.Col
          source="period"
          label="결제 주기"
          render={(r: OrderRecord) => billingPeriodLabels[r.period]}
        />
        <DataTable.Col source="amount" label="금액">
          <WonField source="amount" />
        </DataTable.Col>
        <DataTable.Col
          source="status"
          label="상태"
          render={(r: OrderRecord) => orderStatusLabels[r.status]}
        />
        <DataTable.Col source="failureMessage" label="실패 사유" />
        <DataTable.Col source="registered" label="주문일시">
          <KoreaDateField source="registered" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

export default { list: SubscriptionOrderList };
