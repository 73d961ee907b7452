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
  wallsOfRoom,
} from '@interior/contracts';
import { moveWall } from './dimensions';
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
  return selection ? removeAll(doc, [selection]) : doc;
}

const idsOf = (selected: readonly Selected[], kind: ElementKind) =>
  new Set(selected.filter((s) => s.kind === kind).map((s) => s.id));

/**
 * Removes every element selected, in one edit; a wall takes its openings and wall drawings with
 * it, and a room the walls of it that no room left standing uses.
 */
export function removeAll(doc: DesignDocument, selected: readonly Selected[]): DesignDocument {
  if (selected.length === 0) return doc;
  const walls = idsOf(selected, 'wall');
  const openings = idsOf(selected, 'opening');
  const drawings = idsOf(selected, 'wallDrawing');
  const rooms = idsOf(selected, 'room');
  const items = idsOf(selected, 'item');
  const staying = doc.rooms.filter((r) => !rooms.has(r.id));
  for (const room of doc.rooms) {
    if (!rooms.has(room.id)) continue;
    for (const wall of wallsOfRoom(doc.walls, room.polygon))
      if (!staying.some((other) => wallBelongsToRoom(wall, other.polygon))) walls.add(wall.id);
  }
  return {
    ...doc,
    walls: doc.walls.filter((w) => !walls.has(w.id)),
    openings: doc.openings.filter((o) => !openings.has(o.id) && !walls.has(o.wallId)),
    wallDrawings: doc.wallDrawings.filter((d) => !drawings.has(d.id) && !walls.has(d.wallId)),
    rooms: doc.rooms.filter((r) => !rooms.has(r.id)),
    items: doc.items.filter((i) => !items.has(i.id)),
  };
}

export const sameElement = (a: Selected, b: Selected) => a.kind === b.kind && a.id === b.id;
export const isSelected = (selected: readonly Selected[], element: Selected) =>
  selected.some((s) => sameElement(s, element));

/** Shift+click: the element joins the selection, or leaves it when it was in it. */
export function toggleSelected(selected: readonly Selected[], element: Selected): Selected[] {
  return isSelected(selected, element)
    ? selected.filter((s) => !sameElement(s, element))
    : [...selected, element];
}

/** The selection and the elements added, each once. */
export function withSelected(selected: readonly Selected[], added: readonly Selected[]): Selected[] {
  return [...selected, ...added.filter((a) => !isSelected(selected, a))];
}

/** The selected elements still in the document (an undo may have taken some away). */
export function presentSelection(doc: DesignDocument, selected: readonly Selected[]): Selected[] {
  const groups: Record<ElementKind, readonly { id: string }[]> = {
    room: doc.rooms,
    wall: doc.walls,
    opening: doc.openings,
    wallDrawing: doc.wallDrawings,
    item: doc.items,
  };
  const kept = selected.filter((s) => groups[s.kind].some((e) => e.id === s.id));
  return kept.length === selected.length ? (selected as Selected[]) : kept;
}

/** Ctrl+A: every element of the document. */
export function selectAll(doc: DesignDocument): Selected[] {
  return [
    ...doc.rooms.map((r) => ({ kind: 'room' as const, id: r.id })),
    ...doc.walls.map((w) => ({ kind: 'wall' as const, id: w.id })),
    ...doc.openings.map((o) => ({ kind: 'opening' as const, id: o.id })),
    ...doc.wallDrawings.map((d) => ({ kind: 'wallDrawing' as const, id: d.id })),
    ...doc.items.map((i) => ({ kind: 'item' as const, id: i.id })),
  ];
}

/** The two ends of a stretch `offset`…`offset + width` along a wall. */
function alongWall(wall: DesignWall, offset: number, width: number): [DesignPoint, DesignPoint] {
  const length = Math.hypot(wall.b.x - wall.a.x, wall.b.y - wall.a.y) || 1;
  const ux = (wall.b.x - wall.a.x) / length;
  const uy = (wall.b.y - wall.a.y) / length;
  return [
    { x: wall.a.x + ux * offset, y: wall.a.y + uy * offset },
    { x: wall.a.x + ux * (offset + width), y: wall.a.y + uy * (offset + width) },
  ];
}

/**
 * The rubber band: every element wholly inside the rectangle between two corners (a room by all
 * its corners, a wall by both ends, a door, window or wall drawing by its stretch of wall, a
 * product by its centre). `drawingWidth` answers a wall drawing's width by its catalogue id.
 */
export function selectInRect(
  doc: DesignDocument,
  from: DesignPoint,
  to: DesignPoint,
  drawingWidth: (wallDrawingId: number) => number | undefined = () => undefined,
): Selected[] {
  const { x, y, width, height } = rectBetween(from, to);
  const inside = (p: DesignPoint) => p.x >= x && p.x <= x + width && p.y >= y && p.y <= y + height;
  const walls = new Map(doc.walls.map((w) => [w.id, w]));
  const stretchInside = (wallId: string, offset: number, width: number) => {
    const wall = walls.get(wallId);
    return !!wall && alongWall(wall, offset, width).every(inside);
  };
  return [
    ...doc.rooms
      .filter((r) => r.polygon.length > 0 && r.polygon.every(inside))
      .map((r) => ({ kind: 'room' as const, id: r.id })),
    ...doc.walls.filter((w) => inside(w.a) && inside(w.b)).map((w) => ({ kind: 'wall' as const, id: w.id })),
    ...doc.openings
      .filter((o) => stretchInside(o.wallId, o.offset, o.width))
      .map((o) => ({ kind: 'opening' as const, id: o.id })),
    ...doc.wallDrawings
      .filter((d) => stretchInside(d.wallId, d.offset, drawingWidth(d.wallDrawingId) ?? 0))
      .map((d) => ({ kind: 'wallDrawing' as const, id: d.id })),
    ...doc.items.filter((i) => inside(i)).map((i) => ({ kind: 'item' as const, id: i.id })),
  ];
}

/** Ids not yet used in the document, handed out one by one (for many at once; nextElementId for one). */
function idMaker(doc: DesignDocument) {
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

const sameEnds = (w: { a: DesignPoint; b: DesignPoint }, a: DesignPoint, b: DesignPoint) =>
  (same(w.a, a) && same(w.b, b)) || (same(w.a, b) && same(w.b, a));

/**
 * Moves the selection by a distance snapped to the grid, so the elements keep their places
 * relative to each other. A room takes its walls (with their doors, windows and wall drawings);
 * a wall it shares with a room staying behind stays for that room, and the room moved gets a
 * wall of its own there. Selected walls and products move too; doors and windows ride on their walls.
 */
export function moveSelection(
  doc: DesignDocument,
  selected: readonly Selected[],
  delta: DesignPoint,
  grid: number,
): DesignDocument {
  const d = { x: snap(delta.x, grid), y: snap(delta.y, grid) };
  if (d.x === 0 && d.y === 0) return doc;
  const shift = (p: DesignPoint) => ({ x: p.x + d.x, y: p.y + d.y });
  const roomIds = idsOf(selected, 'room');
  const itemIds = idsOf(selected, 'item');
  const moving = idsOf(selected, 'wall');
  const staying = doc.rooms.filter((r) => !roomIds.has(r.id));
  const left = new Map<string, DesignWall>();
  for (const room of doc.rooms) {
    if (!roomIds.has(room.id)) continue;
    for (const wall of wallsOfRoom(doc.walls, room.polygon)) {
      if (moving.has(wall.id)) continue;
      if (staying.some((other) => wallBelongsToRoom(wall, other.polygon))) left.set(wall.id, wall);
      else moving.add(wall.id);
    }
  }
  let next: DesignDocument = {
    ...doc,
    rooms: doc.rooms.map((r) => (roomIds.has(r.id) ? { ...r, polygon: r.polygon.map(shift) } : r)),
    walls: doc.walls.map((w) => (moving.has(w.id) ? { ...w, a: shift(w.a), b: shift(w.b) } : w)),
    items: doc.items.map((i) => (itemIds.has(i.id) ? { ...i, ...shift(i) } : i)),
  };
  const newId = idMaker(next);
  for (const wall of left.values()) {
    const [a, b] = [shift(wall.a), shift(wall.b)];
    if (next.walls.some((w) => sameEnds(w, a, b))) continue;
    next = { ...next, walls: [...next.walls, { ...wall, id: newId('w'), a, b }] };
  }
  return next;
}

/**
 * What a drag of the selection does: a door or window alone slides along its wall, a product alone
 * lands on the grid, a wall alone moves with its rooms (dimensions.ts moveWall), anything else
 * moves together (moveSelection).
 */
export function dragMove(
  doc: DesignDocument,
  selected: readonly Selected[],
  delta: DesignPoint,
  grid: number,
): DesignDocument {
  const only = selected.length === 1 ? selected[0]! : null;
  if (only?.kind === 'opening' || only?.kind === 'item') return moveBy(doc, only, delta, grid);
  // A wall alone moves square to itself and reshapes its rooms; where it cannot, it stays.
  if (only?.kind === 'wall') return moveWall(doc, only.id, delta, grid).doc ?? doc;
  return moveSelection(doc, selected, delta, grid);
}

/**
 * A copy of the selection moved by `shift`: what Ctrl+V pastes. Rooms come with copies of their
 * walls and of the doors, windows and wall drawings on them (a wall two copied rooms share is
 * copied once); selected walls with theirs; products as they are. A door, window or wall drawing
 * alone is not copied (it would sit on the same wall). Answers the copies as the new selection.
 */
export function copySelection(
  doc: DesignDocument,
  selected: readonly Selected[],
  shift: DesignPoint,
): { doc: DesignDocument; selection: Selected[] } | null {
  const move = (p: DesignPoint) => ({ x: p.x + shift.x, y: p.y + shift.y });
  const newId = idMaker(doc);
  const made: Selected[] = [];
  const walls: DesignWall[] = [...doc.walls];
  const copiedWalls = new Map<string, string>();
  const copyWall = (wall: DesignWall) => {
    if (copiedWalls.has(wall.id)) return null;
    const [a, b] = [move(wall.a), move(wall.b)];
    if (walls.some((w) => sameEnds(w, a, b))) return null;
    const copy = { ...wall, id: newId('w'), a, b };
    walls.push(copy);
    copiedWalls.set(wall.id, copy.id);
    return copy;
  };
  const rooms: DesignRoom[] = [...doc.rooms];
  const roomIds = idsOf(selected, 'room');
  for (const room of doc.rooms) {
    if (!roomIds.has(room.id)) continue;
    for (const wall of wallsOfRoom(doc.walls, room.polygon)) copyWall(wall);
    const copy = {
      ...room,
      id: newId('r'),
      name: `${room.name} 복사`.slice(0, 50),
      polygon: room.polygon.map(move),
    };
    rooms.push(copy);
    made.push({ kind: 'room', id: copy.id });
  }
  const wallIds = idsOf(selected, 'wall');
  for (const wall of doc.walls) {
    if (!wallIds.has(wall.id)) continue;
    const copy = copyWall(wall);
    if (copy) made.push({ kind: 'wall', id: copy.id });
  }
  const openings = [...doc.openings];
  for (const o of doc.openings) {
    const wallId = copiedWalls.get(o.wallId);
    if (wallId) openings.push({ ...o, id: newId(o.kind === 'Door' ? 'd' : 'win'), wallId });
  }
  const wallDrawings = [...doc.wallDrawings];
  for (const d of doc.wallDrawings) {
    const wallId = copiedWalls.get(d.wallId);
    if (wallId) wallDrawings.push({ ...d, id: newId('art'), wallId });
  }
  const items = [...doc.items];
  const itemIds = idsOf(selected, 'item');
  for (const item of doc.items) {
    if (!itemIds.has(item.id)) continue;
    const copy = { ...item, id: newId('i'), ...move(item) };
    items.push(copy);
    made.push({ kind: 'item', id: copy.id });
  }
  if (made.length === 0) return null;
  return { doc: { ...doc, walls, openings, wallDrawings, rooms, items }, selection: made };
}

/** One change to every selected room, wall and product (the properties of a multiple selection). */
export function updateSelected(
  doc: DesignDocument,
  selected: readonly Selected[],
  patch: { room?: Patch<DesignRoom>; wall?: Patch<DesignWall>; item?: Patch<DesignItem> },
): DesignDocument {
  const rooms = idsOf(selected, 'room');
  const walls = idsOf(selected, 'wall');
  const items = idsOf(selected, 'item');
  return {
    ...doc,
    rooms: patch.room ? doc.rooms.map((r) => (rooms.has(r.id) ? { ...r, ...patch.room } : r)) : doc.rooms,
    walls: patch.wall ? doc.walls.map((w) => (walls.has(w.id) ? { ...w, ...patch.wall } : w)) : doc.walls,
    items: patch.item ? doc.items.map((i) => (items.has(i.id) ? { ...i, ...patch.item } : i)) : doc.items,
  };
}

/** Turns every selected product by `degrees` about its own centre (kept within −360…360). */
export function rotateSelected(
  doc: DesignDocument,
  selected: readonly Selected[],
  degrees: number,
): DesignDocument {
  const items = idsOf(selected, 'item');
  return {
    ...doc,
    items: doc.items.map((i) => (items.has(i.id) ? { ...i, rotation: (i.rotation + degrees) % 360 } : i)),
  };
}

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
