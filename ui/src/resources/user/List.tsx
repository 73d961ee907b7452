import type { User } from '@interior/contracts';
import { DataTable, SearchInput, SelectInput, SimpleList } from 'react-admin';
import { UserAvatar } from '../../avatar/UserAvatar';
import { List } from '../../export/List';
import { KoreaDateField } from '../../i18n/KoreaDateField';
import { listStateProps } from '../../kit/ListStates';
import { useSmallScreen } from '../../kit/useSmallScreen';
import { ObjectListActions } from '../../permissions/ObjectListActions';
import { roleChoices, roleName, statusFilterChoices, statusName } from './choices';
import { userDisplayName } from './userName';

const filters = [
  <SearchInput key="q" source="q" alwaysOn inputProps={{ 'aria-label': '검색' }} />,
  <SelectInput key="roles" source="roles" label="역할" choices={roleChoices} alwaysOn emptyText="전체" />,
  <SelectInput
    key="status"
    source="status"
    label="상태"
    choices={statusFilterChoices}
    alwaysOn
    emptyText="전체"
  />,
];

/**
 * /dashboard/user (the Admin role, or a grant: README "Who may do what"). Sortable by
 * what the API sorts (name, email, status, registered, lastConnected); searched by name
 * and e-mail (`q`), filtered by role and status.
 * No bulk actions: a bulk write cannot carry each user's version (If-Match).
 */
export function UserList() {
  const small = useSmallScreen();
  return (
    <List
      {...listStateProps}
      sort={{ field: 'registered', order: 'DESC' }}
      filters={filters}
      actions={<ObjectListActions objectType="User" resource="user" typeName="사용자" />}
    >
      {small ? (
        <SimpleList<User>
          linkType="show"
          leftAvatar={(record) => <UserAvatar user={record} size={32} />}
          primaryText={(record) => userDisplayName(record)}
          secondaryText={(record) => record.email ?? '-'}
          tertiaryText={(record) => `${record.roles.map(roleName).join(', ')} · ${statusName(record.status)}`}
          sx={{ '& .MuiListItemText-root': { overflowWrap: 'anywhere' } }}
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col
            label="사진"
            disableSort
            render={(record: User) => <UserAvatar user={record} size={32} />}
          />
          <DataTable.Col source="name" render={userDisplayName} />
          <DataTable.Col source="email" render={(record: User) => record.email ?? '-'} />
          <DataTable.Col
            source="roles"
            disableSort
            render={(record: User) => record.roles.map(roleName).join(', ')}
          />
          <DataTable.Col source="status" render={(record: User) => statusName(record.status)} />
          <DataTable.Col source="registered">
            <KoreaDateField source="registered" showTime />
          </DataTable.Col>
          <DataTable.Col source="lastConnected">
            <KoreaDateField source="lastConnected" showTime emptyText="-" />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
