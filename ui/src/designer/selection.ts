import {
  type DesignDocument,
  type DesignItem,
  type DesignPoint,
  type DesignRoom,
  type DesignWall,
  wallBelongsToRoom,
  wallsOfRoom,
} from '@interior/contracts';
import { moveWall } from './dimensions';
import {
  type ElementKind,
  idMaker,
  moveBy,
  type Patch,
  rectBetween,
  type Selected,
  type Selection,
  sameEnds,
  snap,
} from './edit';
import { stretchOfWall } from './plan-geometry';

/**
 * The selection of many elements (Shift+click, the rubber band, Ctrl+A) and the edits that act on
 * all of it at once, pure functions of the document like those of edit.ts.
 */

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
    return !!wall && stretchOfWall(wall, offset, width).every(inside);
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
