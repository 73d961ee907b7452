import {
  groupByTrade,
  KIND_LABELS,
  type LineKind,
  type LineSource,
  TOTAL_LABELS,
  type Totals,
} from '@interior/contracts';
import {
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Fragment, type ReactNode, useState } from 'react';
import { formatQuantity, formatWon } from './api';

/** A line as the sheet shows it; the editor's lines carry their own `key`. */
export interface SheetLine {
  key: string;
  trade: string;
  kind: LineKind;
  name: string;
  spec: string;
  unit: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  sources?: readonly LineSource[];
  /** how many sources a draft's line has, when they are read on their own (its `sources` absent) */
  sourceCount?: number;
}

/**
 * Where a line's quantity came from, as the customer can check it ("거실 바닥 12 ㎡ × (1 + 0.05)"):
 * the first two sources, the rest on request. A line added by hand says so.
 */
export function LineProvenance({ sources }: { sources?: readonly LineSource[] }) {
  const [all, setAll] = useState(false);
  if (!sources || sources.length === 0)
    return (
      <Typography variant="caption" color="text.secondary" component="div">
        직접 추가한 품목
      </Typography>
    );
  const shown = all ? sources : sources.slice(0, 2);
  return (
    <Box data-testid="line-provenance">
      {shown.map((source, i) => (
        <Typography
          // Sources have no id and a list never reorders: the position is the identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={i}
          variant="caption"
          color="text.secondary"
          component="div"
        >
          {source.explanation}
          {source.recipe
            ? ` · ${source.recipe.bomName} ${source.recipe.line}행 (${source.recipe.formula})`
            : ''}
        </Typography>
      ))}
      {sources.length > 2 && (
        <Button size="small" sx={{ p: 0, minWidth: 0 }} onClick={() => setAll(!all)}>
          {all ? '접기' : `외 ${sources.length - 2}건 더 보기`}
        </Button>
      )}
    </Box>
  );
}

/**
 * The lines of a 견적서 grouped by 공종, each group with its subtotal, as the PDF prints them.
 * `cells` renders the quantity and unit price (read-only text, or the editor's inputs), `actions`
 * a last column (the editor's 삭제) and `provenance` where a line came from (by default its
 * `sources`; the editor reads a draft line's on request).
 */
export function EstimateLinesTable({
  lines,
  cells,
  actions,
  provenance = (line) => <LineProvenance sources={line.sources} />,
}: {
  lines: readonly SheetLine[];
  cells?: (line: SheetLine) => { quantity: ReactNode; unitPrice: ReactNode };
  actions?: (line: SheetLine) => ReactNode;
  provenance?: (line: SheetLine) => ReactNode;
}) {
  const groups = groupByTrade(lines);
  const columns = actions ? 8 : 7;
  if (lines.length === 0) return <Typography color="text.secondary">품목이 없습니다.</Typography>;
  return (
    // Width 0 and at least the container's: the table scrolls inside this box instead of
    // widening the page to its own width (a phone's screen is narrower than a 견적서).
    // Focusable, so the keyboard can scroll it too.
    <Box
      sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}
      tabIndex={0}
      role="region"
      aria-label="견적 품목 표"
    >
      <Table size="small" aria-label="견적 품목">
        <TableHead>
          <TableRow>
            <TableCell>품명</TableCell>
            <TableCell>규격</TableCell>
            <TableCell>구분</TableCell>
            <TableCell>단위</TableCell>
            <TableCell align="right">수량</TableCell>
            <TableCell align="right">단가</TableCell>
            <TableCell align="right">금액</TableCell>
            {actions && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((group) => (
            <Fragment key={group.trade}>
              <TableRow sx={{ bgcolor: 'action.hover' }}>
                <TableCell colSpan={columns} component="th" scope="rowgroup">
                  <Typography variant="subtitle2">{group.trade}</Typography>
                </TableCell>
              </TableRow>
              {group.lines.map((line) => {
                const cell = cells?.(line);
                return (
                  <TableRow key={line.key} data-testid="estimate-line">
                    <TableCell sx={{ minWidth: 180 }}>
                      <Typography variant="body2">{line.name}</Typography>
                      {provenance(line)}
                    </TableCell>
                    <TableCell>{line.spec || '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{KIND_LABELS[line.kind]}</TableCell>
                    <TableCell>{line.unit}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {cell ? cell.quantity : formatQuantity(line.quantity)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {cell ? cell.unitPrice : formatWon(line.unitPrice)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatWon(line.amount)}
                    </TableCell>
                    {actions && <TableCell>{actions(line)}</TableCell>}
                  </TableRow>
                );
              })}
              <TableRow>
                <TableCell colSpan={6} align="right">
                  {group.trade} 소계
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {formatWon(group.subtotal)}
                </TableCell>
                {actions && <TableCell />}
              </TableRow>
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The totals block of a 견적서 (재료비 … 합계), with the rates the 일반관리비 and 이윤 used. */
export function TotalsBlock({
  totals,
  rates,
}: {
  totals: Totals;
  rates?: { OVERHEAD_RATE: string; PROFIT_RATE: string };
}) {
  const percent = (rate: string) =>
    `${(Number(rate) * 100).toLocaleString('ko-KR', { maximumFractionDigits: 2 })}%`;
  const note: Partial<Record<keyof Totals, string>> = {
    direct: '재료비 + 노무비 + 경비',
    overhead: rates ? `직접공사비 × ${percent(rates.OVERHEAD_RATE)}` : undefined,
    profit: rates ? `(노무비 + 경비 + 일반관리비) × ${percent(rates.PROFIT_RATE)}` : undefined,
    rounding: '천 원 미만 절사',
    vat: '공급가액 × 10%',
  };
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Table size="small" aria-label="견적 합계" sx={{ maxWidth: 520 }}>
        <TableBody>
          {TOTAL_LABELS.filter(({ key }) => key !== 'total').map(({ key, label }) => (
            <TableRow key={key}>
              <TableCell component="th">
                {label}
                {note[key] && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {note[key]}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right" data-testid={`total-${key}`} sx={{ whiteSpace: 'nowrap' }}>
                {key === 'rounding' && totals.rounding > 0 ? '−' : ''}
                {formatWon(totals[key])}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell component="th">
              <Typography variant="subtitle1" component="span" sx={{ fontWeight: 700 }}>
                합계 (부가세 포함)
              </Typography>
            </TableCell>
            <TableCell align="right" data-testid="total-total">
              <Typography variant="subtitle1" component="span" sx={{ fontWeight: 700 }}>
                {formatWon(totals.total)}
              </Typography>
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </Box>
  );
}
