import fc from 'fast-check';
import { dec } from './decimal';
import {
  isSimplePolygon,
  openingFitsWall,
  orientation,
  type Point,
  pointOnBoundary,
  pointOnSegment,
  polygonAreaM2,
  polygonAreaMm2,
  polygonPerimeterM,
  polygonPerimeterMm,
  roomWallArea,
  segmentsIntersect,
  sqrtOfInteger,
  wallBelongsToRoom,
  wallsOfRoom,
} from './geometry';
import { zigZagOutline } from './worst-case-documents';

const P = (...xy: number[]): Point[] => {
  const points: Point[] = [];
  for (let i = 0; i < xy.length; i += 2) points.push({ x: xy[i]!, y: xy[i + 1]! });
  return points;
};

const rect = P(0, 0, 4000, 0, 4000, 3000, 0, 3000);
const lShape = P(0, 0, 6000, 0, 6000, 2000, 2000, 2000, 2000, 5000, 0, 5000);
const triangle = P(0, 0, 3000, 0, 0, 4000);

/** The simple-polygon rule itself, pair by pair: the sweep must only skip pairs that cannot meet. */
const everyPairSimple = (polygon: readonly Point[]): boolean => {
  const n = polygon.length;
  if (n < 3 || new Set(polygon.map((p) => `${p.x},${p.y}`)).size < n) return false;
  if (polygonAreaMm2(polygon) === 0) return false;
  const at = (i: number) => polygon[i % n]!;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (!adjacent) {
        if (segmentsIntersect(at(i), at(i + 1), at(j), at(j + 1))) return false;
        continue;
      }
      const shared = j === i + 1 ? at(i + 1) : at(i);
      const a = j === i + 1 ? at(i) : at(i + 1);
      const b = j === i + 1 ? at(j + 1) : at(j);
      const dot = (a.x - shared.x) * (b.x - shared.x) + (a.y - shared.y) * (b.y - shared.y);
      if (orientation(shared, a, b) === 0 && dot > 0) return false;
    }
  }
  return true;
};

describe('area and perimeter', () => {
  test.each([
    ['4 × 3 m rectangle', rect, 12_000_000, '12', '14'],
    ['the same clockwise', [...rect].reverse(), 12_000_000, '12', '14'],
    ['L shape', lShape, 18_000_000, '18', '22'],
    ['3-4-5 triangle', triangle, 6_000_000, '6', '12'],
    ['half a mm² stays exact', P(0, 0, 1, 0, 0, 1), 0.5, '5e-7', null],
    [
      '1 mm square at far coordinates',
      P(999_999, 999_999, 1_000_000, 999_999, 1_000_000, 1_000_000, 999_999, 1_000_000),
      1,
      '0.000001',
      '0.004',
    ],
  ])('%s', (_, polygon, mm2, m2, m) => {
    expect(polygonAreaMm2(polygon)).toBe(mm2);
    expect(polygonAreaM2(polygon).toString()).toBe(m2);
    if (m !== null) expect(polygonPerimeterM(polygon).toString()).toBe(m);
  });

  test('a diagonal edge is exact to 40 digits', () => {
    const square = P(0, 0, 1000, 1000, 0, 2000, -1000, 1000);
    expect(polygonPerimeterMm(square).toFixed(6)).toBe('5656.854249');
  });
});

describe('segments and simple polygons', () => {
  test.each([
    ['crossing', P(0, 0, 10, 10), P(0, 10, 10, 0), true],
    ['parallel apart', P(0, 0, 10, 0), P(0, 1, 10, 1), false],
    ['touching at an end', P(0, 0, 10, 0), P(10, 0, 10, 10), true],
    ['collinear overlapping', P(0, 0, 10, 0), P(5, 0, 15, 0), true],
    ['collinear apart', P(0, 0, 10, 0), P(11, 0, 15, 0), false],
    ['T without touching', P(0, 0, 10, 0), P(5, 1, 5, 10), false],
  ])('%s', (_, [a, b], [c, d], expected) => {
    expect(segmentsIntersect(a!, b!, c!, d!)).toBe(expected);
  });

  test('orientation is exact for far-apart coordinates', () => {
    expect(
      orientation(
        { x: -1_000_000, y: -1_000_000 },
        { x: 1_000_000, y: 1_000_000 },
        { x: 999_999, y: 999_999 },
      ),
    ).toBe(0);
    expect(
      orientation(
        { x: -1_000_000, y: -1_000_000 },
        { x: 1_000_000, y: 1_000_000 },
        { x: 999_999, y: 1_000_000 },
      ),
    ).toBe(1);
  });

  test.each([
    ['rectangle', rect, true],
    ['L shape', lShape, true],
    ['triangle', triangle, true],
    ['bow tie (self-intersecting)', P(0, 0, 4000, 3000, 4000, 0, 0, 3000), false],
    ['two points', P(0, 0, 10, 0), false],
    ['collinear points (no area)', P(0, 0, 5, 0, 10, 0), false],
    ['a repeated vertex', P(0, 0, 10, 0, 10, 10, 10, 0, 0, 10), false],
    ['a spike folding back on its edge', P(0, 0, 10, 0, 5, 0, 5, 10), false],
    ['an edge touching another vertex', P(0, 0, 10, 0, 10, 10, 5, 0, 0, 10), false],
    ['a straight vertex on an edge is fine', P(0, 0, 5, 0, 10, 0, 10, 10, 0, 10), true],
  ])('simple polygon: %s → %p', (_, polygon, expected) => {
    expect(isSimplePolygon(polygon)).toBe(expected);
  });

  it('finds the same outlines simple as testing every pair of edges', () => {
    // Small coordinates, so touching, crossing and collinear edges are frequent.
    const outline = fc.array(
      fc.record({ x: fc.integer({ min: 0, max: 6 }), y: fc.integer({ min: 0, max: 6 }) }),
      { minLength: 3, maxLength: 9 },
    );
    fc.assert(
      fc.property(outline, (polygon) => {
        expect(isSimplePolygon(polygon)).toBe(everyPairSimple(polygon));
      }),
      { numRuns: 3_000 },
    );
  });
});

describe('on the boundary within 1 mm', () => {
  test.each([
    ['on an edge', { x: 2000, y: 0 }, true],
    ['a corner', { x: 4000, y: 3000 }, true],
    ['1 mm inside', { x: 2000, y: 1 }, true],
    ['1 mm outside', { x: 2000, y: -1 }, true],
    ['2 mm inside', { x: 2000, y: 2 }, false],
    ['beyond a corner diagonally (√2 mm)', { x: 4001, y: 3001 }, false],
    ['beyond the end of an edge by 1 mm', { x: 4001, y: 3000 }, true],
    ['the middle of the room', { x: 2000, y: 1500 }, false],
  ])('%s → %p', (_, p, expected) => {
    expect(pointOnBoundary(p, rect)).toBe(expected);
  });

  test('a diagonal edge: within 1 mm measured perpendicular', () => {
    expect(pointOnSegment({ x: 500, y: 501 }, { x: 0, y: 0 }, { x: 1000, y: 1000 })).toBe(true); // 0.707 mm
    expect(pointOnSegment({ x: 500, y: 502 }, { x: 0, y: 0 }, { x: 1000, y: 1000 })).toBe(false); // 1.414 mm
  });
});

describe('walls of a room', () => {
  const wall = (id: string, ax: number, ay: number, bx: number, by: number) => ({
    id,
    a: { x: ax, y: ay },
    b: { x: bx, y: by },
    thickness: 120,
    height: 2400,
  });
  const walls = [
    wall('bottom', 0, 0, 4000, 0),
    wall('part of the right side', 4000, 1000, 4000, 2000),
    wall('1 mm off', 0, 3001, 4000, 3001),
    wall('crossing the room', 0, 1500, 4000, 1500),
    wall('one end out', 4000, 2000, 4000, 5000),
    wall('a diagonal chord (ends on the boundary)', 0, 0, 4000, 3000),
    wall('elsewhere', 9000, 0, 12000, 0),
  ];

  test.each(walls.map((w) => [w.id, ['bottom', 'part of the right side', '1 mm off'].includes(w.id)]))(
    '%s → %p',
    (id, expected) => {
      expect(wallBelongsToRoom(walls.find((w) => w.id === id)!, rect)).toBe(expected);
    },
  );

  test('wallsOfRoom keeps document order', () => {
    expect(wallsOfRoom(walls, rect).map((w) => w.id)).toEqual([
      'bottom',
      'part of the right side',
      '1 mm off',
    ]);
  });

  test.each([
    ['within', { offset: 500, width: 900, height: 2100, sill: 0 }, { along: true, height: true }],
    ['to the very end', { offset: 3100, width: 900, height: 2400, sill: 0 }, { along: true, height: true }],
    ['past the end', { offset: 3200, width: 900, height: 2100, sill: 0 }, { along: false, height: true }],
    [
      'too tall with its sill',
      { offset: 0, width: 900, height: 1600, sill: 900 },
      { along: true, height: false },
    ],
  ])('an opening %s', (_, o, expected) => {
    expect(openingFitsWall({ id: 'o', wallId: 'bottom', ...o }, walls[0]!)).toEqual(expected);
  });

  test('net wall area: perimeter × height − openings − wall drawing elements, exact', () => {
    const result = roomWallArea({
      polygon: rect,
      ceilingHeight: 2400,
      walls,
      openings: [
        { id: 'd', wallId: 'bottom', offset: 500, width: 900, height: 2100, sill: 0 },
        { id: 'x', wallId: 'elsewhere', offset: 0, width: 900, height: 2100, sill: 0 },
      ],
      wallDrawings: [{ wallId: 'part of the right side', elements: [{ width: 1000, height: 2400 }] }],
    });
    expect(result.grossMm2.toString()).toBe('33600000');
    expect(result.openingsMm2).toBe(1_890_000);
    expect(result.wallDrawingsMm2).toBe(2_400_000);
    expect(result.netM2.toString()).toBe('29.31');
  });
});

describe('the cost of the geometry checks', () => {
  it('tests a zig-zag outline in n log n, not n²', () => {
    // Every pair of the zig-zag's edges overlaps in its box: a check of overlapping pairs makes
    // n²/2 tests. Doubling n may only about double the tests (n log n grows by 2.2 from 500 up).
    const tests = (n: number) => {
      const tally = { tests: 0 };
      expect(isSimplePolygon(zigZagOutline(n), tally)).toBe(true);
      return tally.tests;
    };
    const sizes = [500, 1_000, 2_000, 4_000];
    const counts = sizes.map(tests);
    for (let i = 0; i < sizes.length; i++) {
      expect(counts[i]).toBeGreaterThanOrEqual(sizes[i]!);
      expect(counts[i]).toBeLessThanOrEqual(8 * sizes[i]! * Math.log2(sizes[i]!));
      if (i > 0) expect(counts[i]! / counts[i - 1]!).toBeLessThan(2.6);
    }
  });

  it('finds the same larger outlines simple as before, zig-zags with a vertex moved included', () => {
    const outline = zigZagOutline(40);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 39 }),
        fc.integer({ min: -3, max: 10_013 }),
        fc.integer({ min: -12, max: 90 }),
        (i, x, y) => {
          const moved = outline.map((p, j) => (j === i ? { x, y } : p));
          expect(isSimplePolygon(moved)).toBe(everyPairSimple(moved));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('sweeps outlines past a dozen points to the same answer as every pair, on a small grid', () => {
    // Star-shaped outlines (points sorted by angle around the middle) are often simple; on a small
    // grid their edges touch, cross and run along each other often.
    const around = (p: Point) => Math.atan2(p.y - 8.5, p.x - 8.5);
    const points = fc.array(
      fc.record({ x: fc.integer({ min: 0, max: 17 }), y: fc.integer({ min: 0, max: 17 }) }),
      {
        minLength: 13,
        maxLength: 40,
      },
    );
    fc.assert(
      fc.property(points, fc.boolean(), (polygon, star) => {
        const outline = star ? [...polygon].sort((a, b) => around(a) - around(b)) : polygon;
        expect(isSimplePolygon(outline)).toBe(everyPairSimple(outline));
      }),
      { numRuns: 5_000 },
    );
  });

  it('takes square roots to the same 40 digits as Decimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 * 4_000_000 ** 2 }), (n) => {
        expect(sqrtOfInteger(n).toString()).toBe(dec(n).sqrt().toString());
      }),
      { numRuns: 5_000 },
    );
    for (let n = 0; n < 2_000; n++) expect(sqrtOfInteger(n).toString()).toBe(dec(n).sqrt().toString());
  });
});
