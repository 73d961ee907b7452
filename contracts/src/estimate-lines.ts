import { floorToInteger, roundHalfUp } from './decimal';

/**
 * The lines of a Korean 견적서: their kinds and trades (공종), their order, and how a line's amount
 * is priced. Shared by the explosion (estimate-explosion.ts), the totals (estimate-totals.ts), the
 * edited draft and the PDF.
 */

export type LineKind = 'Material' | 'Labour' | 'Expense';
export const LINE_KINDS: readonly LineKind[] = ['Material', 'Labour', 'Expense'];
export type RefType = 'Material' | 'Product';

/** The trades (공종) of the materials' and products' own lines. */
export const OWN_TRADES = { floor: '바닥', wall: '벽체', ceiling: '천장', product: '가구·제품' } as const;

/** The order in which a 견적서 lists the trades; others follow in Korean alphabetical order. */
export const TRADE_ORDER: readonly string[] = [
  '철거',
  '목공',
  '전기',
  '설비',
  '타일',
  '도장',
  '도배',
  '바닥',
  '벽체',
  '천장',
  '가구·제품',
  '가구',
  '기타',
];

/** The base a line was computed on: ㎡, m, m and a count, as exact decimal text. */
export interface LineBase {
  area: string;
  perimeter: string;
  height: string;
  count: string;
}

/** Where (part of) a line's quantity came from. */
export interface LineSource {
  origin: 'room' | 'item' | 'wallDrawing';
  /** the document elements (room, items and openings, or placed wall drawing) */
  elementIds: string[];
  /** e.g. "거실 바닥" */
  label: string;
  /** the recipe line, when the quantity came from a BOM */
  recipe?: { bomId: number; bomName: string; line: number; formula: string };
  lossRate?: string;
  base: LineBase;
  /** this source's share of the quantity, before rounding */
  quantity: string;
  /** e.g. "거실 바닥 12 ㎡ × (1 + 0.05)" */
  explanation: string;
}

export interface Line {
  trade: string;
  kind: LineKind;
  refType: RefType | null;
  refId: number | null;
  name: string;
  spec: string;
  unit: string;
  /** rounded half-up to 2 decimals */
  quantity: number;
  /** 원 */
  unitPrice: number;
  /** ⌊quantity × unitPrice⌋ 원 */
  amount: number;
  /** empty for a line added by hand */
  sources?: LineSource[];
}

const tradeRank = (trade: string) => {
  const i = TRADE_ORDER.indexOf(trade);
  return i < 0 ? TRADE_ORDER.length : i;
};

/** Lines in 견적서 order: by trade, then Material, Labour, Expense, keeping their order otherwise. */
export function sortLines<L extends { trade: string; kind: LineKind }>(lines: readonly L[]): L[] {
  return lines
    .map((line, index) => ({ line, index }))
    .sort(
      (a, b) =>
        tradeRank(a.line.trade) - tradeRank(b.line.trade) ||
        (tradeRank(a.line.trade) === TRADE_ORDER.length
          ? a.line.trade.localeCompare(b.line.trade, 'ko')
          : 0) ||
        LINE_KINDS.indexOf(a.line.kind) - LINE_KINDS.indexOf(b.line.kind) ||
        a.index - b.index,
    )
    .map((x) => x.line);
}

/** ⌊quantity × unitPrice⌋ won, with the quantity first rounded half-up to 2 decimals. */
export function lineAmount(quantity: number | string, unitPrice: number): number {
  return floorToInteger(roundHalfUp(quantity, 2).times(unitPrice));
}

/** Lines with their quantity rounded to 2 decimals and their amount recomputed (after edits). */
export function priceLines<L extends { quantity: number | string; unitPrice: number }>(
  lines: readonly L[],
): (L & { quantity: number; amount: number })[] {
  return lines.map((line) => ({
    ...line,
    quantity: roundHalfUp(line.quantity, 2).toNumber(),
    amount: lineAmount(line.quantity, line.unitPrice),
  }));
}

export interface TradeGroup<L> {
  trade: string;
  lines: L[];
  /** Σ amount of the group's lines */
  subtotal: number;
}

/** Lines grouped by 공종 in 견적서 order, each group with its subtotal. */
export function groupByTrade<L extends { trade: string; kind: LineKind; amount: number }>(
  lines: readonly L[],
): TradeGroup<L>[] {
  const groups = new Map<string, TradeGroup<L>>();
  for (const line of sortLines(lines)) {
    const group = groups.get(line.trade) ?? { trade: line.trade, lines: [], subtotal: 0 };
    group.lines.push(line);
    group.subtotal += line.amount;
    groups.set(line.trade, group);
  }
  return [...groups.values()];
}

export const KIND_LABELS: Readonly<Record<LineKind, string>> = {
  Material: '재료비',
  Labour: '노무비',
  Expense: '경비',
};
