import type { User } from '@interior/contracts';
import { Chip, Stack } from '@mui/material';
import {
  BooleanField,
  ChipField,
  EditButton,
  FunctionField,
  ReferenceArrayField,
  SingleFieldList,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { UserAvatar } from '../../avatar/UserAvatar';
import { KoreaDateField } from '../../i18n/KoreaDateField';
import { RequireAccess } from '../../kit/RequireAccess';
import { currentUser } from '../../session';
import { ObjectShow } from '../kit/ObjectShow';
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

/** A user's page: the standard tabs of every object (정보, 권한, 이력) with the user's own fields. */
export function UserShow() {
  return (
    <ObjectShow objectType="User" resource="user" actions={<UserShowActions />}>
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
      <KoreaDateField source="registered" showTime />
      <KoreaDateField source="lastConnected" showTime emptyText="-" />
      <TextField source="business" emptyText="-" />
    </ObjectShow>
  );
}
