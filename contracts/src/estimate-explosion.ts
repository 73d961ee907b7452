import { dec } from './decimal';
import type { DesignDocument, DesignRoom } from './design-document';
import { type EstimateCatalogue, lookup } from './estimate-catalogue';
import {
  type Base,
  type ExplodedLine,
  Explosion,
  mergeContributions,
  shown,
  type Use,
} from './estimate-contributions';
import { type Line, OWN_TRADES } from './estimate-lines';
import { mm2ToM2, mmToM, polygonAreaM2, polygonPerimeterMm, roomWallArea } from './geometry';
import { type PackedSource, renumberPacked, unpackLine } from './packed-sources';

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
export type { ExplodedLine } from './estimate-contributions';

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
