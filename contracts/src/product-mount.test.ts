import { ceilingOver, defaultMountOf, mountedBottom } from './product-mount';

const room = {
  id: 'r',
  name: '거실',
  polygon: [
    { x: 0, y: 0 },
    { x: 4000, y: 0 },
    { x: 4000, y: 3000 },
    { x: 0, y: 3000 },
  ],
  ceilingHeight: 2600,
};
const wall = { id: 'w', a: { x: 0, y: 0 }, b: { x: 9000, y: 0 }, thickness: 120, height: 2800 };
const doc = { rooms: [room], walls: [wall] };

describe('where a mounted product stands', () => {
  test('lights take the ceiling from their category or one above it; the rest the floor', () => {
    expect(defaultMountOf(['조명 예시', '천장등 예시'])).toBe('ceiling');
    expect(defaultMountOf(['펜던트'])).toBe('ceiling');
    expect(defaultMountOf(['가구', '소파'])).toBe('floor');
    expect(defaultMountOf([])).toBe('floor');
  });

  test('the ceiling over a point: its room, else the tallest wall, else 2,400 mm', () => {
    expect(ceilingOver(doc, { x: 2000, y: 1500 })).toBe(2600);
    expect(ceilingOver(doc, { x: 6000, y: 1500 })).toBe(2800);
    expect(ceilingOver({ rooms: [], walls: [] }, { x: 0, y: 0 })).toBe(2400);
  });

  test.each([
    ['on the floor', { height: 800, mount: 'floor' as const }, 0],
    ['on the floor, raised', { height: 800, mount: 'floor' as const, elevation: 150 }, 150],
    ['on a wall, naming no elevation', { height: 600, mount: 'wall' as const }, 900],
    ['on a wall at 1,450 mm', { height: 700, mount: 'wall' as const, elevation: 1450 }, 1450],
    ['flush with the ceiling', { height: 100, mount: 'ceiling' as const }, 2500],
    ['hanging 300 mm below the ceiling', { height: 400, mount: 'ceiling' as const, elevation: 300 }, 1900],
    ['naming no mount', { height: 800 }, 0],
  ])('%s', (_, product, bottom) => {
    expect(mountedBottom(doc, { x: 2000, y: 1500 }, product)).toBe(bottom);
  });
});
