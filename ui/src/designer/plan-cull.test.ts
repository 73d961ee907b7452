import { emptyDesignDocument } from '@interior/contracts';
import { changedElements, drawnArea, visiblePart } from './plan-cull';

/** Rooms of 1 m on a row 2 m apart, each with a wall, a door on it and a product in it. */
function row(rooms: number) {
  const doc = emptyDesignDocument();
  for (let i = 0; i < rooms; i++) {
    const x = i * 2000;
    doc.rooms.push({
      id: `r${i}`,
      name: `방 ${i}`,
      polygon: [
        { x, y: 0 },
        { x: x + 1000, y: 0 },
        { x: x + 1000, y: 1000 },
        { x, y: 1000 },
      ],
      ceilingHeight: 2400,
    });
    doc.walls.push({ id: `w${i}`, a: { x, y: 0 }, b: { x: x + 1000, y: 0 }, thickness: 100, height: 2400 });
    doc.openings.push({
      id: `o${i}`,
      wallId: `w${i}`,
      kind: 'Door',
      offset: 100,
      width: 800,
      height: 2000,
      sill: 0,
    });
    doc.items.push({ id: `p${i}`, productId: 1, x: x + 500, y: 500, rotation: 0 });
  }
  return doc;
}

describe('drawing only what can show', () => {
  test('keeps what meets the area, with the doors of the walls kept, and leaves the rest out', () => {
    const part = visiblePart(row(300), { x: 3500, y: -500, w: 3000, h: 2000 }, () => 600);
    expect(part.rooms.map((r) => r.id)).toEqual(['r2', 'r3']);
    expect(part.walls.map((w) => w.id)).toEqual(['w2', 'w3']);
    expect(part.openings.map((o) => o.id)).toEqual(['o2', 'o3']);
    expect(part.items.map((i) => i.id)).toEqual(['p2', 'p3']);
  });

  test('a product reaching into the area by its size is kept', () => {
    const part = visiblePart(row(300), { x: 5100, y: 0, w: 500, h: 500 }, () => 700);
    expect(part.items.map((i) => i.id)).toEqual(['p2']);
  });

  test('a small plan wholly in view is the document itself', () => {
    const doc = row(3);
    expect(visiblePart(doc, { x: -1000, y: -1000, w: 10_000, h: 5000 }, () => 600)).toBe(doc);
  });

  test('the drawn area stays while the view pans within it, and moves when it leaves or zooms far in', () => {
    const first = drawnArea(null, { x: 0, y: 0, w: 100, h: 50 });
    expect(first).toEqual({ x: -100, y: -50, w: 300, h: 150 });
    expect(drawnArea(first, { x: 80, y: 40, w: 100, h: 50 })).toBe(first);
    expect(drawnArea(first, { x: 150, y: 0, w: 100, h: 50 })).toEqual({ x: 50, y: -50, w: 300, h: 150 });
    expect(drawnArea(first, { x: 0, y: 0, w: 60, h: 30 })).toBe(first);
    expect(drawnArea(first, { x: 0, y: 0, w: 20, h: 10 })).toEqual({ x: -20, y: -10, w: 60, h: 30 });
  });

  test('what an edit changed: the elements that are not the objects they were, and what stands on a changed wall', () => {
    const doc = row(3);
    expect(changedElements(doc, { ...doc })).toEqual(new Set());
    const [w0, w1, w2] = doc.walls;
    const moved = {
      ...doc,
      walls: [w0!, { ...w1!, b: { x: 3500, y: 0 } }],
      items: [...doc.items, { id: 'p9', productId: 1, x: 0, y: 0, rotation: 0 }],
    };
    expect(changedElements(doc, moved)).toEqual(
      new Set(['wall:w1', `wall:${w2!.id}`, 'opening:o1', 'opening:o2', 'item:p9']),
    );
  });
});
