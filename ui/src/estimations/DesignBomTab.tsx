import type { DesignRecord } from '@interior/contracts';
import { Alert, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { estimationApi } from './api';
import { EstimateLinesTable, TotalsBlock } from './EstimateSheet';

/**
 * The design's BOM 수량 tab: what the design is made of now (every material, product, labour and
 * expense line from its rooms, items and the BOM recipes, by 공종, each saying where its quantity
 * came from) and what it would cost at today's catalogue prices: the estimate engine's preview,
 * not a quote (POST /api/design/{id}/estimate-preview).
 */
export function DesignBomTab({ design }: { design: DesignRecord }) {
  const preview = useQuery({
    queryKey: ['estimate-preview', design.id, design.revision],
    queryFn: () => estimationApi.preview(design.id),
  });
  if (preview.isPending) return <LinearProgress aria-label="BOM 수량을 계산하는 중" />;
  if (preview.error) return <Alert severity="error">{(preview.error as Error).message}</Alert>;
  const { lines, totals, problems, rates } = preview.data;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        리비전 {design.revision}의 디자인에서 계산한 자재·제품·시공 수량과 오늘의 카탈로그 가격으로 본 예상
        금액입니다. 실제 견적은 담당 디자이너가 견적서로 보내 드립니다.
      </Typography>
      {problems.length > 0 && (
        <Alert severity="warning">
          {problems.map((problem) => (
            <div key={problem}>{problem}</div>
          ))}
        </Alert>
      )}
      {lines.length === 0 ? (
        <Typography color="text.secondary">
          아직 수량을 계산할 것이 없습니다. 방에 바닥·벽·천장 자재를 정하거나 제품을 배치해 보세요.
        </Typography>
      ) : (
        <>
          <EstimateLinesTable lines={lines.map((line, i) => ({ ...line, key: String(i) }))} />
          <TotalsBlock totals={totals} rates={rates} />
        </>
      )}
    </Stack>
  );
}
