import {
  type DesignDocument,
  type DesignPoint,
  emptyDesignDocument,
  polygonAreaM2,
} from '@interior/contracts';
import { addRectangleRoom, addRoomsFromWalls, addWall } from './edit';
import { defaults } from './edit.fixtures';
import { enclosedFaces, pointInPolygon, uncoveredFaces } from './rooms-from-walls';

/** Walls drawn one after another through the points, as the 벽 그리기 tool chains them. */
function walls(doc: DesignDocument, ...points: [number, number][]): DesignDocument {
  let next = doc;
  for (let i = 0; i + 1 < points.length; i++) {
    const [a, b] = [points[i]!, points[i + 1]!];
    next = addWall(next, { x: a[0], y: a[1] }, { x: b[0], y: b[1] }, defaults)?.doc ?? next;
  }
  return next;
}

/** An outline as a set of corners, whichever corner it starts from and whichever way it goes. */
const cornersOf = (polygon: readonly DesignPoint[]) => polygon.map((p) => `${p.x},${p.y}`).sort();
const areaM2 = (polygon: readonly DesignPoint[]) => polygonAreaM2(polygon).toNumber();

describe('rooms found in closed walls', () => {
  const rectangle = () => walls(emptyDesignDocument(), [0, 0], [4000, 0], [4000, 3000], [0, 3000], [0, 0]);

  it('finds the rectangle four walls close, and makes it a room named 방 1 with its area', () => {
    const faces = enclosedFaces(rectangle().walls);
    expect(faces).toHaveLength(1);
    expect(cornersOf(faces[0]!.polygon)).toEqual(['0,0', '0,3000', '4000,0', '4000,3000']);
    expect(faces[0]!.wallIds).toEqual(new Set(['w1', 'w2', 'w3', 'w4']));
    const made = addRoomsFromWalls(rectangle(), defaults);
    expect(made.rooms).toEqual([{ id: 'r1', name: '방 1', area: 12 }]);
    expect(made.doc.rooms[0]).toMatchObject({ id: 'r1', name: '방 1', ceilingHeight: 2400 });
    expect(cornersOf(made.doc.rooms[0]!.polygon)).toEqual(['0,0', '0,3000', '4000,0', '4000,3000']);
  });

  it('finds nothing in walls that do not close, and nothing twice', () => {
    const open = walls(emptyDesignDocument(), [0, 0], [4000, 0], [4000, 3000], [0, 3000]);
    expect(enclosedFaces(open.walls)).toEqual([]);
    expect(addRoomsFromWalls(open, defaults).doc).toBe(open);
    const once = addRoomsFromWalls(rectangle(), defaults).doc;
    expect(addRoomsFromWalls(once, defaults)).toEqual({ doc: once, rooms: [] });
  });

  it('finds an L-shaped room with its six corners', () => {
    const doc = walls(
      emptyDesignDocument(),
      [0, 0],
      [3000, 0],
      [3000, 2000],
      [1500, 2000],
      [1500, 3000],
      [0, 3000],
      [0, 0],
    );
    const [face, ...more] = enclosedFaces(doc.walls);
    expect(more).toEqual([]);
    expect(face!.polygon).toHaveLength(6);
    expect(areaM2(face!.polygon)).toBe(7.5);
  });

  it('finds two rooms that share a wall', () => {
    const doc = walls(rectangle(), [4000, 0], [7000, 0], [7000, 3000], [4000, 3000]);
    const faces = enclosedFaces(doc.walls);
    expect(faces.map((f) => areaM2(f.polygon)).sort((a, b) => a - b)).toEqual([9, 12]);
    const made = addRoomsFromWalls(doc, defaults);
    expect(made.rooms.map((r) => r.name)).toEqual(['방 1', '방 2']);
  });

  it('splits walls where a wall meets them from the side (a T) or crosses them', () => {
    const long = walls(emptyDesignDocument(), [0, 0], [6000, 0], [6000, 3000], [0, 3000], [0, 0]);
    const tee = walls(long, [3000, 0], [3000, 3000]);
    const faces = enclosedFaces(tee.walls);
    expect(faces.map((f) => cornersOf(f.polygon)).sort()).toEqual([
      ['0,0', '0,3000', '3000,0', '3000,3000'],
      ['3000,0', '3000,3000', '6000,0', '6000,3000'],
    ]);
    // A wall running through both long walls, past them: the parts outside close nothing.
    const cross = walls(long, [3000, -1000], [3000, 4000]);
    expect(enclosedFaces(cross.walls).map((f) => areaM2(f.polygon))).toEqual([9, 9]);
    // Two diagonals crossing in the middle: four triangles.
    const x = walls(long, [0, 0], [6000, 3000]);
    const both = walls(x, [6000, 0], [0, 3000]);
    expect(enclosedFaces(both.walls).map((f) => areaM2(f.polygon))).toEqual([4.5, 4.5, 4.5, 4.5]);
  });

  it('passes over a wall sticking into a room and does not count it as a corner', () => {
    const doc = walls(rectangle(), [2000, 0], [2000, 1500]);
    const faces = enclosedFaces(doc.walls);
    expect(faces).toHaveLength(1);
    expect(cornersOf(faces[0]!.polygon)).toEqual(['0,0', '0,3000', '4000,0', '4000,3000']);
  });

  it('leaves an area a room already covers: drawn as a room, or a room split by a new wall', () => {
    const drawn = addRectangleRoom(
      emptyDesignDocument(),
      { x: 0, y: 0 },
      { x: 4000, y: 3000 },
      '거실',
      defaults,
    );
    expect(enclosedFaces(drawn.doc.walls)).toHaveLength(1);
    expect(uncoveredFaces(drawn.doc.walls, drawn.doc.rooms)).toEqual([]);
    const split = walls(drawn.doc, [2000, 0], [2000, 3000]);
    expect(addRoomsFromWalls(split, defaults).rooms).toEqual([]);
    // A new room beside it, closed by two walls and the room's own wall.
    const beside = walls(split, [4000, 0], [6000, 0], [6000, 3000], [4000, 3000]);
    const made = addRoomsFromWalls(beside, defaults);
    expect(made.rooms).toEqual([{ id: 'r2', name: '방 2', area: 6 }]);
  });

  it('only the areas the closing wall bounds, when asked', () => {
    let doc = walls(emptyDesignDocument(), [0, 0], [1000, 0], [1000, 1000], [0, 1000], [0, 0]);
    doc = walls(doc, [5000, 0], [6000, 0], [6000, 1000], [5000, 1000], [5000, 0]);
    expect(uncoveredFaces(doc.walls, doc.rooms)).toHaveLength(2);
    const last = doc.walls.at(-1)!.id;
    const made = addRoomsFromWalls(doc, defaults, { boundedBy: last });
    expect(made.rooms).toHaveLength(1);
    expect(cornersOf(made.doc.rooms[0]!.polygon)).toContain('6000,1000');
  });

  it('treats a closed box standing inside a room as an island: both are found, the room around it whole', () => {
    const room = rectangle();
    const box = walls(room, [1000, 1000], [2000, 1000], [2000, 2000], [1000, 2000], [1000, 1000]);
    const faces = enclosedFaces(box.walls);
    expect(faces.map((f) => areaM2(f.polygon)).sort((a, b) => a - b)).toEqual([1, 12]);
    const around = faces.find((f) => areaM2(f.polygon) === 12)!;
    const island = faces.find((f) => areaM2(f.polygon) === 1)!;
    // The point that stands for the room is not in the box.
    expect(pointInPolygon(around.inside, island.polygon)).toBe(false);
    // The box has a room already: the room around it is still found.
    const boxRoom = addRectangleRoom(
      box,
      { x: 1000, y: 1000 },
      { x: 2000, y: 2000 },
      '붙박이장',
      defaults,
    ).doc;
    const made = addRoomsFromWalls(boxRoom, defaults);
    expect(made.rooms.map((r) => r.area)).toEqual([12]);
  });

  it('names new rooms by the next free number and ignores slivers', () => {
    const named = {
      ...rectangle(),
      rooms: [
        { id: 'x1', name: '방 2', polygon: [], ceilingHeight: 2400 },
        { id: 'x2', name: '방 3', polygon: [], ceilingHeight: 2400 },
      ],
    };
    expect(addRoomsFromWalls(named, defaults).rooms.map((r) => r.name)).toEqual(['방 4']);
    const sliver = walls(emptyDesignDocument(), [0, 0], [1000, 0], [1000, 50], [0, 50], [0, 0]);
    expect(enclosedFaces(sliver.walls)).toEqual([]);
  });
});
