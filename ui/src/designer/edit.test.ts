import { emptyDesignDocument, wallsOfRoom } from '@interior/contracts';
import {
  addItem,
  addOpening,
  addRectangleRoom,
  addWall,
  addWallDrawing,
  copySelection,
  dragMove,
  moveBy,
  moveSelection,
  polygonPoint,
  presentSelection,
  removeAll,
  removeSelected,
  roomSidesOfWall,
  rotateSelected,
  type Selected,
  selectAll,
  selectInRect,
  toggleSelected,
  updateSelected,
  wallAt,
  withSelected,
} from './edit';
import { defaults } from './edit.fixtures';

/** The 4 × 3 m 거실 most cases start from, with its four walls w1–w4. */
const livingRoom = () =>
  addRectangleRoom(emptyDesignDocument(), { x: 0, y: 0 }, { x: 4000, y: 3000 }, '거실', defaults);

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
});

/** Two rooms side by side sharing the wall x = 4000, a door on that wall, a sofa in each room. */
function twoRooms() {
  const first = livingRoom();
  const second = addRectangleRoom(first.doc, { x: 4000, y: 0 }, { x: 7000, y: 3000 }, '침실', defaults);
  const door = addOpening(second.doc, 'Door', wallAt(second.doc, { x: 4000, y: 1500 }, 100)!, defaults);
  const sofa = addItem(door.doc, 7, { x: 2000, y: 1500 });
  const bed = addItem(sofa.doc, 8, { x: 5500, y: 1500 });
  return {
    doc: bed.doc,
    living: first.roomId,
    bedroom: second.roomId,
    door: door.openingId,
    sofa: sofa.itemId,
    bed: bed.itemId,
  };
}

describe('a selection of several elements', () => {
  it('adds and takes out elements by Shift+click, selects all, and forgets what an undo took away', () => {
    const { doc, sofa, bed, living } = twoRooms();
    const one: Selected = { kind: 'item', id: sofa };
    const two = toggleSelected([one], { kind: 'item', id: bed });
    expect(two).toEqual([one, { kind: 'item', id: bed }]);
    expect(toggleSelected(two, one)).toEqual([{ kind: 'item', id: bed }]);
    expect(withSelected(two, [one, { kind: 'room', id: living }])).toHaveLength(3);
    const all = selectAll(doc);
    expect(all).toHaveLength(2 + 7 + 1 + 2);
    expect(presentSelection(emptyDesignDocument(), all)).toEqual([]);
    expect(presentSelection(doc, two)).toBe(two);
  });

  it('selects by a rubber band what lies wholly inside it', () => {
    const { doc, living, sofa, door } = twoRooms();
    const inBand = selectInRect(doc, { x: 4100, y: 3100 }, { x: -100, y: -100 });
    expect(inBand).toEqual([
      { kind: 'room', id: living },
      { kind: 'wall', id: 'w1' },
      { kind: 'wall', id: 'w2' },
      { kind: 'wall', id: 'w3' },
      { kind: 'wall', id: 'w4' },
      { kind: 'opening', id: door },
      { kind: 'item', id: sofa },
    ]);
    expect(selectInRect(doc, { x: 1000, y: 1000 }, { x: 1500, y: 1200 })).toEqual([]);
  });

  it('deletes everything selected in one edit, a wall with its door, a room with the walls only it used', () => {
    const { doc, sofa, bed, living } = twoRooms();
    const gone = removeAll(doc, [
      { kind: 'wall', id: 'w2' },
      { kind: 'item', id: sofa },
      { kind: 'item', id: bed },
      { kind: 'room', id: living },
    ]);
    expect(gone.walls.map((w) => w.id)).toEqual(['w5', 'w6', 'w7']);
    expect(gone.openings).toEqual([]);
    expect(gone.items).toEqual([]);
    expect(gone.rooms.map((r) => r.name)).toEqual(['침실']);
    expect(doc.items).toHaveLength(2);
    const empty = removeAll(doc, selectAll(doc));
    expect(empty).toEqual(emptyDesignDocument());
    expect(removeAll(doc, [])).toBe(doc);
  });

  it('deleting any rooms leaves every wall a remaining room uses and none of the deleted rooms’ own', () => {
    const { doc } = twoRooms();
    const third = addRectangleRoom(doc, { x: 0, y: 3000 }, { x: 4000, y: 6000 }, '주방', defaults).doc;
    const withDrawing = addWallDrawing(
      third,
      { id: 1, width: 1000 },
      wallAt(third, { x: 5500, y: 0 }, 100)!,
      100,
    )!.doc;
    for (let mask = 1; mask < 2 ** withDrawing.rooms.length; mask++) {
      const chosen = withDrawing.rooms.filter((_, i) => mask & (2 ** i));
      const gone = removeAll(
        withDrawing,
        chosen.map((r) => ({ kind: 'room' as const, id: r.id })),
      );
      const used = new Set(gone.rooms.flatMap((r) => wallsOfRoom(gone.walls, r.polygon).map((w) => w.id)));
      for (const room of withDrawing.rooms.filter((r) => !chosen.includes(r)))
        expect(wallsOfRoom(gone.walls, room.polygon)).toEqual(wallsOfRoom(withDrawing.walls, room.polygon));
      // No wall of a deleted room is left standing alone, nor anything on a wall that went.
      for (const room of chosen)
        for (const wall of wallsOfRoom(gone.walls, room.polygon)) expect(used.has(wall.id)).toBe(true);
      const walls = new Set(gone.walls.map((w) => w.id));
      expect(gone.openings.every((o) => walls.has(o.wallId))).toBe(true);
      expect(gone.wallDrawings.every((d) => walls.has(d.wallId))).toBe(true);
    }
  });

  it('moves products and a room together by a distance on the grid; the room takes its walls and their door', () => {
    const start = livingRoom();
    const door = addOpening(start.doc, 'Door', wallAt(start.doc, { x: 1000, y: 0 }, 100)!, defaults);
    const sofa = addItem(door.doc, 7, { x: 1000, y: 1000 });
    const lamp = addItem(sofa.doc, 9, { x: 9000, y: 9000 });
    const selected: Selected[] = [
      { kind: 'room', id: start.roomId },
      { kind: 'item', id: sofa.itemId },
      { kind: 'item', id: lamp.itemId },
    ];
    const moved = moveSelection(lamp.doc, selected, { x: 1234, y: 560 }, 100);
    expect(moved.items.map((i) => [i.x, i.y])).toEqual([
      [2200, 1600],
      [10200, 9600],
    ]);
    expect(moved.rooms[0]!.polygon[0]).toEqual({ x: 1200, y: 600 });
    expect(moved.walls.map((w) => [w.id, w.a])).toEqual([
      ['w1', { x: 1200, y: 600 }],
      ['w2', { x: 5200, y: 600 }],
      ['w3', { x: 5200, y: 3600 }],
      ['w4', { x: 1200, y: 3600 }],
    ]);
    expect(moved.openings).toEqual(lamp.doc.openings);
    expect(lamp.doc.items[0]).toMatchObject({ x: 1000, y: 1000 });
    expect(moveSelection(lamp.doc, selected, { x: 20, y: -30 }, 100)).toBe(lamp.doc);
  });

  it('leaves a shared wall for the room staying, and gives the room moved a wall of its own there', () => {
    const { doc, bedroom, door } = twoRooms();
    const moved = moveSelection(doc, [{ kind: 'room', id: bedroom }], { x: 2000, y: 0 }, 100);
    expect(moved.walls).toHaveLength(8);
    const [living, bed] = moved.rooms;
    expect(wallsOfRoom(moved.walls, living!.polygon)).toHaveLength(4);
    expect(wallsOfRoom(moved.walls, bed!.polygon)).toHaveLength(4);
    // The door was on the shared wall: it stays with it.
    expect(moved.openings).toEqual([expect.objectContaining({ id: door, wallId: 'w2' })]);
    // Both rooms moved: the wall between them goes along, once.
    const both = moveSelection(doc, selectAll(doc), { x: 0, y: 1000 }, 100);
    expect(both.walls).toHaveLength(7);
    expect(both.walls.find((w) => w.id === 'w2')).toMatchObject({ a: { x: 4000, y: 1000 } });
  });

  it('drags a product alone onto the grid and slides a door alone along its wall', () => {
    const { doc, sofa, door } = twoRooms();
    const nudged = { ...doc, items: doc.items.map((i) => (i.id === sofa ? { ...i, x: 2010 } : i)) };
    expect(dragMove(nudged, [{ kind: 'item', id: sofa }], { x: 240, y: 0 }, 100).items[0]).toMatchObject({
      x: 2300,
    });
    const slid = dragMove(doc, [{ kind: 'opening', id: door }], { x: 0, y: 500 }, 100);
    expect(slid.openings[0]!.offset).toBe(doc.openings[0]!.offset + 500);
    expect(slid.walls).toBe(doc.walls);
  });

  it('pastes the whole selection: rooms with their walls, the door on them, and the products', () => {
    const { doc, living, bedroom, sofa } = twoRooms();
    const selected: Selected[] = [
      { kind: 'room', id: living },
      { kind: 'room', id: bedroom },
      { kind: 'item', id: sofa },
      { kind: 'opening', id: 'd1' },
    ];
    const pasted = copySelection(doc, selected, { x: 0, y: 5000 })!;
    expect(pasted.doc.rooms.map((r) => r.name)).toEqual(['거실', '침실', '거실 복사', '침실 복사']);
    expect(pasted.doc.walls).toHaveLength(14);
    expect(pasted.doc.openings).toHaveLength(2);
    const copiedDoor = pasted.doc.openings[1]!;
    const wall = pasted.doc.walls.find((w) => w.id === copiedDoor.wallId)!;
    expect([wall.a, wall.b]).toEqual([
      { x: 4000, y: 5000 },
      { x: 4000, y: 8000 },
    ]);
    expect(pasted.doc.items.map((i) => [i.x, i.y])).toEqual([
      [2000, 1500],
      [5500, 1500],
      [2000, 6500],
    ]);
    expect(pasted.selection.map((s) => s.kind)).toEqual(['room', 'room', 'item']);
    const ids = [...pasted.doc.walls, ...pasted.doc.rooms, ...pasted.doc.items, ...pasted.doc.openings].map(
      (e) => e.id,
    );
    expect(new Set(ids).size).toBe(ids.length);
    // A wall alone is copied with its door; a door alone is not.
    const wallAlone = copySelection(doc, [{ kind: 'wall', id: 'w2' }], { x: 10_000, y: 0 })!;
    expect(wallAlone.doc.walls).toHaveLength(8);
    expect(wallAlone.doc.openings).toHaveLength(2);
    expect(copySelection(doc, [{ kind: 'opening', id: 'd1' }], { x: 500, y: 500 })).toBeNull();
  });

  it('sets what several elements have in common in one edit: finishes, wall thickness, rotation', () => {
    const { doc, living, bedroom, sofa, bed } = twoRooms();
    const all = selectAll(doc);
    const floors = updateSelected(doc, all, { room: { floorMaterialId: 11 }, wall: { thickness: 200 } });
    expect(floors.rooms.map((r) => r.floorMaterialId)).toEqual([11, 11]);
    expect(new Set(floors.walls.map((w) => w.thickness))).toEqual(new Set([200]));
    expect(floors.items).toBe(doc.items);
    const oneRoom = updateSelected(doc, [{ kind: 'room', id: bedroom }], { room: { ceilingHeight: 2300 } });
    expect(oneRoom.rooms.map((r) => r.ceilingHeight)).toEqual([2400, 2300]);
    const turned = updateSelected(
      doc,
      [
        { kind: 'item', id: sofa },
        { kind: 'item', id: bed },
      ],
      {
        item: { rotation: 90 },
      },
    );
    expect(turned.items.map((i) => i.rotation)).toEqual([90, 90]);
    expect(rotateSelected(turned, [{ kind: 'item', id: bed }], 300).items.map((i) => i.rotation)).toEqual([
      90, 30,
    ]);
    expect(living).toBeTruthy();
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
