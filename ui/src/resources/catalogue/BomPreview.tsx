import { evaluateFormula, FormulaError, formatWon, lineAmount, roundHalfUp } from '@interior/contracts';
import {
  Alert,
  Box,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useRecordContext } from 'react-admin';
import { apiJson } from '../../session';

interface RecipeLine {
  name: string;
  unit: string;
  quantity: string;
  refType: 'Material' | 'Product' | null;
  refId: number | null;
  unitPrice: number | null;
}

const bases = [
  ['area', '면적', '㎡', '12'],
  ['perimeter', '둘레', 'm', '14'],
  ['height', '높이', 'm', '2.4'],
  ['count', '수량', '개', '1'],
] as const;
type BaseKey = (typeof bases)[number][0];

/**
 * "미리 보기" of a BOM recipe (docs/catalogue.md): each line's quantity formula evaluated on a base
 * the user types (area, perimeter, height, count) with the constants in effect for them, priced as
 * an estimate prices it (the line's price, else its material's or product's), with lineAmount as
 * the estimate engine does. evaluateFormula gives, to the digit, what the engine's exact evaluator
 * (evaluateQuantity) gives, and the same errors: contracts' exact.test.ts holds the two together.
 */
export function BomPreview() {
  const record = useRecordContext<{ lines?: RecipeLine[] }>();
  const lines = record?.lines ?? [];
  const [base, setBase] = useState<Record<BaseKey, string>>(
    Object.fromEntries(bases.map(([key, , , initial]) => [key, initial])) as Record<BaseKey, string>,
  );
  const constants = useQuery({
    queryKey: ['bomconstant', 'preview'],
    queryFn: () =>
      apiJson<{ key: string; value: number }[]>(
        `/api/bomconstant?${new URLSearchParams({ range: JSON.stringify([0, 499]) })}`,
      ),
  });
  const referenced = (type: 'Material' | 'Product') => [
    ...new Set(lines.filter((l) => l.refType === type && l.refId).map((l) => l.refId as number)),
  ];
  const prices = useQuery({
    queryKey: ['bom-preview-prices', referenced('Material'), referenced('Product')],
    queryFn: async () => {
      const load = async (resource: string, ids: number[]) =>
        ids.length
          ? apiJson<{ id: number; price: number }[]>(
              `/api/${resource}?${new URLSearchParams({ filter: JSON.stringify({ id: ids }), range: JSON.stringify([0, ids.length - 1]) })}`,
            )
          : [];
      const [materials, products] = await Promise.all([
        load('material', referenced('Material')),
        load('product', referenced('Product')),
      ]);
      return {
        Material: new Map(materials.map((m) => [m.id, m.price])),
        Product: new Map(products.map((p) => [p.id, p.price])),
      };
    },
  });
  if (lines.length === 0) return null;
  const invalid = bases.filter(([key]) => !/^\d+(\.\d+)?$/.test(base[key].trim())).map(([, label]) => label);
  const scope: Record<string, number | string> = {};
  for (const c of constants.data ?? []) scope[c.key] = c.value;
  for (const [key] of bases) scope[key] = base[key].trim() || '0';
  const rows = lines.map((line) => {
    const price =
      line.unitPrice ??
      (line.refType && line.refId ? prices.data?.[line.refType].get(line.refId) : undefined);
    try {
      const quantity = roundHalfUp(evaluateFormula(line.quantity, scope), 2).toNumber();
      return {
        line,
        quantity,
        price,
        amount: price === undefined ? null : lineAmount(quantity, price),
        error: null,
      };
    } catch (error) {
      return {
        line,
        quantity: null,
        price,
        amount: null,
        error: error instanceof FormulaError ? error.message : String(error),
      };
    }
  });
  const total = rows.reduce((sum, r) => sum + (r.amount ?? 0), 0);
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} data-testid="bom-preview">
      <Typography variant="subtitle1" gutterBottom>
        미리 보기
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        기준값을 넣으면 각 항목의 수량과 금액을 견적과 같은 방식으로 계산합니다.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
        {bases.map(([key, label, unit]) => (
          <TextField
            key={key}
            size="small"
            label={`${label}(${unit})`}
            value={base[key]}
            error={invalid.includes(label)}
            onChange={(e) => setBase({ ...base, [key]: e.target.value })}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ width: { sm: 130 } }}
          />
        ))}
      </Stack>
      {invalid.length > 0 ? (
        <Alert severity="warning">{invalid.join(', ')}에 0 이상의 숫자를 넣어 주세요.</Alert>
      ) : (
        <Box
          sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}
          tabIndex={0}
          role="region"
          aria-label="미리 보기 표"
        >
          <Table size="small">
            <TableHead>
              <TableRow>
                {['품명', '수량식', '수량', '단가', '금액'].map((h) => (
                  <TableCell key={h} align={h === '품명' || h === '수량식' ? 'left' : 'right'}>
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r, index) => (
                // A recipe's lines have no id; their order is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <TableRow key={index}>
                  <TableCell>{r.line.name}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{r.line.quantity}</TableCell>
                  <TableCell align="right">
                    {r.error ? (
                      <Typography variant="body2" color="error">
                        {r.error}
                      </Typography>
                    ) : (
                      `${r.quantity?.toLocaleString('ko-KR', { maximumFractionDigits: 2 })} ${r.line.unit}`
                    )}
                  </TableCell>
                  <TableCell align="right">{r.price === undefined ? '—' : formatWon(r.price)}</TableCell>
                  <TableCell align="right">{r.amount === null ? '—' : formatWon(r.amount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell colSpan={4} align="right">
                  합계
                </TableCell>
                <TableCell align="right" data-testid="bom-preview-total">
                  {formatWon(total)}
                </TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
