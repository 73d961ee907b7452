import { type AuditEntry, koreaTimeText } from '@interior/contracts';
import {
  Alert,
  Button,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { type LogSource, recordAuditPath, recordPagePath } from './api';

/**
 * A log a page at a time: "더 보기" asks for the page after the last row's position (the API's
 * cursor), never for rows to skip.
 */
export function useLogPages<Entry>(source: LogSource<Entry>) {
  return useInfiniteQuery({
    queryKey: source.key,
    queryFn: ({ pageParam }) => source.page(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

/** "더 보기" under a log's rows while older pages follow: the page after the last row read. */
export function MorePages({
  pages,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  if (!pages.hasNextPage) return null;
  return (
    <Button
      onClick={() => pages.fetchNextPage()}
      disabled={pages.isFetchingNextPage}
      sx={{ alignSelf: 'center' }}
    >
      {pages.isFetchingNextPage ? '불러오는 중…' : '더 보기'}
    </Button>
  );
}

/** Links from a row to the record's own page and to its history in the workbench. */
function RecordLinks({ entry }: { entry: AuditEntry }) {
  const page = recordPagePath(entry.objectType, entry.objectId);
  if (entry.objectId === null) return null;
  return (
    <Stack direction="row" spacing={0.5}>
      {page && (
        <Button size="small" component={Link} to={page}>
          기록
        </Button>
      )}
      <Button size="small" component={Link} to={recordAuditPath(entry.objectType, entry.objectId)}>
        이력
      </Button>
    </Stack>
  );
}

/**
 * Rows of the log, each one Korean sentence with when it happened (Korea time). `actions` adds a
 * row's own buttons (the record's history: its state then, its changes); `detail` a row under it.
 */
export function AuditLogTable({
  source,
  actions,
  detail,
  label = '감사 로그',
}: {
  source: LogSource;
  actions?: (entry: AuditEntry) => ReactNode;
  detail?: (entry: AuditEntry) => ReactNode;
  label?: string;
}) {
  const log = useLogPages(source);
  if (log.isPending) return <LinearProgress aria-label="로그를 불러오는 중" />;
  if (log.error) return <Alert severity="error">{log.error.message}</Alert>;
  const entries = log.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <Typography color="text.secondary">해당하는 기록이 없습니다.</Typography>;
  return (
    <Stack spacing={1}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>일시</TableCell>
            <TableCell>내용</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => {
            const below = detail?.(entry);
            return (
              <Fragment key={entry.position}>
                <TableRow data-testid="audit-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{koreaTimeText(entry.occurredAt)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.sentence}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {actions ? actions(entry) : <RecordLinks entry={entry} />}
                  </TableCell>
                </TableRow>
                {below && (
                  <TableRow>
                    <TableCell colSpan={3}>{below}</TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
      <MorePages pages={log} />
    </Stack>
  );
}
