import { type Decimal, dec, floorToInteger, roundHalfUp } from '../decimal';
import type { DesignDocument, DesignRoom } from '../design-document';
import { type EstimateCatalogue, lookup, type ProductInfo } from '../estimate-catalogue';
import {
  type Line,
  type LineBase,
  type LineKind,
  type LineSource,
  OWN_TRADES,
  type RefType,
  sortLines,
} from '../estimate-lines';
import { evaluateFormula, FormulaError } from '../formula';
import { mm2ToM2, mmToM, polygonAreaM2, polygonPerimeterMm, roomWallArea } from '../geometry';
import { recipeExplanation, shownDecimal } from '../packed-sources';

/**
 * The explosion as it was before it packed its sources as it went, every source an object: kept
 * only as the reference the tests hold the engine to (the same lines, problems and sources, to
 * the byte). Nothing else uses it.
 */

const text = (d: Decimal) => d.toFixed();
const shown = shownDecimal;

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
      const recipe = { bomId: bom.id, bomName: bom.name, line: index + 1, formula: line.quantity };
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
          recipe,
          base: baseText(b),
          quantity: text(quantity),
          explanation: recipeExplanation({ origin: use.origin, label: use.label, recipe }, (field) =>
            shown(field === 'quantity' ? quantity : b[field]),
          ),
        },
      });
    });
  }
}

/** The line key of merging: trade, kind, reference, unit and unit price (and the name of a free line). */
const mergeKey = (c: Contribution) =>
  JSON.stringify([c.trade, c.kind, c.refType, c.refId, c.unit, c.unitPrice, c.refType ? '' : c.name]);

/**
 * The BOM explosion of a design document: each room's floor, wall and ceiling materials (with
 * their loss and their BOMs), each product with its count (a Set as itself), each room's space
 * type BOM, each wall-drawing element's material; then lines merged, quantities rounded half-up
 * to 2 decimals, amounts floored to the won.
 */
export function explodeDesignBefore(
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
