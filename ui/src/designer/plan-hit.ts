import { type DesignDocument, type DesignPoint, type DesignWall, itemTopView } from '@interior/contracts';
import type { Selected } from './edit';
import type { ProductSize } from './PlanCanvas';
import { wallAxes } from './plan-geometry';
import { pointInPolygon } from './rooms-from-walls';

/** A point in a wall's own terms: how far along it from `a`, how far off its line, and its length. */
function alongWall(p: DesignPoint, wall: DesignWall) {
  const { length, ux, uy, nx, ny } = wallAxes(wall);
  const x = p.x - wall.a.x;
  const y = p.y - wall.a.y;
  return { along: x * ux + y * uy, across: Math.abs(x * nx + y * ny), length: length || 1 };
}

/** Whether a point falls on the stretch `offset`…`offset + width` of a wall, within `half` of its line. */
function onStretch(p: DesignPoint, wall: DesignWall, offset: number, width: number, half: number) {
  const { along, across } = alongWall(p, wall);
  return along >= offset && along <= offset + width && across <= half;
}

/**
 * The element of the plan under a point, as the plan draws them one over another (products on top,
 * then wall drawings, doors and windows, walls, and rooms at the bottom; among the same kind the one
 * drawn last): what a click there picks when the plan is drawn on a canvas. `slack` (mm) widens thin
 * strokes, so a wall a pixel wide at a distant zoom can still be clicked.
 */
export function elementAt(
  doc: DesignDocument,
  point: DesignPoint,
  products: ReadonlyMap<number, ProductSize>,
  wallDrawingWidth: (wallDrawingId: number) => number | undefined,
  slack = 0,
): Selected | null {
  for (let i = doc.items.length - 1; i >= 0; i--) {
    const item = doc.items[i]!;
    const view = itemTopView(item, products.get(item.productId));
    // Into the product's own frame: turned back by its rotation about its centre.
    const angle = (-item.rotation * Math.PI) / 180;
    const dx = point.x - item.x;
    const dy = point.y - item.y;
    const x = item.x + dx * Math.cos(angle) - dy * Math.sin(angle);
    const y = item.y + dx * Math.sin(angle) + dy * Math.cos(angle);
    if (x >= view.x && x <= view.x + view.width && y >= view.y && y <= view.y + view.height)
      return { kind: 'item', id: item.id };
  }
  const walls = new Map(doc.walls.map((w) => [w.id, w]));
  for (let i = doc.wallDrawings.length - 1; i >= 0; i--) {
    const placed = doc.wallDrawings[i]!;
    const wall = walls.get(placed.wallId);
    const width = wallDrawingWidth(placed.wallDrawingId) ?? 1000;
    // Its strokes lie 0.3 of the wall's thickness off its line, 0.35 of it wide.
    if (wall && onStretch(point, wall, placed.offset, width, wall.thickness * 0.475 + slack))
      return { kind: 'wallDrawing', id: placed.id };
  }
  for (let i = doc.openings.length - 1; i >= 0; i--) {
    const opening = doc.openings[i]!;
    const wall = walls.get(opening.wallId);
    if (wall && onStretch(point, wall, opening.offset, opening.width, wall.thickness * 0.7 + slack))
      return { kind: 'opening', id: opening.id };
  }
  for (let i = doc.walls.length - 1; i >= 0; i--) {
    const wall = doc.walls[i]!;
    // Drawn with square ends: half the thickness past each end too.
    const half = wall.thickness / 2 + slack;
    if (onStretch(point, wall, -half, alongWall(point, wall).length + 2 * half, half))
      return { kind: 'wall', id: wall.id };
  }
  for (let i = doc.rooms.length - 1; i >= 0; i--) {
    const room = doc.rooms[i]!;
    if (room.polygon.length >= 3 && pointInPolygon(point, room.polygon)) return { kind: 'room', id: room.id };
  }
  return null;
}
