import { elementChangeLabels, formatWon, type RecordDiff } from '@interior/contracts';
import {
  Alert,
  Box,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { recordDiff } from './api';

type Lines = NonNullable<RecordDiff['lines']>;
type Elements = NonNullable<RecordDiff['elements']>;

function FieldChanges({ changes }: { changes: RecordDiff['changes'] }) {
  if (changes.length === 0) return <Typography color="text.secondary">바뀐 항목이 없습니다.</Typography>;
  return (
    <Table size="small" aria-label="항목별 변경">
      <TableHead>
        <TableRow>
          <TableCell>항목</TableCell>
          <TableCell>이전</TableCell>
          <TableCell>이후</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map((change) => (
          <TableRow key={change.path} data-testid="field-change">
            <TableCell component="th" sx={{ whiteSpace: 'nowrap' }}>
              {change.label}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{change.beforeText}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{change.afterText}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** An estimate draft line by line: each line with its 공종, item and source, and how it changed. */
function LineChanges({ lines }: { lines: Lines }) {
  const rows = [
    ...lines.changed.map((line) => ({
      key: `c-${line.id}`,
      what: '변경',
      line,
      text: line.changes.map((c) => `${c.label} ${c.beforeText} → ${c.afterText}`).join(', '),
    })),
    ...lines.added.map((line) => ({
      key: `a-${line.id}`,
      what: '추가',
      line,
      text: `수량 ${line.quantity.toLocaleString('ko-KR')}, 단가 ${formatWon(line.unitPrice)}, 금액 ${formatWon(line.amount)}`,
    })),
    ...lines.removed.map((line) => ({
      key: `r-${line.id}`,
      what: '삭제',
      line,
      text: `금액 ${formatWon(line.amount)}`,
    })),
  ];
  if (rows.length === 0) return null;
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        품목별 변경
      </Typography>
      <Table size="small" aria-label="품목별 변경">
        <TableHead>
          <TableRow>
            <TableCell>구분</TableCell>
            <TableCell>공종</TableCell>
            <TableCell>품명</TableCell>
            <TableCell>출처</TableCell>
            <TableCell>내용</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key} data-testid="line-change">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.what}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.line.trade}</TableCell>
              <TableCell>{row.line.name}</TableCell>
              <TableCell>{row.line.source}</TableCell>
              <TableCell>{row.text}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** A design's drawing element by element: what was added, removed, and how the rest changed. */
function ElementChanges({ elements }: { elements: Elements }) {
  const rows = [
    ...elements.added.map((e) => ({ ...e, what: '추가', how: '' })),
    ...elements.removed.map((e) => ({ ...e, what: '삭제', how: '' })),
    ...elements.changed.map((e) => ({
      ...e,
      what: '변경',
      how: e.how.map((h) => elementChangeLabels[h]).join(', '),
    })),
  ];
  if (rows.length === 0) return null;
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        도면 요소별 변경
      </Typography>
      <Table size="small" aria-label="도면 요소별 변경">
        <TableHead>
          <TableRow>
            <TableCell>구분</TableCell>
            <TableCell>요소</TableCell>
            <TableCell>이름</TableCell>
            <TableCell>바뀐 점</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={`${row.what}-${row.group}-${row.id}`} data-testid="element-change">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.what}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.groupLabel}</TableCell>
              <TableCell>{row.name ?? '-'}</TableCell>
              <TableCell>{row.how || '-'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** A diff as the screens show values: field by field, then lines or drawing elements. */
export function DiffTables({ diff }: { diff: RecordDiff }) {
  return (
    <Stack spacing={2}>
      {/* The lines and the drawing are shown element by element below, not as their sizes. */}
      <FieldChanges
        changes={diff.changes.filter(
          (change) =>
            !(diff.lines && change.path === 'lines') && !(diff.elements && change.path === 'document'),
        )}
      />
      {diff.lines && <LineChanges lines={diff.lines} />}
      {diff.elements && <ElementChanges elements={diff.elements} />}
    </Stack>
  );
}

/** What changed in a record between two of its revisions, read from the API. */
export function DiffView({ type, id, from, to }: { type: string; id: number; from: number; to: number }) {
  const diff = useQuery({
    queryKey: ['audit-diff', type, id, from, to],
    queryFn: () => recordDiff(type, id, from, to),
  });
  if (diff.isPending) return <LinearProgress aria-label="변경 내용을 불러오는 중" />;
  if (diff.error) return <Alert severity="error">{diff.error.message}</Alert>;
  return <DiffTables diff={diff.data} />;
}
