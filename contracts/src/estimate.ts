import { type Decimal, dec, floorToInteger, roundHalfUp } from './decimal';
import type { DesignDocument, DesignRoom } from './design-document';
import { evaluateFormula, FormulaError } from './formula';
import { mm2ToM2, mmToM, polygonAreaM2, polygonPerimeterMm, roomWallArea } from './geometry';

/**
 * The BOM explosion and the totals of a Korean 견적서 (공사원가 rule), as pure functions shared by
 * the estimate draft, the editor's live panel and the PDF. Quantities and money go through exact
 * decimals; amounts are integer won. docs/estimates.md explains the rules with a worked example.
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

/** The shipped system values of the rates the totals use, when no effective value is given. */
export const DEFAULT_RATES = { OVERHEAD_RATE: '0.06', PROFIT_RATE: '0.15' } as const;
export const VAT_RATE = '0.1';
/** 단수정리 cuts the supply price down to a whole thousand won. */
export const ROUNDING_UNIT = 1_000;

export interface MaterialInfo {
  id: number;
  name: string;
  spec?: string | null;
  unit: string;
  /** 원 per unit */
  price: number;
  /** 0 to 0.5; a material saved without one has no loss */
  lossRate: number | string | null | undefined;
  bomId?: number | null;
}

export interface ProductInfo {
  id: number;
  name: string;
  spec?: string | null;
  unit: string;
  price: number;
  /** A Set counts as itself (its own price and BOM), never as its components. */
  kind: 'Single' | 'Set';
  bomId?: number | null;
}

export interface WorkspaceInfo {
  id: number;
  name: string;
  bomId?: number | null;
}

export interface BomLineInfo {
  trade: string;
  kind: LineKind;
  refType?: RefType | null;
  refId?: number | null;
  name?: string | null;
  spec?: string | null;
  unit?: string | null;
  /** the quantity formula */
  quantity: string;
  /** 원; when absent, the referenced material's or product's price */
  unitPrice?: number | null;
}

export interface BomInfo {
  id: number;
  name: string;
  lines: readonly BomLineInfo[];
}

export interface WallDrawingElementInfo {
  materialId: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WallDrawingInfo {
  id: number;
  name: string;
  width: number;
  height: number;
  elements: readonly WallDrawingElementInfo[];
}

/** A lookup by record id: a Map, or a plain object keyed by id (as JSON gives it). */
export type Lookup<T> = ReadonlyMap<number, T> | Readonly<Record<string, T>>;

export type Constants = Readonly<Record<string, number | string>>;

export interface EstimateCatalogue {
  materials: Lookup<MaterialInfo>;
  products: Lookup<ProductInfo>;
  workspaces: Lookup<WorkspaceInfo>;
  boms: Lookup<BomInfo>;
  wallDrawings: Lookup<WallDrawingInfo>;
  /** effective BOM constants by key (OVERHEAD_RATE, PROFIT_RATE, …) */
  constants: Constants;
}

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

export interface Estimate {
  lines: Line[];
  totals: Totals;
  /** Korean notes on what could not be priced (a missing record, a formula that failed) */
  problems: string[];
}

function lookup<T>(map: Lookup<T>, id: number | null | undefined): T | undefined {
  if (id == null) return undefined;
  if (map instanceof Map) return map.get(id);
  const record = map as Readonly<Record<string, T>>;
  return Object.hasOwn(record, String(id)) ? record[String(id)] : undefined;
}

const text = (d: Decimal) => d.toFixed();
/** For explanations: exact when short, else ≈ to 4 decimals (a diagonal wall's length). */
const shown = (d: Decimal) => (d.decimalPlaces() > 4 ? `≈${roundHalfUp(d, 4).toFixed()}` : d.toFixed());

interface Contribution {
  trade: string;
  kind: LineKind;
  refType: RefType | null;
  refId: number | null;
  name: string;
  spec: string;
  unit: string;
  unitPrice: number;
  quantity: Decimal;
  source: LineSource;
}

interface Base {
  area: Decimal;
  perimeter: Decimal;
  height: Decimal;
  count: Decimal;
}

const baseText = (b: Base): LineBase => ({
  area: text(b.area),
  perimeter: text(b.perimeter),
  height: text(b.height),
  count: text(b.count),
});

/** A placement of a material (a room surface or a wall-drawing element) or of a product. */
interface Use {
  origin: LineSource['origin'];
  elementIds: string[];
  label: string;
  base: Base;
  /** what the base is, for the explanation ("12 ㎡", "31.71 ㎡ (둘레 …)") */
  baseExplanation: string;
}

class Explosion {
  readonly contributions: Contribution[] = [];
  readonly problems: string[] = [];
  private readonly scopeConstants: Record<string, Decimal> = {};

  constructor(private readonly catalogue: EstimateCatalogue) {
    for (const [key, value] of Object.entries(catalogue.constants)) {
      try {
        this.scopeConstants[key] = dec(value);
      } catch {
        this.problems.push(`상수 ${key}의 값이 숫자가 아닙니다.`);
      }
    }
  }

  material(trade: string, materialId: number, use: Use): void {
    const material = lookup(this.catalogue.materials, materialId);
    if (!material) {
      this.problems.push(`${use.label}: 자재 #${materialId}을(를) 찾을 수 없습니다.`);
      return;
    }
    const loss = dec(material.lossRate ?? 0);
    const quantity = use.base.area.times(loss.plus(1));
    const lossText = loss.isZero() ? '' : ` × (1 + ${shown(loss)})`;
    this.contributions.push({
      trade,
      kind: 'Material',
      refType: 'Material',
      refId: material.id,
      name: material.name,
      spec: material.spec ?? '',
      unit: material.unit,
      unitPrice: material.price,
      quantity,
      source: {
        origin: use.origin,
        elementIds: use.elementIds,
        label: use.label,
        lossRate: text(loss),
        base: baseText(use.base),
        quantity: text(quantity),
        explanation: `${use.label} ${use.baseExplanation}${lossText}`,
      },
    });
    this.bom(material.bomId, use, `자재 ${material.name}`);
  }

  product(product: ProductInfo, use: Use): void {
    this.contributions.push({
      trade: OWN_TRADES.product,
      kind: 'Material',
      refType: 'Product',
      refId: product.id,
      name: product.name,
      spec: product.spec ?? '',
      unit: product.unit,
      unitPrice: product.price,
      quantity: use.base.count,
      source: {
        origin: use.origin,
        elementIds: use.elementIds,
        label: use.label,
        base: baseText(use.base),
        quantity: text(use.base.count),
        explanation: `${use.label} ${use.baseExplanation}`,
      },
    });
    this.bom(product.bomId, use, `제품 ${product.name}`);
  }

  /** The lines of a BOM recipe, each formula evaluated on the use's base and the constants. */
  bom(bomId: number | null | undefined, use: Use, owner: string): void {
    if (bomId == null) return;
    const bom = lookup(this.catalogue.boms, bomId);
    if (!bom) {
      this.problems.push(`${use.label}: ${owner}의 BOM #${bomId}을(를) 찾을 수 없습니다.`);
      return;
    }
    const scope = {
      ...this.scopeConstants,
      area: use.base.area,
      perimeter: use.base.perimeter,
      height: use.base.height,
      count: use.base.count,
    };
    bom.lines.forEach((line, index) => {
      const where = `${use.label}: BOM '${bom.name}' ${index + 1}행`;
      let quantity: Decimal;
      try {
        quantity = evaluateFormula(line.quantity, scope);
      } catch (error) {
        if (!(error instanceof FormulaError)) throw error;
        this.problems.push(`${where}: ${error.message}`);
        return;
      }
      const refType = line.refType ?? null;
      const refId = refType ? (line.refId ?? null) : null;
      const ref =
        refType === 'Material'
          ? lookup(this.catalogue.materials, refId)
          : refType === 'Product'
            ? lookup(this.catalogue.products, refId)
            : undefined;
      if (refType && !ref) {
        this.problems.push(
          `${where}: 참조한 ${refType === 'Material' ? '자재' : '제품'} #${refId}을(를) 찾을 수 없습니다.`,
        );
      }
      const unitPrice = line.unitPrice ?? ref?.price;
      if (unitPrice == null) {
        this.problems.push(`${where}: 단가가 없어 0원으로 계산했습니다.`);
      }
      const b = use.base;
      this.contributions.push({
        trade: line.trade,
        kind: line.kind,
        refType: ref ? refType : null,
        refId: ref ? refId : null,
        name: line.name || ref?.name || line.trade,
        spec: line.spec ?? ref?.spec ?? '',
        unit: line.unit || ref?.unit || '',
        unitPrice: unitPrice ?? 0,
        quantity,
        source: {
          origin: use.origin,
          elementIds: use.elementIds,
          label: use.label,
          recipe: { bomId: bom.id, bomName: bom.name, line: index + 1, formula: line.quantity },
          base: baseText(b),
          quantity: text(quantity),
          explanation: `${use.label} (${
            use.origin === 'item'
              ? `수량 ${shown(b.count)}`
              : `면적 ${shown(b.area)} ㎡, 둘레 ${shown(b.perimeter)} m, 높이 ${shown(b.height)} m`
          }): BOM '${bom.name}' ${index + 1}행 ${line.quantity} = ${shown(quantity)}`,
        },
      });
    });
  }
}

/** The line key of merging: trade, kind, reference, unit and unit price (and the name of a free line). */
const mergeKey = (c: Contribution) =>
  JSON.stringify([c.trade, c.kind, c.refType, c.refId, c.unit, c.unitPrice, c.refType ? '' : c.name]);

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

/**
 * The BOM explosion of a design document: each room's floor, wall and ceiling materials (with
 * their loss and their BOMs), each product with its count (a Set as itself), each room's space
 * type BOM, each wall-drawing element's material; then lines merged, quantities rounded half-up
 * to 2 decimals, amounts floored to the won.
 */
export function explodeDesign(
  doc: DesignDocument,
  catalogue: EstimateCatalogue,
): { lines: Line[]; problems: string[] } {
  const x = new Explosion(catalogue);
  const drawingsOnWalls = doc.wallDrawings.map((placed) => ({
    placed,
    drawing: lookup(catalogue.wallDrawings, placed.wallDrawingId),
  }));

  // 1. rooms: floor, walls, ceiling
  const roomBases = new Map<string, { room: DesignRoom; floor: Base }>();
  for (const room of doc.rooms) {
    const area = polygonAreaM2(room.polygon);
    const perimeterMm = polygonPerimeterMm(room.polygon);
    const perimeter = mmToM(perimeterMm);
    const height = mmToM(room.ceilingHeight);
    const floor: Base = { area, perimeter, height, count: dec(1) };
    roomBases.set(room.id, { room, floor });
    const use = (surface: string, base: Base, baseExplanation: string): Use => ({
      origin: 'room',
      elementIds: [room.id],
      label: `${room.name} ${surface}`,
      base,
      baseExplanation,
    });
    if (room.floorMaterialId != null) {
      x.material(OWN_TRADES.floor, room.floorMaterialId, use('바닥', floor, `${shown(area)} ㎡`));
    }
    if (room.wallMaterialId != null) {
      const wall = roomWallArea({
        polygon: room.polygon,
        perimeterMm,
        ceilingHeight: room.ceilingHeight,
        walls: doc.walls,
        openings: doc.openings,
        wallDrawings: drawingsOnWalls.map(({ placed, drawing }) => ({
          wallId: placed.wallId,
          elements: drawing?.elements ?? [],
        })),
      });
      const parts = [`둘레 ${shown(perimeter)} m × 높이 ${shown(height)} m`];
      if (wall.openingsMm2 > 0) parts.push(`개구부 ${shown(mm2ToM2(wall.openingsMm2))} ㎡`);
      if (wall.wallDrawingsMm2 > 0) parts.push(`벽 장식 ${shown(mm2ToM2(wall.wallDrawingsMm2))} ㎡`);
      x.material(
        OWN_TRADES.wall,
        room.wallMaterialId,
        use('벽', { ...floor, area: wall.netM2 }, `${shown(wall.netM2)} ㎡ (${parts.join(' − ')})`),
      );
    }
    if (room.ceilingMaterialId != null) {
      x.material(OWN_TRADES.ceiling, room.ceilingMaterialId, use('천장', floor, `${shown(area)} ㎡`));
    }
  }

  // 2. products: the items of each product (and doors or windows that name one), counted together
  const placements = new Map<number, { ids: string[]; count: number }>();
  const place = (productId: number, id: string, quantity: number) => {
    const p = placements.get(productId) ?? { ids: [], count: 0 };
    p.ids.push(id);
    p.count += quantity;
    placements.set(productId, p);
  };
  for (const item of doc.items) place(item.productId, item.id, item.quantity ?? 1);
  for (const opening of doc.openings) if (opening.productId != null) place(opening.productId, opening.id, 1);
  for (const [productId, p] of placements) {
    const product = lookup(catalogue.products, productId);
    if (!product) {
      x.problems.push(`제품 #${productId}을(를) 찾을 수 없습니다.`);
      continue;
    }
    const zero = dec(0);
    x.product(product, {
      origin: 'item',
      elementIds: p.ids,
      label: product.name,
      base: { area: zero, perimeter: zero, height: zero, count: dec(p.count) },
      baseExplanation: `${p.count}${product.unit === 'EA' ? '개' : ` ${product.unit}`} (배치 ${p.ids.length}곳)`,
    });
  }

  // 3. each room's space type
  for (const { room, floor } of roomBases.values()) {
    if (room.workspaceId == null) continue;
    const workspace = lookup(catalogue.workspaces, room.workspaceId);
    if (!workspace) {
      x.problems.push(`${room.name}: 공간 유형 #${room.workspaceId}을(를) 찾을 수 없습니다.`);
      continue;
    }
    x.bom(
      workspace.bomId,
      {
        origin: 'room',
        elementIds: [room.id],
        label: `${room.name} (${workspace.name})`,
        base: floor,
        baseExplanation: `${shown(floor.area)} ㎡`,
      },
      `공간 유형 ${workspace.name}`,
    );
  }

  // 4. wall-drawing elements: their material on their own area
  for (const { placed, drawing } of drawingsOnWalls) {
    if (!drawing) {
      x.problems.push(`벽 장식 #${placed.wallDrawingId}을(를) 찾을 수 없습니다.`);
      continue;
    }
    drawing.elements.forEach((element, i) => {
      const area = mm2ToM2(element.width * element.height);
      const w = mmToM(element.width);
      const h = mmToM(element.height);
      x.material(OWN_TRADES.wall, element.materialId, {
        origin: 'wallDrawing',
        elementIds: [placed.id],
        label: `${drawing.name} 요소 ${i + 1}`,
        base: { area, perimeter: w.plus(h).times(2), height: h, count: dec(1) },
        baseExplanation: `${shown(w)} m × ${shown(h)} m = ${shown(area)} ㎡`,
      });
    });
  }

  return { lines: mergeContributions(x.contributions), problems: x.problems };
}

function mergeContributions(contributions: readonly Contribution[]): Line[] {
  const merged = new Map<string, { first: Contribution; quantity: Decimal; sources: LineSource[] }>();
  for (const c of contributions) {
    const key = mergeKey(c);
    const m = merged.get(key);
    if (m) {
      m.quantity = m.quantity.plus(c.quantity);
      m.sources.push(c.source);
    } else merged.set(key, { first: c, quantity: c.quantity, sources: [c.source] });
  }
  const lines = [...merged.values()].map(({ first, quantity, sources }): Line => {
    const rounded = roundHalfUp(quantity, 2);
    return {
      trade: first.trade,
      kind: first.kind,
      refType: first.refType,
      refId: first.refId,
      name: first.name,
      spec: first.spec,
      unit: first.unit,
      quantity: rounded.toNumber(),
      unitPrice: first.unitPrice,
      amount: floorToInteger(rounded.times(first.unitPrice)),
      sources,
    };
  });
  return sortLines(lines);
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

/** The explosion and its totals: the draft of an estimate. */
export function computeEstimate(doc: DesignDocument, catalogue: EstimateCatalogue): Estimate {
  const { lines, problems } = explodeDesign(doc, catalogue);
  return { lines, totals: totalsOf(lines, catalogue.constants), problems };
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

export const KIND_LABELS: Readonly<Record<LineKind, string>> = {
  Material: '재료비',
  Labour: '노무비',
  Expense: '경비',
};
