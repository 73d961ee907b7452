import {
  type DesignDocument,
  type DesignItem,
  type DesignOpening,
  type DesignPoint,
  type DesignRoom,
  type DesignWall,
  polygonAreaM2,
  roundHalfUp,
  wallBelongsToRoom,
} from '@interior/contracts';
import { pointInPolygon, uncoveredFaces } from './rooms-from-walls';

/**
 * The editor's edits as pure functions of the document (docs/designer.md): each returns a new
 * document and leaves the one it was given alone, so undo is keeping the previous one.
 */

export type ElementKind = 'room' | 'wallDrawing' | 'wall' | 'opening' | 'item';
/** One element of the document, by its kind and id. */
export interface Selected {
  kind: ElementKind;
  id: string;
}
export type Selection = Selected | null;

/** Defaults of new elements, from the design properties in effect (WALL_HEIGHT …). */
export interface EditDefaults {
  wallHeight: number;
  wallThickness: number;
  doorHeight: number;
  windowSill: number;
  grid: number;
}

export const snap = (value: number, grid: number) => Math.round(value / grid) * grid;

/** An id not yet used in the document: the prefix and the next number. */
export function nextElementId(doc: DesignDocument, prefix: string): string {
  return idMaker(doc)(prefix);
}

/** The rectangle between two opposite corners, whichever way it was dragged. */
export function rectBetween(from: DesignPoint, to: DesignPoint) {
  return {
    x: Math.min(from.x, to.x),
    y: Math.min(from.y, to.y),
    width: Math.abs(to.x - from.x),
    height: Math.abs(to.y - from.y),
  };
}

/** A rectangular room between two corners, with its four walls (room `name`, ceiling = wall height). */
export function addRectangleRoom(
  doc: DesignDocument,
  from: DesignPoint,
  to: DesignPoint,
  name: string,
  defaults: EditDefaults,
): { doc: DesignDocument; roomId: string } {
  const { x, y, width, height } = rectBetween(from, to);
  return addPolygonRoom(
    doc,
    [
      { x, y },
      { x: x + width, y },
      { x: x + width, y: y + height },
      { x, y: y + height },
    ],
    { name, ceilingHeight: defaults.wallHeight },
    defaults,
  );
}

/** A room of any outline, with a wall on each edge (a wall already on an edge is shared, not doubled). */
export function addPolygonRoom(
  doc: DesignDocument,
  corners: DesignPoint[],
  room: Omit<DesignRoom, 'id' | 'polygon'>,
  defaults: EditDefaults,
): { doc: DesignDocument; roomId: string } {
  let next = doc;
  for (let i = 0; i < corners.length; i++) {
    const a = corners[i]!;
    const b = corners[(i + 1) % corners.length]!;
    const existing = next.walls.find((w) => (same(w.a, a) && same(w.b, b)) || (same(w.a, b) && same(w.b, a)));
    if (existing) continue;
    const wall: DesignWall = {
      id: nextElementId(next, 'w'),
      a,
      b,
      thickness: defaults.wallThickness,
      height: defaults.wallHeight,
    };
    next = { ...next, walls: [...next.walls, wall] };
  }
  const made: DesignRoom = { ...room, id: nextElementId(next, 'r'), polygon: corners };
  return { doc: { ...next, rooms: [...next.rooms, made] }, roomId: made.id };
}

/** A free-standing wall between two points (none when one already stands there or the points meet). */
export function addWall(
  doc: DesignDocument,
  a: DesignPoint,
  b: DesignPoint,
  defaults: EditDefaults,
): { doc: DesignDocument; wallId: string } | null {
  if (same(a, b)) return null;
  if (doc.walls.some((w) => (same(w.a, a) && same(w.b, b)) || (same(w.a, b) && same(w.b, a)))) return null;
  const wall: DesignWall = {
    id: nextElementId(doc, 'w'),
    a,
    b,
    thickness: defaults.wallThickness,
    height: defaults.wallHeight,
  };
  return { doc: { ...doc, walls: [...doc.walls, wall] }, wallId: wall.id };
}

/** Moves an item by a distance, or slides an opening along its wall by the distance's share of it. */
export function moveBy(
  doc: DesignDocument,
  target: Selection,
  delta: DesignPoint,
  grid: number,
): DesignDocument {
  if (target?.kind === 'item')
    return updateItem(doc, target.id, {
      x: snap((doc.items.find((i) => i.id === target.id)?.x ?? 0) + delta.x, grid),
      y: snap((doc.items.find((i) => i.id === target.id)?.y ?? 0) + delta.y, grid),
    });
  if (target?.kind === 'opening') {
    const opening = doc.openings.find((o) => o.id === target.id);
    const wall = opening && doc.walls.find((w) => w.id === opening.wallId);
    if (!opening || !wall) return doc;
    const length = Math.hypot(wall.b.x - wall.a.x, wall.b.y - wall.a.y);
    const along = ((wall.b.x - wall.a.x) * delta.x + (wall.b.y - wall.a.y) * delta.y) / (length || 1);
    const offset = Math.max(
      0,
      Math.min(Math.floor(length - opening.width), snap(opening.offset + along, grid)),
    );
    return updateOpening(doc, opening.id, { offset });
  }
  return doc;
}

const same = (p: DesignPoint, q: DesignPoint) => p.x === q.x && p.y === q.y;

/**
 * Where a click of the polygon tool lands: on a wall end within `reach` when there is one (so
 * rooms meet), else on the grid; with `square`, straight across or down from the previous point.
 */
export function polygonPoint(
  doc: DesignDocument,
  raw: DesignPoint,
  previous: DesignPoint | undefined,
  options: { grid: number; reach: number; square: boolean },
): DesignPoint {
  let point = { x: snap(raw.x, options.grid), y: snap(raw.y, options.grid) };
  let nearest = options.reach;
  for (const end of doc.walls.flatMap((w) => [w.a, w.b])) {
    const distance = Math.hypot(end.x - raw.x, end.y - raw.y);
    if (distance <= nearest) {
      nearest = distance;
      point = { x: end.x, y: end.y };
    }
  }
  if (options.square && previous) {
    if (Math.abs(point.x - previous.x) < Math.abs(point.y - previous.y))
      point = { x: previous.x, y: point.y };
    else point = { x: point.x, y: previous.y };
  }
  return point;
}

/** The wall nearest a point within `reach` millimetres, and where along it the point falls. */
export function wallAt(
  doc: DesignDocument,
  point: DesignPoint,
  reach: number,
): { wall: DesignWall; along: number; length: number } | null {
  let best: { wall: DesignWall; along: number; length: number; distance: number } | null = null;
  for (const wall of doc.walls) {
    const dx = wall.b.x - wall.a.x;
    const dy = wall.b.y - wall.a.y;
    const length = Math.hypot(dx, dy);
    if (length === 0) continue;
    const t = Math.max(0, Math.min(1, ((point.x - wall.a.x) * dx + (point.y - wall.a.y) * dy) / length ** 2));
    const distance = Math.hypot(point.x - (wall.a.x + t * dx), point.y - (wall.a.y + t * dy));
    if (distance <= reach && (!best || distance < best.distance))
      best = { wall, along: t * length, length, distance };
  }
  return best ? { wall: best.wall, along: best.along, length: best.length } : null;
}

/** A door or a window centred where the wall was clicked, kept within the wall. */
export function addOpening(
  doc: DesignDocument,
  kind: 'Door' | 'Window',
  at: { wall: DesignWall; along: number; length: number },
  defaults: EditDefaults,
): { doc: DesignDocument; openingId: string } {
  const width = Math.min(kind === 'Door' ? 900 : 1200, Math.floor(at.length));
  const offset = Math.max(
    0,
    Math.min(Math.round(at.length - width), snap(at.along - width / 2, defaults.grid)),
  );
  const opening: DesignOpening = {
    id: nextElementId(doc, kind === 'Door' ? 'd' : 'win'),
    wallId: at.wall.id,
    kind,
    offset,
    width,
    height: kind === 'Door' ? defaults.doorHeight : 1200,
    sill: kind === 'Door' ? 0 : defaults.windowSill,
  };
  return { doc: { ...doc, openings: [...doc.openings, opening] }, openingId: opening.id };
}

/** A wall drawing (an 아트월) placed on a wall where it was clicked, kept within the wall. */
export function addWallDrawing(
  doc: DesignDocument,
  wallDrawing: { id: number; width: number },
  at: { wall: DesignWall; along: number; length: number },
  grid: number,
): { doc: DesignDocument; placedId: string } | null {
  if (wallDrawing.width > at.length) return null;
  const offset = Math.max(
    0,
    Math.min(Math.floor(at.length - wallDrawing.width), snap(at.along - wallDrawing.width / 2, grid)),
  );
  const placed = { id: nextElementId(doc, 'art'), wallId: at.wall.id, wallDrawingId: wallDrawing.id, offset };
  return { doc: { ...doc, wallDrawings: [...doc.wallDrawings, placed] }, placedId: placed.id };
}

export function addItem(
  doc: DesignDocument,
  productId: number,
  at: DesignPoint,
): { doc: DesignDocument; itemId: string } {
  const item: DesignItem = { id: nextElementId(doc, 'i'), productId, x: at.x, y: at.y, rotation: 0 };
  return { doc: { ...doc, items: [...doc.items, item] }, itemId: item.id };
}

/** The fields of an element an edit may change (all but its id). */
export type Patch<T> = Partial<Omit<T, 'id'>>;

export function updateRoom(doc: DesignDocument, id: string, patch: Patch<DesignRoom>): DesignDocument {
  return { ...doc, rooms: doc.rooms.map((r) => (r.id === id ? { ...r, ...patch } : r)) };
}
export function updateWall(doc: DesignDocument, id: string, patch: Patch<DesignWall>): DesignDocument {
  return { ...doc, walls: doc.walls.map((w) => (w.id === id ? { ...w, ...patch } : w)) };
}
export function updateOpening(doc: DesignDocument, id: string, patch: Patch<DesignOpening>): DesignDocument {
  return { ...doc, openings: doc.openings.map((o) => (o.id === id ? { ...o, ...patch } : o)) };
}
export function updateItem(doc: DesignDocument, id: string, patch: Patch<DesignItem>): DesignDocument {
  return { ...doc, items: doc.items.map((i) => (i.id === id ? { ...i, ...patch } : i)) };
}

/** Ids not yet used in the document, handed out one by one (for many at once; nextElementId for one). */
export function idMaker(doc: DesignDocument) {
  const used = new Set<string>(
    [...doc.walls, ...doc.openings, ...doc.rooms, ...doc.wallDrawings, ...doc.items].map((e) => e.id),
  );
  return (prefix: string) => {
    let n = 1;
    while (used.has(`${prefix}${n}`)) n++;
    used.add(`${prefix}${n}`);
    return `${prefix}${n}`;
  };
}

/** Whether a wall runs between these two points, either way round. */
export const sameEnds = (w: { a: DesignPoint; b: DesignPoint }, a: DesignPoint, b: DesignPoint) =>
  (same(w.a, a) && same(w.b, b)) || (same(w.a, b) && same(w.b, a));

/**
 * Rooms for the enclosed areas of the walls that no room covers yet (rooms-from-walls.ts), each
 * named "방 N" with the next free number, its ceiling at the wall height; with `boundedBy`, only
 * the areas that wall bounds (the wall that has just closed them).
 */
export function addRoomsFromWalls(
  doc: DesignDocument,
  defaults: EditDefaults,
  options: { boundedBy?: string } = {},
): { doc: DesignDocument; rooms: { id: string; name: string; area: number }[] } {
  const faces = uncoveredFaces(doc.walls, doc.rooms, options);
  if (faces.length === 0) return { doc, rooms: [] };
  const newId = idMaker(doc);
  const names = new Set(doc.rooms.map((r) => r.name));
  let n = doc.rooms.length;
  const made: DesignRoom[] = [];
  for (const face of faces) {
    do n++;
    while (names.has(`방 ${n}`));
    made.push({ id: newId('r'), name: `방 ${n}`, polygon: face.polygon, ceilingHeight: defaults.wallHeight });
  }
  return {
    doc: { ...doc, rooms: [...doc.rooms, ...made] },
    rooms: made.map((r) => ({
      id: r.id,
      name: r.name,
      area: roundHalfUp(polygonAreaM2(r.polygon), 2).toNumber(),
    })),
  };
}

/**
 * The sides of a wall a room it belongs to lies on: 1 for the side to which (−dy, dx) points
 * (dx, dy the wall from a to b), −1 for the other; none when the wall bounds no room.
 */
export function roomSidesOfWall(doc: DesignDocument, wall: DesignWall): (1 | -1)[] {
  const length = Math.hypot(wall.b.x - wall.a.x, wall.b.y - wall.a.y);
  if (length === 0) return [];
  const nx = -(wall.b.y - wall.a.y) / length;
  const ny = (wall.b.x - wall.a.x) / length;
  const middle = { x: (wall.a.x + wall.b.x) / 2, y: (wall.a.y + wall.b.y) / 2 };
  const sides = new Set<1 | -1>();
  for (const room of doc.rooms) {
    if (room.polygon.length < 3 || !wallBelongsToRoom(wall, room.polygon)) continue;
    // Just off the wall's middle, on one side or the other, is inside the room.
    for (const side of [1, -1] as const)
      if (pointInPolygon({ x: middle.x + side * nx * 2, y: middle.y + side * ny * 2 }, room.polygon))
        sides.add(side);
  }
  return [...sides].sort((a, b) => b - a);
}
