import { emptyDesignDocument, wallsOfRoom } from '@interior/contracts';
import { addItem, addOpening, addRectangleRoom, addWallDrawing, type Selected, wallAt } from './edit';
import { defaults, livingRoom, twoRooms } from './edit.fixtures';
import {
  copySelection,
  dragMove,
  moveSelection,
  presentSelection,
  removeAll,
  rotateSelected,
  selectAll,
  selectInRect,
  toggleSelected,
  updateSelected,
  withSelected,
} from './selection';

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
});
