import {
  type DesignDocument,
  emptyDesignDocument,
  isSimplePolygon,
  wallBelongsToRoom,
  wallsOfRoom,
} from '@interior/contracts';
import fc from 'fast-check';
import {
  moveWall,
  placeOpening,
  pointAtDistance,
  reasons,
  roomRectangle,
  setRoomSize,
  setWallLength,
} from './dimensions';
import { addOpening, addPolygonRoom, addRectangleRoom, wallAt } from './edit';
import { defaults } from './edit.fixtures';
import { dragMove } from './selection';

/** The 4 × 3 m 거실 (walls w1 top, w2 right, w3 bottom, w4 left) and, with `bedroom`, a 3 m wide 침실 right of it sharing w2. */
function plan({ bedroom = false } = {}) {
  const living = addRectangleRoom(
    emptyDesignDocument(),
    { x: 0, y: 0 },
    { x: 4000, y: 3000 },
    '거실',
    defaults,
  );
  if (!bedroom) return { doc: living.doc, living: living.roomId, bedroom: '' };
  const second = addRectangleRoom(living.doc, { x: 4000, y: 0 }, { x: 7000, y: 3000 }, '침실', defaults);
  return { doc: second.doc, living: living.roomId, bedroom: second.roomId };
}
const rect = (doc: DesignDocument, id: string) => roomRectangle(doc.rooms.find((r) => r.id === id)!);

/** Every room has each wall it had, still on its outline, and the outline does not cross itself. */
function expectOneDrawing(before: DesignDocument, after: DesignDocument) {
  for (const room of before.rooms) {
    const now = after.rooms.find((r) => r.id === room.id)!;
    expect(isSimplePolygon(now.polygon)).toBe(true);
    for (const wall of wallsOfRoom(before.walls, room.polygon))
      expect(wallBelongsToRoom(after.walls.find((w) => w.id === wall.id)!, now.polygon)).toBe(true);
  }
  for (const opening of after.openings) {
    const wall = after.walls.find((w) => w.id === opening.wallId)!;
    expect(opening.offset).toBeGreaterThanOrEqual(0);
    expect(opening.offset + opening.width).toBeLessThanOrEqual(
      Math.hypot(wall.b.x - wall.a.x, wall.b.y - wall.a.y),
    );
  }
}

describe('typed dimensions', () => {
  it('reads a rectangular room’s width and depth, and no other outline as a rectangle', () => {
    const { doc, living } = plan();
    expect(rect(doc, living)).toEqual({ x: 0, y: 0, width: 4000, height: 3000 });
    const l = addPolygonRoom(
      emptyDesignDocument(),
      [
        { x: 0, y: 0 },
        { x: 2000, y: 0 },
        { x: 2000, y: 1000 },
        { x: 1000, y: 1000 },
        { x: 1000, y: 2000 },
        { x: 0, y: 2000 },
      ],
      { name: 'ㄱ자', ceilingHeight: 2400 },
      defaults,
    );
    expect(roomRectangle(l.doc.rooms[0]!)).toBeNull();
    expect(
      roomRectangle({
        polygon: [
          { x: 0, y: 0 },
          { x: 10, y: 0 },
          { x: 20, y: 10 },
          { x: 0, y: 10 },
        ],
      }),
    ).toBeNull();
    expect(setRoomSize(l.doc, l.roomId, { width: 3000 })).toEqual({ refused: reasons.notRectangle });
  });

  it('makes a room 5,000 mm wide: its right wall moves, the top and bottom walls stretch, a door keeps its place', () => {
    const { doc, living } = plan();
    const withDoor = addOpening(doc, 'Door', wallAt(doc, { x: 1000, y: 3000 }, 100)!, defaults);
    const wide = setRoomSize(withDoor.doc, living, { width: 5000 });
    expect(wide.refused).toBeUndefined();
    expect(rect(wide.doc!, living)).toEqual({ x: 0, y: 0, width: 5000, height: 3000 });
    expect(wide.doc!.walls.map((w) => [w.a, w.b])).toEqual([
      [
        { x: 0, y: 0 },
        { x: 5000, y: 0 },
      ],
      [
        { x: 5000, y: 0 },
        { x: 5000, y: 3000 },
      ],
      [
        { x: 5000, y: 3000 },
        { x: 0, y: 3000 },
      ],
      [
        { x: 0, y: 3000 },
        { x: 0, y: 0 },
      ],
    ]);
    // The bottom wall runs right to left: its start moved 1 m, so the door's offset grows by as much.
    expect(wide.doc!.openings[0]!.offset).toBe(withDoor.doc.openings[0]!.offset + 1000);
    const deep = setRoomSize(wide.doc!, living, { height: 2500 });
    expect(rect(deep.doc!, living)).toEqual({ x: 0, y: 0, width: 5000, height: 2500 });
    expectOneDrawing(withDoor.doc, deep.doc!);
    expect(doc.rooms[0]!.polygon[1]).toEqual({ x: 4000, y: 0 });
  });

  it('moves the wall two rooms share and reshapes the neighbour with it', () => {
    const { doc, living, bedroom } = plan({ bedroom: true });
    const wider = setRoomSize(doc, living, { width: 4500 });
    expect(rect(wider.doc!, living)).toEqual({ x: 0, y: 0, width: 4500, height: 3000 });
    expect(rect(wider.doc!, bedroom)).toEqual({ x: 4500, y: 0, width: 2500, height: 3000 });
    expectOneDrawing(doc, wider.doc!);
    // Past the neighbour's far side, the neighbour would fold over itself.
    expect(setRoomSize(doc, living, { width: 7000 })).toEqual({ refused: reasons.wallGone });
    expect(setRoomSize(doc, living, { width: 8000 }).refused).toBeDefined();
  });

  it('refuses, with the reason, to move a wall a neighbour uses only in part', () => {
    // A 침실 6 m deep beside the 3 m deep 거실: its left wall runs on past the 거실's corner.
    const living = plan();
    const tall = addRectangleRoom(living.doc, { x: 4000, y: 0 }, { x: 7000, y: 6000 }, '침실', defaults);
    expect(setRoomSize(tall.doc, living.living, { width: 4500 })).toEqual({ refused: reasons.tornFromWall });
  });

  it('refuses a size that pushes a door off its wall, and one under 1 mm', () => {
    const { doc, living } = plan();
    const withDoor = addOpening(doc, 'Door', wallAt(doc, { x: 3500, y: 0 }, 100)!, defaults);
    expect(setRoomSize(withDoor.doc, living, { width: 2000 })).toEqual({ refused: reasons.openingOff });
    expect(setRoomSize(doc, living, { width: 0 })).toEqual({ refused: reasons.tooSmall });
  });

  it('sets a wall’s length from its start; the rooms using it follow', () => {
    const { doc, living } = plan();
    // w1 runs from (0,0) to (4000,0): its end moves to 4,800 and the room follows.
    const longer = setWallLength(doc, 'w1', 4800);
    expect(longer.doc!.walls[0]).toMatchObject({ a: { x: 0, y: 0 }, b: { x: 4800, y: 0 } });
    expect(longer.doc!.rooms.find((r) => r.id === living)!.polygon[1]).toEqual({ x: 4800, y: 0 });
    expect(isSimplePolygon(longer.doc!.rooms[0]!.polygon)).toBe(true);
    // A free wall along a diagonal keeps its direction, on whole millimetres.
    const diagonal = {
      ...doc,
      walls: [{ id: 'd', a: { x: 0, y: 0 }, b: { x: 300, y: 400 }, thickness: 100, height: 2400 }],
      rooms: [],
    };
    expect(setWallLength(diagonal, 'd', 1000).doc!.walls[0]!.b).toEqual({ x: 600, y: 800 });
  });

  it('moves a dragged wall square to itself on the grid, and its room with it', () => {
    const { doc, living, bedroom } = plan({ bedroom: true });
    // The shared wall w2 dragged 520 mm right and 300 mm down: it moves 500 mm right only.
    const moved = moveWall(doc, 'w2', { x: 520, y: 300 }, 100);
    expect(moved.doc!.walls.find((w) => w.id === 'w2')).toMatchObject({
      a: { x: 4500, y: 0 },
      b: { x: 4500, y: 3000 },
    });
    expect(rect(moved.doc!, living)!.width).toBe(4500);
    expect(rect(moved.doc!, bedroom)!.width).toBe(2500);
    expect(dragMove(doc, [{ kind: 'wall', id: 'w2' }], { x: 520, y: 300 }, 100)).toEqual(moved.doc);
    // Where it cannot move, a drag leaves the document as it was.
    expect(dragMove(doc, [{ kind: 'wall', id: 'w2' }], { x: 3000, y: 0 }, 100)).toBe(doc);
  });

  it('keeps any wall drag or size edit one drawing, or refuses it (every wall, every distance)', () => {
    const { doc } = plan({ bedroom: true });
    const withDoor = addOpening(doc, 'Door', wallAt(doc, { x: 1000, y: 0 }, 100)!, defaults).doc;
    fc.assert(
      fc.property(
        fc.constantFrom(...withDoor.walls.map((w) => w.id)),
        fc.integer({ min: -80, max: 80 }),
        fc.integer({ min: -80, max: 80 }),
        (wallId, dx, dy) => {
          const moved = moveWall(withDoor, wallId, { x: dx * 100, y: dy * 100 }, 100);
          if (moved.doc) expectOneDrawing(withDoor, moved.doc);
          else expect(Object.values(reasons)).toContain(moved.refused);
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...withDoor.rooms.map((r) => r.id)),
        fc.integer({ min: 1, max: 12_000 }),
        fc.integer({ min: 1, max: 12_000 }),
        (roomId, width, height) => {
          const sized = setRoomSize(withDoor, roomId, { width, height });
          if (!sized.doc) return expect(Object.values(reasons)).toContain(sized.refused);
          expectOneDrawing(withDoor, sized.doc);
          expect(rect(sized.doc, roomId)).toMatchObject({ width, height });
        },
      ),
    );
  });

  it('places an opening by width and position from its wall’s start, within the wall', () => {
    const { doc } = plan();
    const door = addOpening(doc, 'Door', wallAt(doc, { x: 1000, y: 0 }, 100)!, defaults);
    const placed = placeOpening(door.doc, door.openingId, { width: 1000, offset: 3000 });
    expect(placed.doc!.openings[0]).toMatchObject({ width: 1000, offset: 3000 });
    expect(placeOpening(door.doc, door.openingId, { offset: 3200 })).toEqual({
      refused: reasons.openingTooWide,
    });
    expect(placeOpening(door.doc, door.openingId, { width: 4100, offset: 0 })).toEqual({
      refused: reasons.openingTooWide,
    });
  });

  it('finds the point a typed length away toward the pointer', () => {
    expect(pointAtDistance({ x: 0, y: 0 }, { x: 100, y: 0 }, 3500)).toEqual({ x: 3500, y: 0 });
    expect(pointAtDistance({ x: 1000, y: 1000 }, { x: 1000, y: 900 }, 2000)).toEqual({ x: 1000, y: -1000 });
    expect(pointAtDistance({ x: 0, y: 0 }, { x: 0, y: 0 }, 500)).toEqual({ x: 500, y: 0 });
  });
});
