import type {
  DesignDocument,
  DesignItem,
  DesignOpening,
  DesignPoint,
  DesignRoom,
  DesignWall,
} from '@interior/contracts';

/**
 * The editor's edits as pure functions of the document (docs/designer.md): each returns a new
 * document and leaves the one it was given alone, so undo is keeping the previous one.
 */

export type Selection =
  | { kind: 'room'; id: string }
  | { kind: 'wallDrawing'; id: string }
  | { kind: 'wall'; id: string }
  | { kind: 'opening'; id: string }
  | { kind: 'item'; id: string }
  | null;

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
  const used = new Set<string>(
    [...doc.walls, ...doc.openings, ...doc.rooms, ...doc.wallDrawings, ...doc.items].map((e) => e.id),
  );
  let n = 1;
  while (used.has(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

/** A rectangular room between two corners, with its four walls (room `name`, ceiling = wall height). */
export function addRectangleRoom(
  doc: DesignDocument,
  from: DesignPoint,
  to: DesignPoint,
  name: string,
  defaults: EditDefaults,
): { doc: DesignDocument; roomId: string } {
  const [x1, x2] = [Math.min(from.x, to.x), Math.max(from.x, to.x)];
  const [y1, y2] = [Math.min(from.y, to.y), Math.max(from.y, to.y)];
  return addPolygonRoom(
    doc,
    [
      { x: x1, y: y1 },
      { x: x2, y: y1 },
      { x: x2, y: y2 },
      { x: x1, y: y2 },
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

/**
 * A copy of the selected room (with its own walls) or item, moved by `shift`: what Ctrl+V pastes.
 * Walls and openings are not copied on their own.
 */
export function copyOf(
  doc: DesignDocument,
  selection: Selection,
  shift: DesignPoint,
  defaults: EditDefaults,
): { doc: DesignDocument; selection: Selection } | null {
  if (selection?.kind === 'item') {
    const item = doc.items.find((i) => i.id === selection.id);
    if (!item) return null;
    const copy: DesignItem = {
      ...item,
      id: nextElementId(doc, 'i'),
      x: item.x + shift.x,
      y: item.y + shift.y,
    };
    return { doc: { ...doc, items: [...doc.items, copy] }, selection: { kind: 'item', id: copy.id } };
  }
  if (selection?.kind === 'room') {
    const room = doc.rooms.find((r) => r.id === selection.id);
    if (!room) return null;
    const { id: _id, polygon, ...rest } = room;
    const made = addPolygonRoom(
      doc,
      polygon.map((p) => ({ x: p.x + shift.x, y: p.y + shift.y })),
      { ...rest, name: `${room.name} 복사`.slice(0, 50) },
      defaults,
    );
    return { doc: made.doc, selection: { kind: 'room', id: made.roomId } };
  }
  return null;
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

type Patch<T> = Partial<Omit<T, 'id'>>;

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

/** Removes the selection; a wall takes its openings and wall drawings with it. */
export function removeSelected(doc: DesignDocument, selection: Selection): DesignDocument {
  if (!selection) return doc;
  switch (selection.kind) {
    case 'room':
      return { ...doc, rooms: doc.rooms.filter((r) => r.id !== selection.id) };
    case 'wall':
      return {
        ...doc,
        walls: doc.walls.filter((w) => w.id !== selection.id),
        openings: doc.openings.filter((o) => o.wallId !== selection.id),
        wallDrawings: doc.wallDrawings.filter((d) => d.wallId !== selection.id),
      };
    case 'opening':
      return { ...doc, openings: doc.openings.filter((o) => o.id !== selection.id) };
    case 'item':
      return { ...doc, items: doc.items.filter((i) => i.id !== selection.id) };
    case 'wallDrawing':
      return { ...doc, wallDrawings: doc.wallDrawings.filter((d) => d.id !== selection.id) };
  }
}
