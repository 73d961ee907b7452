import { clientLogLevels } from '@interior/contracts';
import { Box, Chip, Typography } from '@mui/material';
import {
  DataTable,
  FunctionField,
  ReferenceField,
  SearchInput,
  SelectInput,
  SimpleList,
  useRecordContext,
} from 'react-admin';
import { List } from '../../export/List';
import { formatDateTime } from '../../i18n/format';
import { KoreaDateField } from '../../i18n/KoreaDateField';
import { listStateProps } from '../../kit/ListStates';
import { useSmallScreen } from '../../kit/useSmallScreen';
import { userDisplayName } from '../user/userName';

const levelLabels: Record<string, string> = { debug: '디버그', info: '정보', warn: '경고', error: '오류' };
const levelColors: Record<string, 'default' | 'info' | 'warning' | 'error'> = {
  debug: 'default',
  info: 'info',
  warn: 'warning',
  error: 'error',
};
const levelChoices = clientLogLevels.map((id) => ({ id, name: levelLabels[id] ?? id }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn inputProps={{ 'aria-label': '검색' }} />,
  <SelectInput key="level" source="level" label="수준" choices={levelChoices} alwaysOn emptyText="전체" />,
];

interface ClientLogRecord {
  id: string | number;
  level: string;
  message: string;
  data?: unknown;
  userAgent?: string | null;
  type?: string;
  occurredAt?: string;
}

/** The details a row folds away: the browser and the data the event carried, as text. */
function ClientLogDetails() {
  const record = useRecordContext<ClientLogRecord>();
  if (!record) return null;
  return (
    <Box sx={{ py: 1 }}>
      <Typography variant="body2">
        <strong>브라우저</strong>: {record.userAgent ?? '-'}
      </Typography>
      <Typography variant="body2" component="div">
        <strong>데이터</strong>:
        <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {record.data === null || record.data === undefined ? '-' : JSON.stringify(record.data, null, 2)}
        </Box>
      </Typography>
    </Box>
  );
}

/**
 * What browsers reported through the client log: Admin, read-only. Searched in message, type
 * and path; filtered by level; a row unfolds to show its browser and data.
 */
export function ClientLogList() {
  const small = useSmallScreen();
  return (
    <List {...listStateProps} sort={{ field: 'id', order: 'DESC' }} filters={filters}>
      {small ? (
        <SimpleList<ClientLogRecord>
          linkType={false}
          primaryText={(record) => record.message || '-'}
          secondaryText={(record) => `${levelLabels[record.level] ?? record.level} · ${record.type ?? '-'}`}
          tertiaryText={(record) => formatDateTime(record.occurredAt)}
          sx={{ '& .MuiListItemText-root': { overflowWrap: 'anywhere' } }}
        />
      ) : (
        <DataTable rowClick="expand" expand={<ClientLogDetails />} bulkActionButtons={false}>
          <DataTable.Col source="id" />
          <DataTable.Col
            source="level"
            render={(record: ClientLogRecord) => (
              <Chip
                size="small"
                label={levelLabels[record.level] ?? record.level}
                color={levelColors[record.level] ?? 'default'}
              />
            )}
          />
          <DataTable.Col source="type" />
          <DataTable.Col
            source="message"
            disableSort
            render={(record: ClientLogRecord) => (
              <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {record.message || '-'}
              </Box>
            )}
          />
          <DataTable.Col source="path" disableSort />
          <DataTable.Col source="userId" disableSort>
            <ReferenceField source="userId" reference="user" link="show" emptyText="-">
              <FunctionField render={userDisplayName} />
            </ReferenceField>
          </DataTable.Col>
          <DataTable.Col source="occurredAt">
            <KoreaDateField source="occurredAt" showTime />
          </DataTable.Col>
          <DataTable.Col source="receivedAt">
            <KoreaDateField source="receivedAt" showTime />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
