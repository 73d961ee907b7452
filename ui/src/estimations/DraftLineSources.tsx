import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { estimationApi } from './api';
import { LineProvenance } from './EstimateSheet';

/**
 * Where a draft's line came from, read when asked for: the draft answers each line's count of
 * sources only, as the sources are most of its bytes (hundreds per line on a large design). A line
 * added by hand, or not saved yet, says so at once.
 */
export function DraftLineSources({
  estimationId,
  computed,
  lineId,
  count,
}: {
  estimationId: number;
  /** when the draft was computed: a line's sources change only then */
  computed: string;
  lineId: string | undefined;
  count: number;
}) {
  const [open, setOpen] = useState(false);
  const sources = useQuery({
    queryKey: ['estimation-draft-sources', estimationId, computed, lineId],
    queryFn: () => estimationApi.draftLineSources(estimationId, lineId!),
    enabled: open && lineId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (lineId === undefined || count === 0) return <LineProvenance sources={[]} />;
  if (!open)
    return (
      <Button size="small" sx={{ p: 0, minWidth: 0 }} onClick={() => setOpen(true)}>
        출처 {count.toLocaleString('ko-KR')}건 보기
      </Button>
    );
  if (sources.isPending) return <LinearProgress aria-label="출처를 불러오는 중" />;
  if (sources.error)
    return (
      <Typography variant="caption" color="error" component="div">
        {sources.error.message}
      </Typography>
    );
  return (
    <Box>
      <LineProvenance sources={sources.data} />
      <Button size="small" sx={{ p: 0, minWidth: 0 }} onClick={() => setOpen(false)}>
        출처 닫기
      </Button>
    </Box>
  );
}
