import {
  type Ace,
  agreementLabel,
  describeChanges,
  eventTypeLabel,
  type FieldChange,
  type HistoryEntry,
  type HistoryRow,
  identityKey,
  type ObjectType,
  resourceObjectTypes,
  type SecurityIdentity,
  sharedFieldNames,
  typeFieldNames,
} from '@interior/contracts';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { type Identifier, useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import type { AppDataProvider } from '../admin/dataProvider';
import { recordAuditPath } from '../audit/api';
import { formatDateTime } from '../i18n/format';
import { type IdentityLabels, resolveLabels } from '../permissions/acl';
import { type Shown, showValue, type ValueContext } from './values';

/** Every identity the grant changes of a history name. */
export function grantedIdentities(entries: readonly HistoryEntry[]): SecurityIdentity[] {
  return entries.flatMap((entry) => {
    const aces = (entry.data as { aces?: unknown } | null)?.aces;
    return entry.type === 'AclChanged' && Array.isArray(aces) ? (aces as Ace[]).map((a) => a.identity) : [];
  });
}

/** Every user group id a history names (a user's groups). */
function namedGroupIds(entries: readonly HistoryEntry[]): number[] {
  const ids = new Set<number>();
  for (const entry of entries) {
    const data = (entry.data ?? {}) as Record<string, unknown>;
    for (const field of ['groups', 'added', 'removed']) {
      const value = data[field];
      if (Array.isArray(value)) for (const id of value) if (typeof id === 'number') ids.add(id);
    }
  }
  return [...ids].sort((a, b) => a - b);
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

/** Names of the groups a history names; those the reader may not read (or deleted) stay "그룹 #7". */
function useGroupNames(entries: readonly HistoryEntry[] | undefined): ReadonlyMap<number, string> {
  const dataProvider = useDataProvider<AppDataProvider>();
  const ids = entries ? namedGroupIds(entries) : [];
  const { data } = useQuery({
    queryKey: ['history-group-names', ...ids],
    queryFn: async () => {
      const { data: groups } = await dataProvider.getMany('usergroup', { ids });
      return new Map(groups.map((group) => [Number(group.id), String(group.name)]));
    },
    enabled: ids.length > 0,
    retry: false,
  });
  return data ?? noGroups;
}
const noGroups: ReadonlyMap<number, string> = new Map();

function ShownValue({ value }: { value: Shown }) {
  if (!Array.isArray(value)) return <>{value}</>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {value.map((line, index) => (
        // Lines of one value may repeat (two grants alike): their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is rendered once, never reordered.
        <li key={index}>{line}</li>
      ))}
    </Box>
  );
}

function ChangeList({
  changes,
  resource,
  context,
}: {
  changes: FieldChange[];
  resource: string | undefined;
  context: ValueContext;
}) {
  const translate = useTranslate();
  const fieldName = (field: string) =>
    agreementLabel(field) ??
    context.fieldNames?.[field] ??
    (resource
      ? translate(`resources.${resource}.fields.${field}`, { _: sharedFieldNames[field] ?? '기타 항목' })
      : (sharedFieldNames[field] ?? '기타 항목'));
  return (
    <Stack spacing={0.5}>
      {changes.map((change) => (
        <Typography key={change.field} variant="body2" component="div">
          <strong>{fieldName(change.field)}</strong>:{' '}
          {'before' in change ? (
            <>
              <ShownValue value={showValue(change.field, change.before, context)} />
              {' → '}
              <ShownValue value={showValue(change.field, change.after, context)} />
            </>
          ) : (
            <ShownValue value={showValue(change.field, change.after, context)} />
          )}
        </Typography>
      ))}
    </Stack>
  );
}

function WhatChanged({
  row,
  resource,
  context,
}: {
  row: HistoryRow;
  resource: string | undefined;
  context: ValueContext;
}) {
  if (row.changes.length > 0)
    return <ChangeList changes={row.changes} resource={resource} context={context} />;
  return <>{row.unchanged ? '변경 없음' : '-'}</>;
}

/** Who did it: a name, the system itself, or a person whose name is erased or unreadable. */
const actorName = ({ actor }: HistoryEntry) =>
  actor.id === null ? '시스템' : (actor.name ?? `사용자 #${actor.id}`);

const resourceOf = (objectType: ObjectType) =>
  Object.entries(resourceObjectTypes).find(([, type]) => type === objectType)?.[0];

/**
 * The audit trail of one object (GET /api/history/{objectType}/{id}), or without `id` of the grants
 * on every object of a type (GET /api/history/{objectType}): each event in Korean, what it changed
 * (before → after, values as the screens show them), who and when. Every resource shows this one
 * component; a deleted record (`deleted`) keeps its history, read from the log.
 */
export function HistoryTable({
  objectType,
  id,
  deleted = false,
}: {
  objectType: ObjectType;
  id?: Identifier;
  deleted?: boolean;
}) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const { data, error, isPending } = useQuery({
    queryKey: ['history', objectType, id === undefined ? '*' : String(id)],
    queryFn: () => dataProvider.getHistory(objectType, id),
  });
  const context: ValueContext = {
    identities: useIdentityLabels(data),
    groups: useGroupNames(data),
    fieldNames: typeFieldNames[objectType],
  };
  const resource = resourceOf(objectType);

  if (isPending) return <LinearProgress aria-label="이력을 불러오는 중" />;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  // A record's history leads to the workbench: its events page by page, any revision, any diff, a replay.
  const workbench =
    id === undefined ? null : (
      <Button component={Link} to={recordAuditPath(objectType, Number(id))} size="small" sx={{ mb: 1 }}>
        감사 작업대에서 보기
      </Button>
    );
  const notice = (
    <>
      {workbench}
      {deleted && (
        <Alert severity="info" sx={{ mb: 2 }}>
          삭제된 기록입니다. 삭제되기 전까지의 이력을 보여 줍니다.
        </Alert>
      )}
    </>
  );
  if (data.length === 0)
    return (
      <>
        {notice}
        <Typography color="text.secondary">기록된 이력이 없습니다.</Typography>
      </>
    );
  const rows = describeChanges(data);

  // On a phone each event is a card of its own: five columns do not fit 390 pixels.
  if (narrow) {
    return (
      <>
        {notice}
        <Stack component="ol" spacing={1.5} aria-label="변경 이력" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((row) => (
            <Box
              component="li"
              key={row.entry.id}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, overflowWrap: 'anywhere' }}
            >
              <Typography variant="subtitle2" component="h3">
                {eventTypeLabel(row.entry.type)}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
                {formatDateTime(row.entry.occurredAt)} · {actorName(row.entry)} · 버전 {row.entry.revision}
              </Typography>
              <WhatChanged row={row} resource={resource} context={context} />
            </Box>
          ))}
        </Stack>
      </>
    );
  }

  return (
    <>
      {notice}
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
            {rows.map((row) => (
              <TableRow key={row.entry.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{eventTypeLabel(row.entry.type)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <WhatChanged row={row} resource={resource} context={context} />
                </TableCell>
                <TableCell>{actorName(row.entry)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.entry.occurredAt)}</TableCell>
                <TableCell align="right">{row.entry.revision}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
