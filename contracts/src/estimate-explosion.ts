import { type Decimal, dec, floorToInteger, roundHalfUp } from './decimal';
import type { DesignDocument, DesignRoom } from './design-document';
import { type EstimateCatalogue, lookup, type ProductInfo } from './estimate-catalogue';
import {
  type Line,
  type LineKind,
  type LineSource,
  OWN_TRADES,
  type RefType,
  sortLines,
} from './estimate-lines';
import { evaluateFormula, FormulaError } from './formula';
import { mm2ToM2, mmToM, polygonAreaM2, polygonPerimeterMm, roomWallArea } from './geometry';
import { ORIGINS, type PackedSource, renumberPacked, shownDecimal, unpackLine } from './packed-sources';

export type {
  BomInfo,
  BomLineInfo,
  EstimateCatalogue,
  Lookup,
  MaterialInfo,
  ProductInfo,
  WallDrawingElementInfo,
  WallDrawingInfo,
  WorkspaceInfo,
} from './estimate-catalogue';

/**
 * The BOM explosion of a design document into the lines of a 견적서: what the catalogue records
 * it names cost, how much of each the document uses and where each quantity came from. Quantities
 * go through exact decimals; amounts are integer won.
 *
 * Where each quantity came from is written as it goes in the compact shape a draft's event
 * carries (packed-sources.ts): each string once in a table, each source a tuple of indexes. A
 * draft of thousands of sources would otherwise build every source as an object only to take it
 * apart again, and check every recipe explanation it had just composed.
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
  /** in the explosion's own table of strings */
  source: PackedSource;
  /** the line it merges into (`mergeKey`) */
  key: string;
}

interface Base {
  area: Decimal;
  perimeter: Decimal;
  height: Decimal;
  count: Decimal;
}

/** A placement of a material (a room surface or a wall-drawing element) or of a product. */
interface Use {
  origin: LineSource['origin'];
  elementIds: string[];
  label: string;
  base: Base;
  /** what the base is, for the explanation ("12 ㎡", "31.71 ㎡ (둘레 …)") */
  baseExplanation: string;
  /** origin, element ids, label and base as the table holds them: the same for every source of the use */
  packed?: UseFields;
}

type UseFields = [origin: number, elementIds: number[], label: number, ...base: number[]];

/** A source of a use: its fields, then quantity, explanation (-1: composed), loss rate (-1: none), recipe. */
const sourceOf = (use: UseFields, rest: (number | PackedSource[10])[]): PackedSource =>
  [...use, ...rest] as PackedSource;

class Explosion {
  readonly contributions: Contribution[] = [];
  readonly problems: string[] = [];
  /** every distinct string of the sources, once, in order of first use */
  readonly strings: string[] = [];
  private readonly index = new Map<string, number>();
  private readonly keys = new Map<object, Map<string, string>>();
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

  /**
   * A contribution with the line it merges into. Its key is the same for every contribution of
   * one catalogue record (a material in one trade, a product, a recipe line), so it is worked out
   * once per record and trade, not once per room or item.
   */
  private add(record: object, contribution: Omit<Contribution, 'key'>): void {
    let byTrade = this.keys.get(record);
    if (!byTrade) {
      byTrade = new Map();
      this.keys.set(record, byTrade);
    }
    let key = byTrade.get(contribution.trade);
    if (key === undefined) {
      key = mergeKey(contribution);
      byTrade.set(contribution.trade, key);
    }
    this.contributions.push(Object.assign(contribution, { key }));
  }

  private at(value: string): number {
    let i = this.index.get(value);
    if (i === undefined) {
      i = this.strings.push(value) - 1;
      this.index.set(value, i);
    }
    return i;
  }

  private fields(use: Use): UseFields {
    if (!use.packed) {
      const { base } = use;
      use.packed = [
        ORIGINS.indexOf(use.origin),
        use.elementIds.map((id) => this.at(id)),
        this.at(use.label),
        this.at(text(base.area)),
        this.at(text(base.perimeter)),
        this.at(text(base.height)),
        this.at(text(base.count)),
      ];
    }
    return use.packed;
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
    this.add(material, {
      trade,
      kind: 'Material',
      refType: 'Material',
      refId: material.id,
      name: material.name,
      spec: material.spec ?? '',
      unit: material.unit,
      unitPrice: material.price,
      quantity,
      source: sourceOf(this.fields(use), [
        this.at(text(quantity)),
        this.at(`${use.label} ${use.baseExplanation}${lossText}`),
        this.at(text(loss)),
      ]),
    });
    this.bom(material.bomId, use, `자재 ${material.name}`);
  }

  product(product: ProductInfo, use: Use): void {
    this.add(product, {
      trade: OWN_TRADES.product,
      kind: 'Material',
      refType: 'Product',
      refId: product.id,
      name: product.name,
      spec: product.spec ?? '',
      unit: product.unit,
      unitPrice: product.price,
      quantity: use.base.count,
      source: sourceOf(this.fields(use), [
        this.at(text(use.base.count)),
        this.at(`${use.label} ${use.baseExplanation}`),
        -1,
      ]),
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
      this.add(line, {
        trade: line.trade,
        kind: line.kind,
        refType: ref ? refType : null,
        refId: ref ? refId : null,
        name: line.name || ref?.name || line.trade,
        spec: line.spec ?? ref?.spec ?? '',
        unit: line.unit || ref?.unit || '',
        unitPrice: unitPrice ?? 0,
        quantity,
        // The explanation is left to be composed from these fields (`recipeExplanation`), as it
        // would read the same.
        source: sourceOf(this.fields(use), [
          this.at(text(quantity)),
          -1,
          -1,
          [bom.id, this.at(bom.name), index + 1, this.at(line.quantity)],
        ]),
      });
    });
  }
}

/** The line key of merging: trade, kind, reference, unit and unit price (and the name of a free line). */
const mergeKey = (c: Omit<Contribution, 'key'>) =>
  JSON.stringify([c.trade, c.kind, c.refType, c.refId, c.unit, c.unitPrice, c.refType ? '' : c.name]);

/** A line of the explosion; its sources are apart, in the compact shape. */
export type ExplodedLine = Omit<Line, 'sources'>;

export interface PackedExplosion {
  /** in 견적서 order */
  lines: ExplodedLine[];
  /** every distinct string of the sources once, and the sources of each line by its place in `lines` */
  sources: { strings: string[]; lines: PackedSource[][] };
  problems: string[];
}

/** The explosion with each line's sources as objects (the editor's panel, the preview, the PDF). */
export function explodeDesign(
  doc: DesignDocument,
  catalogue: EstimateCatalogue,
): { lines: Line[]; problems: string[] } {
  const { lines, sources, problems } = explodeDesignPacked(doc, catalogue);
  return {
    lines: lines.map((line, i) => ({ ...line, sources: unpackLine(sources.strings, sources.lines[i]!) })),
    problems,
  };
}

/**
 * The BOM explosion of a design document: each room's floor, wall and ceiling materials (with
 * their loss and their BOMs), each product with its count (a Set as itself), each room's space
 * type BOM, each wall-drawing element's material; then lines merged, quantities rounded half-up
 * to 2 decimals, amounts floored to the won.
 */
export function explodeDesignPacked(doc: DesignDocument, catalogue: EstimateCatalogue): PackedExplosion {
  const x = new Explosion(catalogue);
  const drawingsOnWalls = doc.wallDrawings.map((placed) => ({
    placed,
    drawing: lookup(catalogue.wallDrawings, placed.wallDrawingId),
  }));

  const wallDrawingElements = drawingsOnWalls.map(({ placed, drawing }) => ({
    wallId: placed.wallId,
    elements: drawing?.elements ?? [],
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
        wallDrawings: wallDrawingElements,
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

  const merged = mergeContributions(x.contributions);
  return {
    lines: merged.map(({ line }) => line),
    // The table in the order a reader meets its strings, line by line, as packing objects gives it.
    sources: renumberPacked(
      x.strings,
      merged.map(({ sources }) => sources),
    ),
    problems: x.problems,
  };
}

function mergeContributions(
  contributions: readonly Contribution[],
): { line: ExplodedLine; sources: PackedSource[] }[] {
  const merged = new Map<string, { first: Contribution; quantity: Decimal; sources: PackedSource[] }>();
  for (const c of contributions) {
    const m = merged.get(c.key);
    if (m) {
      m.quantity = m.quantity.plus(c.quantity);
      m.sources.push(c.source);
    } else merged.set(c.key, { first: c, quantity: c.quantity, sources: [c.source] });
  }
  const lines = [...merged.values()].map(({ first, quantity, sources }) => {
    const rounded = roundHalfUp(quantity, 2);
    const line: ExplodedLine = {
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
    };
    return { line, sources, trade: line.trade, kind: line.kind };
  });
  return sortLines(lines);
}
