import { messages, planCodes, roleLabels, type SubscriptionPlanRecord } from '@interior/contracts';
import {
  ArrayInput,
  BooleanField,
  BooleanInput,
  Create,
  DataTable,
  Edit,
  maxLength,
  minValue,
  NumberInput,
  number,
  required,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import { List } from '../../export/List';
import { WonField } from '../kit/WonField';

const codeChoices = planCodes.map((code) => ({ id: code, name: roleLabels[code] }));
const validatePrice = [
  required(messages.required),
  number(messages.invalidValue),
  minValue(0, messages.minNumber(0)),
];

/** A plan's fields: the role it gives, its name, prices in won (VAT included) and features. */
function PlanForm() {
  return (
    <SimpleForm>
      <SelectInput
        source="code"
        label="부여 역할"
        choices={codeChoices}
        validate={required(messages.required)}
      />
      <TextInput
        source="name"
        label="상품명"
        validate={[required(messages.required), maxLength(50, messages.maxLength(50))]}
      />
      <NumberInput
        source="monthlyPrice"
        label="월간 요금(원, 부가세 포함)"
        validate={validatePrice}
        step={100}
      />
      <NumberInput
        source="yearlyPrice"
        label="연간 요금(원, 부가세 포함)"
        validate={validatePrice}
        step={100}
      />
      <ArrayInput source="features" label="제공 기능">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="" label="기능" validate={maxLength(100, messages.maxLength(100))} />
        </SimpleFormIterator>
      </ArrayInput>
      <BooleanInput source="active" label="판매 중" defaultValue />
    </SimpleForm>
  );
}

/** Subscription plans (Admin and Developer): what /subscription offers. */
function PlanList() {
  return (
    <List sort={{ field: 'monthlyPrice', order: 'ASC' }} title="구독 상품 관리" exporter={false}>
      <DataTable bulkActionButtons={false} rowClick="edit">
        <DataTable.Col source="name" label="상품명" />
        <DataTable.Col
          source="code"
          label="부여 역할"
          render={(r: SubscriptionPlanRecord) => roleLabels[r.code]}
        />
        <DataTable.Col source="monthlyPrice" label="월간 요금">
          <WonField source="monthlyPrice" />
        </DataTable.Col>
        <DataTable.Col source="yearlyPrice" label="연간 요금">
          <WonField source="yearlyPrice" />
        </DataTable.Col>
        <DataTable.Col source="active" label="판매 중" disableSort>
          <BooleanField source="active" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

export default {
  list: PlanList,
  create: () => (
    <Create redirect="list" title="구독 상품 등록">
      <PlanForm />
    </Create>
  ),
  edit: () => (
    <Edit redirect="list" title="구독 상품 수정" mutationMode="pessimistic">
      <PlanForm />
    </Edit>
  ),
};
