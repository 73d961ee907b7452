import { DataTable, DateField, List, ReferenceField, SearchInput, TextField } from 'react-admin';
import { koreanLocale } from '../../i18n/format';
import { ObjectListActions } from '../../permissions/ObjectListActions';

const filters = [<SearchInput key="q" source="q" alwaysOn inputProps={{ 'aria-label': '검색' }} />];

/**
 * Sortable by what the API sorts (SPEC §3: name, members, description, registered). No bulk
 * actions: a bulk delete cannot carry each group's version (If-Match).
 */
export function UserGroupList() {
  return (
    <List
      sort={{ field: 'registered', order: 'DESC' }}
      filters={filters}
      actions={<ObjectListActions objectType="UserGroup" resource="usergroup" typeName="사용자 그룹" />}
    >
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
