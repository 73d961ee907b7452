import { type Decimal, dec } from './decimal';
import { type LineKind, lineAmount } from './estimate-lines';

/**
 * The totals of a Korean 견적서 (공사원가 rule) over priced lines: M, L, E, D, G, P, 단수정리, S, V, T.
 * docs/estimates.md explains the rule with a worked example.
 */

/** The shipped system values of the rates the totals use, when no effective value is given. */
export const DEFAULT_RATES = { OVERHEAD_RATE: '0.06', PROFIT_RATE: '0.15' } as const;
export const VAT_RATE = '0.1';
/** 단수정리 cuts the supply price down to a whole thousand won. */
export const ROUNDING_UNIT = 1_000;

export type Constants = Readonly<Record<string, number | string>>;

/** The rates a draft's totals use, as decimal text (kept with the draft, so its edits use the same). */
export type EstimateRates = Record<keyof typeof DEFAULT_RATES, string>;

/** The rates of the totals from the effective constants, the shipped values for those not given. */
export function estimateRates(constants: Constants): EstimateRates {
  const text = (key: keyof typeof DEFAULT_RATES) =>
    Object.hasOwn(constants, key) ? String(constants[key]) : DEFAULT_RATES[key];
  return { OVERHEAD_RATE: text('OVERHEAD_RATE'), PROFIT_RATE: text('PROFIT_RATE') };
}

export interface Totals {
  /** 재료비 M */
  material: number;
  /** 노무비 L */
  labour: number;
  /** 경비 E */
  expense: number;
  /** 직접공사비 D = M + L + E */
  direct: number;
  /** 일반관리비 G = ⌊D × OVERHEAD_RATE⌋ */
  overhead: number;
  /** 이윤 P = ⌊(L + E + G) × PROFIT_RATE⌋ */
  profit: number;
  /** 단수정리 = (D + G + P) mod 1,000, subtracted */
  rounding: number;
  /** 공급가액 S = D + G + P − 단수정리 */
  supply: number;
  /** 부가가치세 V = ⌊S × 0.1⌋ */
  vat: number;
  /** 합계 T = S + V */
  total: number;
}

const rate = (constants: Constants, key: keyof typeof DEFAULT_RATES) =>
  dec(constants[key] ?? DEFAULT_RATES[key]);

/**
 * The totals of priced lines (a computed draft, or one whose quantities and prices were edited
 * and free lines added): each amount is recomputed as ⌊round₂(quantity) × unitPrice⌋, then
 * M, L, E, D, G, P, 단수정리, S, V, T.
 */
export function totalsOf(
  lines: readonly { kind: LineKind; quantity: number | string; unitPrice: number }[],
  constants: Constants = {},
): Totals {
  const sums: Record<LineKind, Decimal> = { Material: dec(0), Labour: dec(0), Expense: dec(0) };
  for (const line of lines) sums[line.kind] = sums[line.kind].plus(lineAmount(line.quantity, line.unitPrice));
  const m = sums.Material;
  const l = sums.Labour;
  const e = sums.Expense;
  const d = m.plus(l).plus(e);
  const g = d.times(rate(constants, 'OVERHEAD_RATE')).floor();
  const p = l.plus(e).plus(g).times(rate(constants, 'PROFIT_RATE')).floor();
  const beforeRounding = d.plus(g).plus(p);
  // A true modulo (never negative), so that a negative sum is also cut down to a thousand.
  const rounding = beforeRounding.minus(beforeRounding.div(ROUNDING_UNIT).floor().times(ROUNDING_UNIT));
  const s = beforeRounding.minus(rounding);
  const v = s.times(VAT_RATE).floor();
  return {
    material: m.toNumber(),
    labour: l.toNumber(),
    expense: e.toNumber(),
    direct: d.toNumber(),
    overhead: g.toNumber(),
    profit: p.toNumber(),
    rounding: rounding.toNumber(),
    supply: s.toNumber(),
    vat: v.toNumber(),
    total: s.plus(v).toNumber(),
  };
}

/** Korean labels of the totals, in 견적서 order. */
export const TOTAL_LABELS: readonly { key: keyof Totals; label: string }[] = [
  { key: 'material', label: '재료비' },
  { key: 'labour', label: '노무비' },
  { key: 'expense', label: '경비' },
  { key: 'direct', label: '직접공사비' },
  { key: 'overhead', label: '일반관리비' },
  { key: 'profit', label: '이윤' },
  { key: 'rounding', label: '단수정리' },
  { key: 'supply', label: '공급가액' },
  { key: 'vat', label: '부가가치세' },
  { key: 'total', label: '합계' },
];
