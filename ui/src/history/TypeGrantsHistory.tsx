import {
  describeChanges,
  eventTypeLabel,
  type FieldChange,
  type HistoryEntry,
  type HistoryRow,
  type ObjectType,
  resourceObjectTypes,
  sharedFieldNames,
} from '@interior/contracts';
import {
  Alert,
  Box,
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
import { useTranslate } from 'react-admin';
import { MorePages, useLogPages } from '../audit/AuditLogTable';
import { typeGrantsSource } from '../audit/api';
import { formatDateTime } from '../i18n/format';
import type { IdentityLabels } from '../permissions/acl';
import { type Shown, showValue, type ValueContext } from './values';

/**
 * Names for the identities of grant changes, as the API gives them with each change (`names`): a
 * grant reads "홍길동 (hong@example.com) · 관리", or the name alone for someone the reader may not
 * read, as every history names people; never "#13".
 */
function identityLabelsOf(entries: readonly HistoryEntry[] | undefined): IdentityLabels {
  return new Map(entries?.flatMap((entry) => Object.entries(entry.names ?? {})) ?? []);
}

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
    resource
      ? translate(`resources.${resource}.fields.${field}`, { _: sharedFieldNames[field] ?? '기타 항목' })
      : (sharedFieldNames[field] ?? '기타 항목');
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

const resourceOf = (objectType: ObjectType) =>
  Object.entries(resourceObjectTypes).find(([, type]) => type === objectType)?.[0];

/**
 * The changes of the grants on every record of a type (GET /api/history/{objectType}), newest
 * first, a page at a time: each with who holds what before and after it (people and groups by
 * name), who did it (named by the API, as every history names people) and when. A record's own
 * 이력 is `RecordHistory`, in the audit log's words.
 */
export function TypeGrantsHistory({ objectType }: { objectType: ObjectType }) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const pages = useLogPages(typeGrantsSource(objectType));
  const entries = pages.data?.pages.flatMap((page) => page.entries);
  const context: ValueContext = {
    identities: identityLabelsOf(entries),
  };
  const resource = resourceOf(objectType);

  if (pages.isPending) return <LinearProgress aria-label="이력을 불러오는 중" />;
  if (pages.error) return <Alert severity="error">{pages.error.message}</Alert>;
  if (!entries?.length) return <Typography color="text.secondary">기록된 이력이 없습니다.</Typography>;
  // Changes are told from the oldest read (each knows the grants before it), shown newest first.
  const rows = describeChanges([...entries].reverse()).reverse();

  // On a phone each event is a card of its own: five columns do not fit 390 pixels.
  if (narrow) {
    return (
      <Stack spacing={1.5}>
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
                {formatDateTime(row.entry.occurredAt)} · {row.entry.actor.name} · 버전 {row.entry.revision}
              </Typography>
              <WhatChanged row={row} resource={resource} context={context} />
            </Box>
          ))}
        </Stack>
        <MorePages pages={pages} />
      </Stack>
    );
  }

  return (
    <Stack spacing={1}>
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
                <TableCell>{row.entry.actor.name}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.entry.occurredAt)}</TableCell>
                <TableCell align="right">{row.entry.revision}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <MorePages pages={pages} />
    </Stack>
  );
}
