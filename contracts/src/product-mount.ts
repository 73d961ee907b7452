import type { DesignDocument, DesignItem } from './design-document';

/**
 * How a catalogue product is mounted, and so where it stands in 3D: on the floor, on a wall at a
 * height, or hanging from the ceiling. The plan gives a product's place across the floor; the mount
 * and its elevation give its height.
 */
export const productMounts = ['floor', 'wall', 'ceiling'] as const;
export type ProductMount = (typeof productMounts)[number];
export const productMountLabels: Readonly<Record<ProductMount, string>> = {
  floor: '바닥',
  wall: '벽',
  ceiling: '천장',
};

/** A wall-mounted product naming no elevation: the bottom of a basin or a wall cabinet, roughly. */
export const DEFAULT_WALL_ELEVATION_MM = 900;
/** The ceiling where the plan has no room around a product and no wall to measure by. */
export const DEFAULT_CEILING_MM = 2_400;

/**
 * The mount of a product that names none, from the names of its category and the categories above
 * it: lights (조명, 천장등, 펜던트) hang from the ceiling, everything else stands on the floor.
 */
export function defaultMountOf(categoryNames: readonly string[]): ProductMount {
  return categoryNames.some((name) => /조명|천장등|펜던트|lamp|light/i.test(name)) ? 'ceiling' : 'floor';
}

export interface MountedProduct {
  /** Its height, mm. */
  height: number;
  mount?: ProductMount | null;
  /**
   * mm: for the floor and a wall, its bottom above the floor; from the ceiling, how far its top
   * hangs below the ceiling (0: flush).
   */
  elevation?: number | null;
}

/** The height of the ceiling over a point: the room around it, else the tallest wall. */
export function ceilingOver(
  doc: Pick<DesignDocument, 'rooms' | 'walls'>,
  at: { x: number; y: number },
): number {
  const room = doc.rooms.find((r) => r.polygon.length >= 3 && insidePolygon(at, r.polygon));
  if (room) return room.ceilingHeight;
  return doc.walls.reduce((tallest, w) => Math.max(tallest, w.height), 0) || DEFAULT_CEILING_MM;
}

/** The height of a placed product's bottom above the floor, mm. */
export function mountedBottom(
  doc: Pick<DesignDocument, 'rooms' | 'walls'>,
  item: Pick<DesignItem, 'x' | 'y'>,
  product: MountedProduct,
): number {
  const mount = product.mount ?? 'floor';
  if (mount === 'ceiling') return ceilingOver(doc, item) - (product.elevation ?? 0) - product.height;
  return product.elevation ?? (mount === 'wall' ? DEFAULT_WALL_ELEVATION_MM : 0);
}

/** Even-odd rule: a point on the outline may fall either way, which does not matter for a height. */
function insidePolygon(p: { x: number; y: number }, polygon: readonly { x: number; y: number }[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}
