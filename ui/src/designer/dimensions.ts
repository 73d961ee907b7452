import {
  type DesignDocument,
  type DesignPoint,
  type DesignRoom,
  type DesignWall,
  isSimplePolygon,
  pointOnSegment,
  signedDoubleArea,
  wallBelongsToRoom,
  wallsOfRoom,
} from '@interior/contracts';

/**
 * Edits by typed or dragged dimensions (docs/designer.md). Walls and rooms are one drawing: a
 * corner moved moves the ends of every wall and the corners of every room standing on it, so the
 * rooms that use a wall follow it. An edit that would tear a room from a wall it had, fold a room
 * over itself or push a door off its wall is refused with the reason, in Korean.
 */
export type Reshaped = { doc: DesignDocument; refused?: undefined } | { refused: string; doc?: undefined };

export const reasons = {
  notRectangle: '직사각형 방만 가로·세로를 바꿀 수 있습니다.',
  tooSmall: '1 mm 이상이어야 합니다.',
  tornFromWall:
    '이 벽을 함께 쓰는 옆 방의 모서리가 벽 끝과 맞지 않아 바꿀 수 없습니다. 옆 방의 모양을 먼저 맞춰 주세요.',
  folded: '방의 변이 서로 겹치거나 방이 없어지게 되어 바꿀 수 없습니다.',
  wallGone: '벽의 길이가 0이 되어 바꿀 수 없습니다.',
  openingOff: '문이나 창이 벽 밖으로 나가게 되어 바꿀 수 없습니다. 문·창의 위치를 먼저 옮겨 주세요.',
  openingTooWide: '문이나 창이 벽 길이를 넘습니다.',
};

/** A room's outline as an axis-aligned rectangle, or null when it is not one. */
export function roomRectangle(room: Pick<DesignRoom, 'polygon'>) {
  const p = room.polygon;
  if (p.length !== 4) return null;
  const xs = [...new Set(p.map((q) => q.x))];
  const ys = [...new Set(p.map((q) => q.y))];
  if (xs.length !== 2 || ys.length !== 2) return null;
  // Four distinct corners on two xs and two ys, each edge along one axis.
  for (let i = 0; i < 4; i++) {
    const a = p[i]!;
    const b = p[(i + 1) % 4]!;
    if ((a.x === b.x) === (a.y === b.y)) return null;
  }
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

const length = (w: { a: DesignPoint; b: DesignPoint }) => Math.hypot(w.b.x - w.a.x, w.b.y - w.a.y);
const round = (p: DesignPoint) => ({ x: Math.round(p.x), y: Math.round(p.y) });

/**
 * Moves by `delta` every wall end and room corner lying on the segment from `from` to `to` (a
 * single point when they meet). Doors, windows and wall drawings keep their place in the plan
 * where their wall's start moves; rooms keep every wall they had.
 */
function shiftPointsOn(
  doc: DesignDocument,
  from: DesignPoint,
  to: DesignPoint,
  delta: DesignPoint,
): Reshaped {
  const on = (p: DesignPoint) => pointOnSegment(p, from, to, 0);
  const move = (p: DesignPoint) => (on(p) ? round({ x: p.x + delta.x, y: p.y + delta.y }) : p);
  const before = new Map(doc.walls.map((w) => [w.id, w]));
  const walls: DesignWall[] = doc.walls.map((w) => {
    const [a, b] = [move(w.a), move(w.b)];
    return a === w.a && b === w.b ? w : { ...w, a, b };
  });
  const changed = walls.filter((w) => w !== before.get(w.id));
  if (changed.some((w) => length(w) === 0)) return { refused: reasons.wallGone };
  const rooms = doc.rooms.map((r) => {
    const polygon = r.polygon.map(move);
    return polygon.every((p, i) => p === r.polygon[i]) ? r : { ...r, polygon };
  });
  for (let i = 0; i < rooms.length; i++) {
    const [old, now] = [doc.rooms[i]!, rooms[i]!];
    if (old === now) continue;
    const keys = new Set(now.polygon.map((p) => `${p.x},${p.y}`));
    // A room turned inside out (its corners now run the other way round) has folded over a neighbour.
    const turned = Math.sign(signedDoubleArea(now.polygon)) !== Math.sign(signedDoubleArea(old.polygon));
    if (keys.size !== now.polygon.length || !isSimplePolygon(now.polygon) || turned)
      return { refused: reasons.folded };
  }
  // Every room keeps the walls it had: a neighbour whose corners are not where the wall's ends
  // were would be left with a wall that no longer lies on its outline.
  const after = new Map(walls.map((w) => [w.id, w]));
  for (let i = 0; i < rooms.length; i++) {
    const [old, now] = [doc.rooms[i]!, rooms[i]!];
    const touched = wallsOfRoom(doc.walls, old.polygon).filter((w) => after.get(w.id) !== w);
    if (old === now && touched.length === 0) continue;
    if (touched.some((w) => !wallBelongsToRoom(after.get(w.id)!, now.polygon)))
      return { refused: reasons.tornFromWall };
  }
  const offsetNow = (wallId: string, offset: number) => {
    const [old, now] = [before.get(wallId), after.get(wallId)];
    if (!old || !now || old === now) return offset;
    const l = length(old) || 1;
    const at = {
      x: old.a.x + ((old.b.x - old.a.x) * offset) / l,
      y: old.a.y + ((old.b.y - old.a.y) * offset) / l,
    };
    const n = length(now);
    return Math.round(((at.x - now.a.x) * (now.b.x - now.a.x) + (at.y - now.a.y) * (now.b.y - now.a.y)) / n);
  };
  const openings = doc.openings.map((o) => {
    const offset = offsetNow(o.wallId, o.offset);
    return offset === o.offset ? o : { ...o, offset };
  });
  for (const o of openings) {
    const wall = after.get(o.wallId);
    if (
      wall &&
      wall !== before.get(o.wallId) &&
      (o.offset < 0 || o.offset + o.width > Math.floor(length(wall)))
    )
      return { refused: reasons.openingOff };
  }
  const wallDrawings = doc.wallDrawings.map((d) => {
    const offset = Math.max(0, offsetNow(d.wallId, d.offset));
    return offset === d.offset ? d : { ...d, offset };
  });
  return { doc: { ...doc, walls, rooms, openings, wallDrawings } };
}

/**
 * A rectangular room `width` wide (along x) and `height` deep (along y): its left and top sides
 * stay, its right or bottom side moves with every wall and room corner on it, so a neighbour
 * sharing that wall is reshaped with it.
 */
export function setRoomSize(
  doc: DesignDocument,
  roomId: string,
  size: { width?: number; height?: number },
): Reshaped {
  const room = doc.rooms.find((r) => r.id === roomId);
  const rect = room && roomRectangle(room);
  if (!rect) return { refused: reasons.notRectangle };
  let next: Reshaped = { doc };
  if (size.width !== undefined && size.width !== rect.width) {
    if (!(size.width >= 1)) return { refused: reasons.tooSmall };
    const right = rect.x + rect.width;
    next = shiftPointsOn(
      doc,
      { x: right, y: rect.y },
      { x: right, y: rect.y + rect.height },
      { x: size.width - rect.width, y: 0 },
    );
  }
  if (next.doc && size.height !== undefined && size.height !== rect.height) {
    if (!(size.height >= 1)) return { refused: reasons.tooSmall };
    const moved = roomRectangle(next.doc.rooms.find((r) => r.id === roomId)!)!;
    const bottom = moved.y + moved.height;
    next = shiftPointsOn(
      next.doc,
      { x: moved.x, y: bottom },
      { x: moved.x + moved.width, y: bottom },
      { x: 0, y: size.height - moved.height },
    );
  }
  return next;
}

/** A wall `mm` long from its start: its end moves along the wall, and the rooms using it follow. */
export function setWallLength(doc: DesignDocument, wallId: string, mm: number): Reshaped {
  const wall = doc.walls.find((w) => w.id === wallId);
  if (!wall) return { doc };
  if (!(mm >= 1)) return { refused: reasons.tooSmall };
  const end = pointAtDistance(wall.a, wall.b, mm);
  return shiftPointsOn(doc, wall.b, wall.b, { x: end.x - wall.b.x, y: end.y - wall.b.y });
}

/**
 * A wall dragged by `delta`: it moves square to itself by the drag's share across it, on the
 * grid, and every room using it is reshaped (the walls meeting it stretch or shrink).
 */
export function moveWall(doc: DesignDocument, wallId: string, delta: DesignPoint, grid: number): Reshaped {
  const wall = doc.walls.find((w) => w.id === wallId);
  if (!wall) return { doc };
  const l = length(wall);
  if (l === 0) return { doc };
  const n = { x: -(wall.b.y - wall.a.y) / l, y: (wall.b.x - wall.a.x) / l };
  // On the grid, as every drag is (edit.ts imports this module, so its snap is not used here).
  const across = Math.round((delta.x * n.x + delta.y * n.y) / grid) * grid;
  if (across === 0) return { doc };
  return shiftPointsOn(doc, wall.a, wall.b, round({ x: n.x * across, y: n.y * across }));
}

/** A door's or window's width and place from its wall's start, refused when it would leave the wall. */
export function placeOpening(
  doc: DesignDocument,
  openingId: string,
  patch: { width?: number; offset?: number },
): Reshaped {
  const opening = doc.openings.find((o) => o.id === openingId);
  const wall = opening && doc.walls.find((w) => w.id === opening.wallId);
  if (!opening || !wall) return { doc };
  const width = patch.width ?? opening.width;
  const offset = patch.offset ?? opening.offset;
  if (!(width >= 1) || offset < 0) return { refused: reasons.tooSmall };
  if (offset + width > Math.floor(length(wall))) return { refused: reasons.openingTooWide };
  return {
    doc: { ...doc, openings: doc.openings.map((o) => (o.id === openingId ? { ...o, width, offset } : o)) },
  };
}

/** The point `mm` from `from` toward `toward` (along +x when they meet), on whole millimetres. */
export function pointAtDistance(from: DesignPoint, toward: DesignPoint, mm: number): DesignPoint {
  const l = Math.hypot(toward.x - from.x, toward.y - from.y);
  const [ux, uy] = l === 0 ? [1, 0] : [(toward.x - from.x) / l, (toward.y - from.y) / l];
  return round({ x: from.x + ux * mm, y: from.y + uy * mm });
}
