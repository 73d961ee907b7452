import { koreaTimeText } from '@interior/contracts';
import { Alert, LinearProgress, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { recordState } from './api';
import { RecordStateView } from './RecordStateView';

/** The record as it was at a revision, with the event that made it so and when. */
export function StateAt({ type, id, revision }: { type: string; id: number; revision: number }) {
  const state = useQuery({
    queryKey: ['audit-state', type, id, revision],
    queryFn: () => recordState(type, id, { revision }),
    // Stepping through revisions keeps the last one on screen until the next has come.
    placeholderData: keepPreviousData,
  });
  if (state.isPending) return <LinearProgress aria-label="그때의 기록을 불러오는 중" />;
  if (state.error) return <Alert severity="error">{state.error.message}</Alert>;
  const asOf = state.data;
  return (
    <Stack spacing={1} aria-busy={state.isPlaceholderData}>
      <Typography variant="body2" data-testid="state-caption">
        리비전 {asOf.revision} · {koreaTimeText(asOf.occurredAt)} · {asOf.sentence}
      </Typography>
      <RecordStateView type={type} asOf={asOf} />
    </Stack>
  );
}
