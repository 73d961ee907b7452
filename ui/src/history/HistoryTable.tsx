import {
  type Ace,
  type HistoryEntry,
  identityKey,
  type ObjectType,
  type SecurityIdentity,
} from '@interior/contracts';
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
import { describeAce, type IdentityLabels, resolveLabels } from '../permissions/acl';
import { describeChanges, type FieldChange } from './changes';
import { eventTypeLabel } from './eventLabels';

const display = (field: string, value: unknown, labels: IdentityLabels): string => {
  if (value === null || value === undefined || value === '') return '-';
  if (field === 'aces' && Array.isArray(value)) {
    return value.length ? (value as Ace[]).map((ace) => describeAce(ace, labels)).join(', ') : '권한 없음';
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** Every identity the grant changes of a history name. */
export function grantedIdentities(entries: readonly HistoryEntry[]): SecurityIdentity[] {
  return entries.flatMap((entry) => {
    const aces = (entry.data as { aces?: unknown } | null)?.aces;
    return entry.type === 'AclChanged' && Array.isArray(aces) ? (aces as Ace[]).map((a) => a.identity) : [];
  });
}

/**
 * Names for the identities of grant changes (POST api/identity/target), so a grant reads "홍길동
 * (hong@example.com) · 관리", not "사용자 #13". Only those who may read the grants see them, and
 * they may ask for names; should the names not load, the lines fall back to the ids.
 */
function useIdentityLabels(entries: readonly HistoryEntry[] | undefined): IdentityLabels {
  const identities = entries ? grantedIdentities(entries) : [];
  const { data } = useQuery({
    queryKey: ['identity-labels', ...[...new Set(identities.map(identityKey))].sort()],
    queryFn: () => resolveLabels(identities),
    enabled: identities.length > 0,
    retry: false,
  });
  return data ?? noLabels;
}
const noLabels: IdentityLabels = new Map();

/** Fields that events of every kind of record carry (a record's grants, in AclChanged). */
const sharedFieldNames: Readonly<Record<string, string>> = { aces: '권한' };

/** What an event shows: a change of grants shows the grants, not the object it names. */
const shownChanges = (type: string, changes: FieldChange[]) =>
  type === 'AclChanged' ? changes.filter((c) => c.field === 'aces') : changes;

function ChangeList({
  changes,
  resource,
  labels,
}: {
  changes: FieldChange[];
  resource: string;
  labels: IdentityLabels;
}) {
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
            ? `${display(change.field, change.before, labels)} → ${display(change.field, change.after, labels)}`
            : display(change.field, change.after, labels)}
        </Typography>
      ))}
    </>
  );
}

/**
 * The audit trail of one object (GET /api/history/{objectType}/{id}), or without `id` of the grants
 * on every object of a type (GET /api/history/{objectType}): each event, what it changed, who and
 * when. `resource` names the fields through the resource's translations.
 */
export function HistoryTable({
  objectType,
  resource,
  id,
}: {
  objectType: ObjectType;
  resource: string;
  id?: Identifier;
}) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, error, isPending } = useQuery({
    queryKey: ['history', objectType, id === undefined ? '*' : String(id)],
    queryFn: () => dataProvider.getHistory(objectType, id),
  });
  const labels = useIdentityLabels(data);

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
                  <ChangeList
                    changes={shownChanges(entry.type, changes)}
                    resource={resource}
                    labels={labels}
                  />
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
