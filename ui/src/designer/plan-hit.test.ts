import { emptyDesignDocument } from '@interior/contracts';
import { elementAt } from './plan-hit';

const doc = emptyDesignDocument();
doc.rooms.push({
  id: 'room',
  name: '거실',
  polygon: [
    { x: 0, y: 0 },
    { x: 4000, y: 0 },
    { x: 4000, y: 3000 },
    { x: 0, y: 3000 },
  ],
  ceilingHeight: 2400,
});
doc.walls.push({ id: 'top', a: { x: 0, y: 0 }, b: { x: 4000, y: 0 }, thickness: 100, height: 2400 });
doc.openings.push({
  id: 'door',
  wallId: 'top',
  kind: 'Door',
  offset: 1000,
  width: 900,
  height: 2100,
  sill: 0,
});
doc.wallDrawings.push({ id: 'art', wallId: 'top', wallDrawingId: 7, offset: 2500 });
// A sofa 2,000 wide and 900 deep, turned a quarter: 900 across and 2,000 down on screen.
doc.items.push({ id: 'sofa', productId: 1, x: 2000, y: 1500, rotation: 90 });
const products = new Map([[1, { width: 2000, depth: 900, name: '소파', image: null }]]);
const at = (x: number, y: number, slack = 0) => elementAt(doc, { x, y }, products, () => 1000, slack);

describe('elementAt: what a click on the canvas picks', () => {
  it('finds a product by its footprint as turned, above the room it stands in', () => {
    expect(at(2000, 2400)).toEqual({ kind: 'item', id: 'sofa' });
    // Inside the unturned footprint but outside the turned one: the room.
    expect(at(2900, 1500)).toEqual({ kind: 'room', id: 'room' });
  });

  it('finds a door over its wall, a wall drawing on its stretch, the wall elsewhere', () => {
    expect(at(1400, 20)).toEqual({ kind: 'opening', id: 'door' });
    expect(at(3000, 30)).toEqual({ kind: 'wallDrawing', id: 'art' });
    expect(at(500, -40)).toEqual({ kind: 'wall', id: 'top' });
    // The wall's square end reaches half its thickness past its end.
    expect(at(4040, 40)).toEqual({ kind: 'wall', id: 'top' });
  });

  it('finds nothing outside, unless the slack reaches a thin wall', () => {
    expect(at(500, -120)).toBeNull();
    expect(at(500, -120, 100)).toEqual({ kind: 'wall', id: 'top' });
    expect(at(5000, 5000)).toBeNull();
  });
});
