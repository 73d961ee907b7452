import {
  closedEstimationStates,
  type DesignDocument,
  type DesignRecord,
  type EstimationRecord,
  estimationStateLabels,
  messages,
} from '@interior/contracts';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { designApi } from '../designs/api';
import { touches, useWrite } from '../kit/useWrite';
import { estimationApi, formatWon } from './api';

/** The design's estimation still open, if any: while there is one, it is where the person goes on. */
export const openEstimationOf = (estimations: readonly EstimationRecord[] | undefined) =>
  estimations?.find((e) => !closedEstimationStates.includes(e.state));

/**
 * 견적 요청 of the design's owner: a dialog shows what would be asked for (the rooms, how many items,
 * the preview's total) and takes a note before the request is made. A design with nothing priced
 * cannot be asked for, and while an estimation of it is open that one is shown instead.
 */
export function RequestEstimation({
  design,
  estimations,
}: {
  design: DesignRecord;
  estimations: readonly EstimationRecord[] | undefined;
}) {
  const write = useWrite();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const current = openEstimationOf(estimations);
  const preview = useQuery({
    queryKey: ['estimation-request-preview', design.id, design.revision],
    queryFn: async () => ({
      document: (await designApi.document(design.id)) as DesignDocument,
      preview: await estimationApi.preview(design.id),
    }),
    enabled: open,
  });
  const priced = (preview.data?.preview.lines ?? []).filter((line) => line.amount > 0).length;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" gutterBottom>
          견적 요청
        </Typography>
        {current ? (
          <Alert severity="info" data-testid="estimation-open">
            {messages.estimationAlreadyOpen(current.estimateNumber, estimationStateLabels[current.state])}
          </Alert>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              지금의 디자인(리비전 {design.revision})으로 견적을 요청합니다. 담당 디자이너가 자재·제품·시공
              항목별 견적서를 보내 드립니다.
            </Typography>
            <Button variant="contained" onClick={() => setOpen(true)}>
              견적 요청…
            </Button>
          </>
        )}
      </CardContent>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>견적 요청 확인</DialogTitle>
        <DialogContent>
          {preview.isPending && <LinearProgress />}
          {preview.error && <Alert severity="error">{(preview.error as Error).message}</Alert>}
          {preview.data && (
            <Stack spacing={1.5} sx={{ pt: 1 }} data-testid="estimation-request-summary">
              <Typography variant="body2">
                방 {preview.data.document.rooms.length}개
                {preview.data.document.rooms.length > 0 &&
                  `: ${preview.data.document.rooms.map((room) => room.name).join(', ')}`}
              </Typography>
              <Typography variant="body2">배치한 제품 {preview.data.document.items.length}개</Typography>
              <Typography variant="body2">
                예상 금액 (부가세 포함) {formatWon(preview.data.preview.totals.total)}
              </Typography>
              {preview.data.preview.problems.map((problem) => (
                <Alert key={problem} severity="warning">
                  {problem}
                </Alert>
              ))}
              {priced === 0 ? (
                <Alert severity="warning">{messages.estimationNothingPriced}</Alert>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  예상 금액은 참고용이며, 담당 디자이너가 현장 조건을 반영해 견적서를 보냅니다.
                </Typography>
              )}
              <TextField
                size="small"
                fullWidth
                multiline
                minRows={2}
                label="요청 메모 (선택)"
                value={note}
                onChange={(e) => setNote(e.target.value)}
                slotProps={{ htmlInput: { maxLength: 1000 } }}
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>닫기</Button>
          <Button
            variant="contained"
            disabled={!preview.data || priced === 0}
            onClick={async () => {
              setOpen(false);
              if (
                await write(
                  () => estimationApi.request(design.id, note.trim()),
                  '견적을 요청했습니다.',
                  touches.estimation,
                )
              )
                setNote('');
            }}
          >
            이대로 견적 요청
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
