import {
  DateField,
  DeleteButton,
  EditButton,
  NumberField,
  ReferenceField,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { usePagePart } from '../../admin/RequireAccess';
import { HistoryTable } from '../../history/HistoryTable';
import { koreanLocale } from '../../i18n/format';
import { PermissionsTab } from '../../permissions/PermissionsTab';

/** Edit and delete ask authProvider.canAccess on this group and are not there for those who may not. */
function UserGroupShowActions() {
  return (
    <TopToolbar>
      <EditButton />
      {/* Pessimistic: asks for confirmation, then shows the server's answer (412 included). */}
      <DeleteButton mutationMode="pessimistic" />
    </TopToolbar>
  );
}

function UserGroupPermissions() {
  const record = useRecordContext();
  return record ? <PermissionsTab objectType="UserGroup" id={record.id} /> : null;
}

function UserGroupHistory() {
  const record = useRecordContext();
  return record ? <HistoryTable objectType="UserGroup" resource="usergroup" id={record.id} /> : null;
}

const UserReference = ({ source }: { source: 'registeredBy' | 'updatedBy' }) => (
  <ReferenceField source={source} reference="user" link={false} emptyText="-">
    <TextField source="name" />
  </ReferenceField>
);

/** The tabs; "권한" only for those who may change this group's grants (a silent guard). */
function UserGroupTabs() {
  const managesGrants = usePagePart('recordPermissions');
  return (
    <TabbedShowLayout>
      <TabbedShowLayout.Tab label="정보">
        <TextField source="name" />
        <TextField source="description" sx={{ whiteSpace: 'pre-wrap' }} />
        <NumberField source="members" />
        <DateField source="registered" showTime locales={koreanLocale} />
        <UserReference source="registeredBy" />
        <DateField source="updated" showTime locales={koreanLocale} emptyText="-" />
        <UserReference source="updatedBy" />
      </TabbedShowLayout.Tab>
      {managesGrants ? (
        <TabbedShowLayout.Tab label="권한" path="permissions">
          <UserGroupPermissions />
        </TabbedShowLayout.Tab>
      ) : null}
      <TabbedShowLayout.Tab label="이력" path="history">
        <UserGroupHistory />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  );
}

export function UserGroupShow() {
  return (
    <Show actions={<UserGroupShowActions />}>
      <UserGroupTabs />
    </Show>
  );
}
