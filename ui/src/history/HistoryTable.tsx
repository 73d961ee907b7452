import type { Ace, ObjectType } from '@interior/contracts';
import {
  Alert,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type Identifier, useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../admin/dataProvider';
import { formatDateTime } from '../i18n/format';
import { describeAce } from '../permissions/acl';
import { describeChanges, type FieldChange } from './changes';
import { eventTypeLabel } from './eventLabels';

const display = (field: string, value: unknown): string => {
  if (value === null || value === undefined || value === '') return '-';
  if (field === 'aces' && Array.isArray(value)) {
    return value.length ? (value as Ace[]).map(describeAce).join(', ') : '권한 없음';
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** Fields that events of every kind of record carry (a record's grants, in AclChanged). */
const sharedFieldNames: Readonly<Record<string, string>> = { aces: '권한' };

/** What an event shows: a change of grants shows the grants, not the object it names. */
const shownChanges = (type: string, changes: FieldChange[]) =>
  type === 'AclChanged' ? changes.filter((c) => c.field === 'aces') : changes;

function ChangeList({ changes, resource }: { changes: FieldChange[]; resource: string }) {
  const translate = useTranslate();
  return (
    <>
      {changes.map((change) => (
        <Typography key={change.field} variant="body2" component="div">
          <strong>
            {translate(`resources.${resource}.fields.${change.field}`, {
              _: sharedFieldNames[change.field] ?? change.field,
            })}
          </strong>
          :{' '}
          {'before' in change
            ? `${display(change.field, change.before)} → ${display(change.field, change.after)}`
            : display(change.field, change.after)}
        </Typography>
      ))}
    </>
  );
}

/**
 * The audit trail of one object (GET /api/history/{objectType}/{id}): each event that changed it,
 * what it changed, who and when. `resource` names the fields through the resource's translations.
 */
export function HistoryTable({
  objectType,
  resource,
  id,
}: {
  objectType: ObjectType;
  resource: string;
  id: Identifier;
}) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, error, isPending } = useQuery({
    queryKey: ['history', objectType, String(id)],
    queryFn: () => dataProvider.getHistory(objectType, id),
  });

  if (isPending) return <LinearProgress aria-label="이력을 불러오는 중" />;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (data.length === 0) return <Typography color="text.secondary">기록된 이력이 없습니다.</Typography>;

  return (
    <TableContainer>
      <Table size="small" aria-label="변경 이력">
        <TableHead>
          <TableRow>
            <TableCell>유형</TableCell>
            <TableCell>변경 내용</TableCell>
            <TableCell>작업자</TableCell>
            <TableCell>일시</TableCell>
            <TableCell align="right">버전</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {describeChanges(data).map(({ entry, changes, unchanged }) => (
            <TableRow key={entry.id} data-event-type={entry.type}>
              <TableCell title={entry.type}>{eventTypeLabel(entry.type)}</TableCell>
              <TableCell>
                {changes.length > 0 ? (
                  <ChangeList changes={shownChanges(entry.type, changes)} resource={resource} />
                ) : unchanged ? (
                  '변경 없음'
                ) : (
                  '-'
                )}
              </TableCell>
              <TableCell>{entry.actor.name ?? '-'}</TableCell>
              <TableCell>{formatDateTime(entry.occurredAt)}</TableCell>
              <TableCell align="right">{entry.revision}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
