import { type DesignDocument, groupByTrade, KIND_LABELS } from '@interior/contracts';
import { Alert, Box, Divider, LinearProgress, Stack, Typography } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { type EstimatePreview, estimationApi, formatQuantity, formatWon } from '../estimations/api';
import { LineProvenance, TotalsBlock } from '../estimations/EstimateSheet';
import { Panel } from './Panel';

const PREVIEW_MS = 600;

/** A label and its amount on one line; the label wraps, the amount never leaves the box. */
function AmountRow({ label, amount, strong }: { label: ReactNode; amount: number; strong?: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{label}</Box>
      <Typography
        variant="body2"
        data-testid="line-amount"
        sx={{ whiteSpace: 'nowrap', fontWeight: strong ? 600 : undefined, flexShrink: 0 }}
      >
        {formatWon(amount)}
      </Typography>
    </Stack>
  );
}

/**
 * The estimate engine's preview of the document on screen, read a moment after each edit (kept
 * while the phone's price sheet is closed, so it opens on the figures of now).
 */
export function useEstimatePreview(designId: number, doc: DesignDocument) {
  const [preview, setPreview] = useState<EstimatePreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      estimationApi
        .previewOf(designId, doc)
        .then((answer) => {
          if (!current) return;
          setPreview(answer);
          setFailure(null);
        })
        .catch((error: unknown) => {
          if (current) setFailure(error instanceof Error ? error.message : String(error));
        });
    }, PREVIEW_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [doc, designId]);
  return { preview, failure };
}

/**
 * 수량과 예상 금액. It reads down the panel's width: the totals by 공종 first, then the 견적서
 * totals, then each line as a short block (its name and where its quantity came from, then
 * quantity × unit price and the amount), so no amount is hidden sideways however narrow the panel.
 */
export function PricePanel({ preview, failure }: ReturnType<typeof useEstimatePreview>) {
  const groups = preview ? groupByTrade(preview.lines) : [];
  return (
    <Panel title="수량과 예상 금액">
      {failure && (
        <Alert severity="error" sx={{ mb: 1 }}>
          금액을 계산하지 못했습니다: {failure}
        </Alert>
      )}
      {!preview && !failure && <LinearProgress />}
      {preview && (
        <Stack spacing={1} data-testid="designer-quantities">
          {preview.problems.map((problem) => (
            <Alert key={problem} severity="warning">
              {problem}
            </Alert>
          ))}
          {preview.lines.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              방에 자재를 정하거나 제품을 놓으면 수량과 금액이 계산됩니다.
            </Typography>
          ) : (
            <>
              <Box component="section" aria-label="공종별 합계" data-testid="trade-totals">
                <Typography variant="caption" color="text.secondary" component="h3">
                  공종별 합계
                </Typography>
                {groups.map((group) => (
                  <AmountRow key={group.trade} label={group.trade} amount={group.subtotal} strong />
                ))}
              </Box>
              <Divider />
              <TotalsBlock totals={preview.totals} rates={preview.rates} />
              <Divider />
              <Box component="section" aria-label="견적 품목">
                {groups.map((group) => (
                  <Box key={group.trade} sx={{ mb: 1.5 }}>
                    <Typography variant="subtitle2" component="h3">
                      {group.trade}
                    </Typography>
                    {group.lines.map((line, i) => (
                      <Box
                        // Preview lines have no id and come whole each time: the position is the identity.
                        // biome-ignore lint/suspicious/noArrayIndexKey: see above
                        key={i}
                        data-testid="estimate-line"
                        sx={{ py: 0.5, borderTop: 1, borderColor: 'divider' }}
                      >
                        <AmountRow
                          label={
                            <Typography variant="body2">
                              {line.name}
                              {line.spec ? ` · ${line.spec}` : ''}
                            </Typography>
                          }
                          amount={line.amount}
                        />
                        <Typography variant="caption" color="text.secondary" component="div">
                          {KIND_LABELS[line.kind]} · {formatQuantity(line.quantity)} {line.unit} ×{' '}
                          {formatWon(line.unitPrice)}
                        </Typography>
                        <LineProvenance sources={line.sources} />
                      </Box>
                    ))}
                  </Box>
                ))}
              </Box>
            </>
          )}
        </Stack>
      )}
    </Panel>
  );
}
