import type { User } from '@interior/contracts';
import { Chip, Stack } from '@mui/material';
import {
  BooleanField,
  ChipField,
  DateField,
  EditButton,
  FunctionField,
  ReferenceArrayField,
  Show,
  SingleFieldList,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { RequireAccess, usePagePart } from '../../admin/RequireAccess';
import { UserAvatar } from '../../avatar/UserAvatar';
import { HistoryTable } from '../../history/HistoryTable';
import { koreanLocale } from '../../i18n/format';
import { PermissionsTab } from '../../permissions/PermissionsTab';
import { currentUser } from '../../session';
import { roleName, statusName } from './choices';
import { EraseUserButton } from './EraseButton';
import { userDisplayName } from './userName';

const accountTypeLabels: Record<string, string> = { Personal: '개인', Business: '사업자' };

function UserShowActions() {
  const record = useRecordContext<User>();
  if (!record || record.status === 'Deleted') return <TopToolbar />;
  const isSelf = currentUser()?.user.id === record.id;
  return (
    <TopToolbar>
      <EditButton />
      {/* The API refuses erasing oneself (409); the button is not offered for it. Erasing needs
          Admin on the user: a silent guard, the button is not there for others. */}
      {isSelf ? null : (
        <RequireAccess action="delete" silent>
          <EraseUserButton />
        </RequireAccess>
      )}
    </TopToolbar>
  );
}

function UserPermissions() {
  const record = useRecordContext();
  return record ? <PermissionsTab objectType="User" id={record.id} /> : null;
}

function UserHistory() {
  const record = useRecordContext();
  return record ? <HistoryTable objectType="User" resource="user" id={record.id} /> : null;
}

/** The tabs; "권한" only for those who may change this user's grants (a silent guard). */
function UserTabs() {
  const managesGrants = usePagePart('recordPermissions');
  return (
    <TabbedShowLayout>
      <TabbedShowLayout.Tab label="정보">
        <FunctionField label="사진" render={(record: User) => <UserAvatar user={record} size={70} />} />
        <TextField source="id" />
        <FunctionField source="name" render={userDisplayName} />
        <TextField source="email" emptyText="-" />
        <FunctionField
          source="roles"
          render={(record: User) => (
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {record.roles.map((role) => (
                <Chip key={role} size="small" label={roleName(role)} />
              ))}
            </Stack>
          )}
        />
        <FunctionField source="status" render={(record: User) => statusName(record.status)} />
        <FunctionField
          source="accountType"
          render={(record: User) => (record.accountType ? accountTypeLabels[record.accountType] : '-')}
        />
        <ReferenceArrayField source="groups" reference="usergroup" emptyText="-">
          <SingleFieldList linkType="show">
            <ChipField source="name" size="small" />
          </SingleFieldList>
        </ReferenceArrayField>
        <TextField source="erpId" emptyText="-" />
        <TextField source="bpCode" emptyText="-" />
        <BooleanField source="marketingAgreed" />
        <DateField source="registered" showTime locales={koreanLocale} />
        <DateField source="lastConnected" showTime locales={koreanLocale} emptyText="-" />
        <TextField source="business" emptyText="-" />
      </TabbedShowLayout.Tab>
      {managesGrants ? (
        <TabbedShowLayout.Tab label="권한" path="permissions">
          <UserPermissions />
        </TabbedShowLayout.Tab>
      ) : null}
      <TabbedShowLayout.Tab label="이력" path="history">
        <UserHistory />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  );
}

export function UserShow() {
  return (
    <Show actions={<UserShowActions />}>
      <UserTabs />
    </Show>
  );
}
