import {
  type EstimationRecord,
  type EstimationState,
  erasedPersonName,
  estimationStateLabels,
} from '@interior/contracts';
import {
  Autocomplete,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatDate } from '../designs/api';
import { type Assignee, estimationApi, formatDay, formatWon } from './api';

const stateColors: Record<
  EstimationState,
  'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info'
> = {
  Requested: 'warning',
  Assigned: 'info',
  Quoted: 'primary',
  Rejected: 'error',
  Ordered: 'success',
  Completed: 'success',
  Cancelled: 'default',
  Expired: 'default',
};

export function StateChip({ state }: { state: EstimationState }) {
  return <Chip size="small" color={stateColors[state]} label={estimationStateLabels[state]} />;
}

const person = (name: string | null, id: number | null) =>
  id === null ? '미배정' : (name ?? erasedPersonName);

/** What an estimation is: numbers, people, dates and the last quote, as a two-column table. */
export function EstimationFacts({ estimation: e }: { estimation: EstimationRecord }) {
  const rows: [string, React.ReactNode][] = [
    ['견적 번호', e.estimateNumber],
    ['상태', <StateChip key="state" state={e.state} />],
    ['디자인', `${e.designName} (리비전 ${e.designRevision})`],
    ['요청자', e.requesterName ?? erasedPersonName],
    ['담당 매니저', person(e.managerName, e.managerId)],
    ['담당 디자이너', person(e.designerName, e.designerId)],
    ['요청일', formatDate(e.registered)],
    ['요청 메모', e.note || '—'],
  ];
  if (e.quoteRevision > 0) {
    rows.push(['최근 견적', `리비전 ${e.quoteRevision} · ${formatWon(e.quotedTotal)}`]);
    rows.push(['유효기한', formatDay(e.validUntil)]);
  }
  if (e.orderNumber) rows.push(['주문 번호', e.orderNumber]);
  if (e.rejectReason && e.state === 'Rejected') rows.push(['거절 사유', e.rejectReason]);
  return (
    <Table size="small" sx={{ maxWidth: 560 }}>
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" sx={{ width: 130 }}>
              {label}
            </TableCell>
            <TableCell>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const roleLabels = { DesignManager: '담당 매니저', Designer: '담당 디자이너' } as const;

/**
 * Picks a person holding the role, searched by name or email on the server (at most 50 answers),
 * and assigns them: the Admin a manager or a designer, the estimation's manager a designer.
 */
export function AssignDialog({
  estimation,
  role,
  open,
  onClose,
}: {
  estimation: EstimationRecord;
  role: 'DesignManager' | 'Designer';
  open: boolean;
  onClose: (assignee: Assignee | null) => void;
}) {
  const [q, setQ] = useState('');
  const [debounced, setDebounced] = useState('');
  const [picked, setPicked] = useState<Assignee | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(q.trim()), 250);
    return () => clearTimeout(timer);
  }, [q]);
  useEffect(() => {
    if (open) {
      setPicked(null);
      setQ('');
    }
  }, [open]);
  const options = useQuery({
    queryKey: ['estimation-assignees', estimation.id, role, debounced],
    queryFn: () => estimationApi.assignees(estimation.id, role, debounced),
    enabled: open,
  });
  const label = roleLabels[role];
  return (
    <Dialog open={open} onClose={() => onClose(null)} fullWidth maxWidth="xs">
      <DialogTitle>{label} 배정</DialogTitle>
      <DialogContent>
        <Autocomplete
          options={options.data ?? []}
          loading={options.isFetching}
          value={picked}
          onChange={(_, value) => setPicked(value)}
          inputValue={q}
          onInputChange={(_, value) => setQ(value)}
          filterOptions={(all) => all}
          getOptionLabel={(a) => `${a.name ?? '이름 없음'} (${a.email ?? '—'})`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={options.error ? (options.error as Error).message : '찾는 사람이 없습니다.'}
          loadingText="찾는 중…"
          renderInput={(params) => (
            <TextField {...params} autoFocus margin="dense" label={`${label} 검색 (이름 또는 이메일)`} />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(null)}>취소</Button>
        <Button variant="contained" disabled={!picked} onClick={() => onClose(picked)}>
          배정
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A dialog asking for a reason (거절 사유 is required, 취소 사유 is not). */
export function ReasonDialog({
  open,
  title,
  label,
  required,
  confirm,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  required: boolean;
  confirm: string;
  onClose: (reason: string | null) => void;
}) {
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (open) setReason('');
  }, [open]);
  return (
    <Dialog open={open} onClose={() => onClose(null)} fullWidth maxWidth="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onClose(reason.trim());
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label={label}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(null)}>닫기</Button>
          <Button type="submit" variant="contained" disabled={required && !reason.trim()}>
            {confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
