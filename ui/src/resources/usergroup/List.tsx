import {
  CreateButton,
  DataTable,
  DateField,
  ExportButton,
  List,
  ReferenceField,
  SearchInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { koreanLocale } from '../../i18n/format';
import { TypePermissionsButton } from '../../permissions/TypePermissionsButton';

const filters = [<SearchInput key="q" source="q" alwaysOn inputProps={{ 'aria-label': '검색' }} />];

/** Create and export (each shown to those who may), and the grants on every group ("유형 권한"). */
function UserGroupListActions() {
  return (
    <TopToolbar>
      <CreateButton />
      <ExportButton />
      <TypePermissionsButton objectType="UserGroup" resource="usergroup" typeName="사용자 그룹" />
    </TopToolbar>
  );
}

/**
 * Sortable by what the API sorts (SPEC §3: name, members, description, registered). No bulk
 * actions: a bulk delete cannot carry each group's version (If-Match).
 */
export function UserGroupList() {
  return (
    <List sort={{ field: 'registered', order: 'DESC' }} filters={filters} actions={<UserGroupListActions />}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="description" />
        <DataTable.NumberCol source="members" />
        <DataTable.Col source="registered">
          <DateField source="registered" showTime locales={koreanLocale} />
        </DataTable.Col>
        <DataTable.Col source="registeredBy" disableSort>
          <ReferenceField source="registeredBy" reference="user" link={false} emptyText="-">
            <TextField source="name" />
          </ReferenceField>
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
