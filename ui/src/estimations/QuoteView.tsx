import type { EstimationQuote, EstimationRecord } from '@interior/contracts';
import { Alert, Box, Button, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { estimationApi, formatDay, formatWon, openQuotePdf } from './api';
import { EstimateLinesTable, TotalsBlock } from './EstimateSheet';

/** A quote's lines as the sheet shows them (each line's id is its key). */
const sheetLines = (quote: EstimationQuote) => quote.lines.map((line) => ({ ...line, key: line.id }));

/** The 견적서 PDF of a revision, opened in a new tab. */
export function PdfButton({ id, revision }: { id: number; revision: number }) {
  const notify = useNotify();
  return (
    <Button
      variant="outlined"
      onClick={() =>
        openQuotePdf(id, revision).catch((error: Error) => notify(error.message, { type: 'error' }))
      }
    >
      견적서 PDF
    </Button>
  );
}

/**
 * The issued quotes of an estimation, newest first: pick a revision to read its lines by 공종 and
 * its totals, exactly as issued (a later revision never changes an earlier one), and its PDF.
 */
export function QuoteView({ estimation }: { estimation: EstimationRecord }) {
  const quotes = useQuery({
    queryKey: ['estimation-quotes', estimation.id, estimation.quoteRevision],
    queryFn: () => estimationApi.quotes(estimation.id),
    enabled: estimation.quoteRevision > 0,
  });
  const [picked, setPicked] = useState<number | null>(null);
  if (estimation.quoteRevision === 0)
    return <Typography color="text.secondary">아직 발행된 견적서가 없습니다.</Typography>;
  if (quotes.isPending) return <LinearProgress aria-label="견적서를 불러오는 중" />;
  if (quotes.error) return <Alert severity="error">{(quotes.error as Error).message}</Alert>;
  const quote =
    quotes.data.find((q) => q.revision === (picked ?? estimation.quoteRevision)) ?? quotes.data[0];
  if (!quote) return null;
  const accepted = estimation.orderNumber !== null && quote.revision === estimation.quoteRevision;
  return (
    <Stack spacing={2} data-testid="quote-view">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label="견적서 리비전"
          value={quote.revision}
          onChange={(e) => setPicked(Number(e.target.value))}
          sx={{ minWidth: 200 }}
        >
          {quotes.data.map((q) => (
            <MenuItem key={q.revision} value={q.revision}>
              리비전 {q.revision} · {formatWon(q.totals.total)}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary">
          {quote.estimateNumber} · 발행 {formatDay(quote.issued)} · 유효기한 {formatDay(quote.validUntil)}
          {accepted ? ' · 수락됨' : ''}
        </Typography>
        <Box sx={{ ml: { sm: 'auto' } }}>
          <PdfButton id={estimation.id} revision={quote.revision} />
        </Box>
      </Stack>
      <EstimateLinesTable lines={sheetLines(quote)} />
      <TotalsBlock totals={quote.totals} rates={quote.rates} />
    </Stack>
  );
}
