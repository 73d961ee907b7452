import { emptyDesignDocument } from '@interior/contracts';
import {
  addItem,
  addOpening,
  addRectangleRoom,
  addWall,
  addWallDrawing,
  moveBy,
  polygonPoint,
  roomSidesOfWall,
  wallAt,
} from './edit';
import { defaults, livingRoom, twoRooms } from './edit.fixtures';
import { copySelection, removeSelected } from './selection';

describe('editing a design document', () => {
  it('draws a rectangle as a room with its four walls, whichever corner it starts from', () => {
    const { doc, roomId } = addRectangleRoom(
      emptyDesignDocument(),
      { x: 4000, y: 3000 },
      { x: 0, y: 0 },
      '거실',
      defaults,
    );
    expect(doc.rooms).toEqual([
      {
        id: roomId,
        name: '거실',
        ceilingHeight: 2400,
        polygon: [
          { x: 0, y: 0 },
          { x: 4000, y: 0 },
          { x: 4000, y: 3000 },
          { x: 0, y: 3000 },
        ],
      },
    ]);
    expect(doc.walls.map((w) => [w.id, w.a, w.b])).toEqual([
      ['w1', { x: 0, y: 0 }, { x: 4000, y: 0 }],
      ['w2', { x: 4000, y: 0 }, { x: 4000, y: 3000 }],
      ['w3', { x: 4000, y: 3000 }, { x: 0, y: 3000 }],
      ['w4', { x: 0, y: 3000 }, { x: 0, y: 0 }],
    ]);
  });

  it('shares the wall two rooms have in common', () => {
    const first = livingRoom().doc;
    const both = addRectangleRoom(first, { x: 4000, y: 0 }, { x: 7000, y: 3000 }, '침실', defaults).doc;
    expect(both.walls).toHaveLength(7);
    expect(new Set([...both.walls, ...both.rooms].map((e) => e.id)).size).toBe(9);
  });

  it('puts a door on the wall clicked, centred there and kept within the wall', () => {
    const { doc } = livingRoom();
    const near = wallAt(doc, { x: 950, y: 40 }, 200);
    expect(near?.wall.id).toBe('w1');
    const door = addOpening(doc, 'Door', near!, defaults).doc.openings[0];
    expect(door).toMatchObject({
      wallId: 'w1',
      kind: 'Door',
      offset: 500,
      width: 900,
      height: 2100,
      sill: 0,
    });
    const atEnd = addOpening(doc, 'Window', wallAt(doc, { x: 3990, y: 0 }, 200)!, defaults).doc.openings[0];
    expect(atEnd!.offset + atEnd!.width).toBeLessThanOrEqual(4000);
    expect(wallAt(doc, { x: 2000, y: 1500 }, 200)).toBeNull();
  });

  it('removes a wall with its openings, and leaves the document it was given alone', () => {
    const room = livingRoom().doc;
    const withDoor = addOpening(room, 'Door', wallAt(room, { x: 1000, y: 0 }, 100)!, defaults).doc;
    const withSofa = addItem(withDoor, 7, { x: 1000, y: 1000 }).doc;
    const gone = removeSelected(withSofa, { kind: 'wall', id: 'w1' });
    expect(gone.walls.map((w) => w.id)).toEqual(['w2', 'w3', 'w4']);
    expect(gone.openings).toEqual([]);
    expect(gone.items).toHaveLength(1);
    expect(withSofa.walls).toHaveLength(4);
  });

  it('moves an item to the grid and slides a door along its wall, never off it', () => {
    const room = livingRoom().doc;
    const withDoor = addOpening(room, 'Door', wallAt(room, { x: 1000, y: 0 }, 100)!, defaults);
    const withSofa = addItem(withDoor.doc, 7, { x: 1000, y: 1000 });
    const moved = moveBy(withSofa.doc, { kind: 'item', id: withSofa.itemId }, { x: 1234, y: -37 }, 100);
    expect(moved.items[0]).toMatchObject({ x: 2200, y: 1000 });
    const slid = moveBy(moved, { kind: 'opening', id: withDoor.openingId }, { x: 800, y: 300 }, 100);
    expect(slid.openings[0]!.offset).toBe(1400);
    const far = moveBy(moved, { kind: 'opening', id: withDoor.openingId }, { x: 99_999, y: 0 }, 100);
    expect(far.openings[0]!.offset + far.openings[0]!.width).toBeLessThanOrEqual(4000);
  });

  it('pastes a copy of a room with walls of its own and of an item, beside the original', () => {
    const made = livingRoom();
    const furnished = { ...made.doc, rooms: made.doc.rooms.map((r) => ({ ...r, floorMaterialId: 3 })) };
    const copied = copySelection(furnished, [{ kind: 'room', id: made.roomId }], { x: 5000, y: 0 })!;
    expect(copied.doc.rooms).toHaveLength(2);
    expect(copied.doc.rooms[1]).toMatchObject({ name: '거실 복사', floorMaterialId: 3, ceilingHeight: 2400 });
    expect(copied.doc.rooms[1]!.polygon[0]).toEqual({ x: 5000, y: 0 });
    expect(copied.doc.walls).toHaveLength(8);
    expect(copied.selection).toEqual([{ kind: 'room', id: copied.doc.rooms[1]!.id }]);
    const sofa = addItem(furnished, 7, { x: 100, y: 100 });
    const two = copySelection(sofa.doc, [{ kind: 'item', id: sofa.itemId }], { x: 500, y: 500 })!;
    expect(two.doc.items.map((i) => [i.x, i.y])).toEqual([
      [100, 100],
      [600, 600],
    ]);
    expect(copySelection(sofa.doc, [], { x: 1, y: 1 })).toBeNull();
  });

  it('puts a wall drawing on the wall clicked, within the wall, and refuses one wider than the wall', () => {
    const room = livingRoom().doc;
    const at = wallAt(room, { x: 3900, y: 3000 }, 100)!;
    const placed = addWallDrawing(room, { id: 5, width: 2000 }, at, 100)!;
    expect(placed.doc.wallDrawings).toEqual([
      { id: placed.placedId, wallId: 'w3', wallDrawingId: 5, offset: 0 },
    ]);
    expect(addWallDrawing(room, { id: 6, width: 5000 }, at, 100)).toBeNull();
    expect(removeSelected(placed.doc, { kind: 'wallDrawing', id: placed.placedId }).wallDrawings).toEqual([]);
  });

  it('lands a polygon click on a nearby wall end, else on the grid, and squares it with Shift', () => {
    const room = livingRoom().doc;
    const options = { grid: 100, reach: 200, square: false };
    expect(polygonPoint(room, { x: 4130, y: 2890 }, undefined, options)).toEqual({ x: 4000, y: 3000 });
    expect(polygonPoint(room, { x: 6040, y: 1260 }, undefined, options)).toEqual({ x: 6000, y: 1300 });
    expect(
      polygonPoint(room, { x: 6040, y: 1260 }, { x: 5000, y: 1000 }, { ...options, square: true }),
    ).toEqual({
      x: 6000,
      y: 1000,
    });
  });

  it('draws a free wall, but not one where a wall already stands nor one of no length', () => {
    const room = livingRoom().doc;
    const wall = addWall(room, { x: 4000, y: 0 }, { x: 7000, y: 0 }, defaults)!;
    expect(wall.doc.walls.at(-1)).toEqual({
      id: wall.wallId,
      a: { x: 4000, y: 0 },
      b: { x: 7000, y: 0 },
      thickness: 120,
      height: 2400,
    });
    expect(addWall(room, { x: 4000, y: 0 }, { x: 0, y: 0 }, defaults)).toBeNull();
    expect(addWall(room, { x: 10, y: 10 }, { x: 10, y: 10 }, defaults)).toBeNull();
  });

  it('knows which side of a wall its room lies on', () => {
    const { doc } = twoRooms();
    const wall = (id: string) => doc.walls.find((w) => w.id === id)!;
    expect(roomSidesOfWall(doc, wall('w1'))).toEqual([1]);
    expect(roomSidesOfWall(doc, wall('w3'))).toEqual([1]);
    expect(roomSidesOfWall(doc, wall('w2'))).toEqual([1, -1]);
    const free = addWall(doc, { x: 9000, y: 0 }, { x: 9000, y: 3000 }, defaults)!;
    expect(roomSidesOfWall(free.doc, free.doc.walls.at(-1)!)).toEqual([]);
  });
});
