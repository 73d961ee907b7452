import type { LineKind, LineSource, RecordAsOf, Totals } from '@interior/contracts';
import { Box, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { Drawing } from '../designs/Drawing';
import { EstimateLinesTable, type SheetLine, TotalsBlock } from '../estimations/EstimateSheet';

/** Fields the record's own layout shows above the list: not repeated as text in it. */
const laidOut: Readonly<Record<string, ReadonlySet<string>>> = {
  Design: new Set(['document']),
  Estimation: new Set(['lines', 'totals', 'rates']),
};

/** A draft's lines as the estimate sheet takes them; the state keeps them as the events gave them. */
function sheetLines(value: unknown): SheetLine[] {
  if (!Array.isArray(value)) return [];
  return value.map((raw, index) => {
    const line = raw as Record<string, unknown>;
    return {
      key: String(line.id ?? index),
      trade: String(line.trade ?? ''),
      kind: (line.kind as LineKind) ?? 'Material',
      name: String(line.name ?? ''),
      spec: String(line.spec ?? ''),
      unit: String(line.unit ?? ''),
      quantity: Number(line.quantity ?? 0),
      unitPrice: Number(line.unitPrice ?? 0),
      amount: Number(line.amount ?? 0),
      sources: Array.isArray(line.sources) ? (line.sources as LineSource[]) : undefined,
    };
  });
}

/** The 일반관리비 and 이윤 rates the totals were computed with, when the draft kept them. */
function ratesOf(value: unknown): { rates?: { OVERHEAD_RATE: string; PROFIT_RATE: string } } {
  const rates = value as { OVERHEAD_RATE?: unknown; PROFIT_RATE?: unknown } | null;
  if (rates === null || typeof rates !== 'object') return {};
  const { OVERHEAD_RATE, PROFIT_RATE } = rates;
  if (OVERHEAD_RATE === undefined || PROFIT_RATE === undefined) return {};
  return { rates: { OVERHEAD_RATE: String(OVERHEAD_RATE), PROFIT_RATE: String(PROFIT_RATE) } };
}

const isTotals = (value: unknown): value is Totals =>
  typeof value === 'object' && value !== null && typeof (value as Totals).total === 'number';

/**
 * A record as it was, read-only, laid out as its own screen lays it out: a design's plan drawing,
 * an estimation's draft lines and totals, then every field by its Korean name and shown value.
 */
export function RecordStateView({ type, asOf }: { type: string; asOf: RecordAsOf }) {
  const { state } = asOf;
  const hidden = laidOut[type] ?? new Set<string>();
  return (
    <Stack spacing={2} data-testid="record-state">
      {type === 'Design' && state.document !== undefined && (
        <Drawing
          document={state.document}
          title={`${String(state.name ?? '디자인')} 리비전 ${asOf.revision}`}
        />
      )}
      {type === 'Estimation' && (
        <>
          <EstimateLinesTable lines={sheetLines(state.lines)} />
          {isTotals(state.totals) && <TotalsBlock totals={state.totals} {...ratesOf(state.rates)} />}
        </>
      )}
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          항목
        </Typography>
        <Table size="small" aria-label="그때의 항목">
          <TableBody>
            {asOf.fields
              .filter((field) => !hidden.has(field.path))
              .map((field) => (
                <TableRow key={field.path}>
                  <TableCell component="th" sx={{ whiteSpace: 'nowrap', width: '30%' }}>
                    {field.label}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{field.text}</TableCell>
                </TableRow>
              ))}
          </TableBody>
        </Table>
      </Box>
    </Stack>
  );
}
