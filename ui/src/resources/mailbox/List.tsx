import { DataTable, SearchInput, SelectInput, SimpleList } from 'react-admin';
import { List } from '../../export/List';
import { formatDateTime } from '../../i18n/format';
import { KoreaDateField } from '../../i18n/KoreaDateField';
import { listStateProps } from '../../kit/ListStates';
import { useSmallScreen } from '../../kit/useSmallScreen';
import { mailStatusChoices, mailStatusName } from './labels';

const filters = [
  <SearchInput key="q" source="q" alwaysOn inputProps={{ 'aria-label': '검색' }} />,
  <SelectInput
    key="status"
    source="status"
    label="상태"
    choices={mailStatusChoices}
    alwaysOn
    emptyText="전체"
  />,
];

interface MailRecord {
  id: number;
  to: string;
  subject: string;
  status: string;
  createdAt: string;
}

/**
 * The mail the platform sent or kept (Admin, read-only). Without SMTP_URL the embedded default
 * keeps every message here (보관됨), so invitations and reset links can be read on this screen.
 */
export function MailboxList() {
  const small = useSmallScreen();
  return (
    <List {...listStateProps} sort={{ field: 'id', order: 'DESC' }} filters={filters}>
      {small ? (
        <SimpleList<MailRecord>
          linkType="show"
          primaryText={(mail) => mail.subject}
          secondaryText={(mail) => mail.to}
          tertiaryText={(mail) => `${mailStatusName(mail.status)} · ${formatDateTime(mail.createdAt)}`}
          sx={{ '& .MuiListItemText-root': { overflowWrap: 'anywhere' } }}
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="id" />
          <DataTable.Col source="to" />
          <DataTable.Col source="subject" />
          <DataTable.Col source="status" render={(record: MailRecord) => mailStatusName(record.status)} />
          <DataTable.Col source="createdAt">
            <KoreaDateField source="createdAt" showTime />
          </DataTable.Col>
          <DataTable.Col source="sentAt">
            <KoreaDateField source="sentAt" showTime emptyText="-" />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
