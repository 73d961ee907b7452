/**
 * The primitives of plane geometry on integer millimetres that the outline checks and the rest of
 * the geometry share: points, segments, the shoelace sum and exact orientation tests.
 */

const { abs, max, min } = Math;
const { MAX_SAFE_INTEGER } = Number;
const big = BigInt;

export interface Point {
  x: number;
  y: number;
}

export interface Segment {
  a: Point;
  b: Point;
}

/** Twice the signed shoelace area in mm² (an integer: positive counter-clockwise with y up). */
export function signedDoubleArea(polygon: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < polygon.length; i++) {
    const p = polygon[i]!;
    const q = polygon[(i + 1) % polygon.length]!;
    sum += p.x * q.y - q.x * p.y;
  }
  return sum;
}

/** Sign of the cross product (b − a) × (c − a): 1 left turn, −1 right turn, 0 collinear. */
export function orientation(a: Point, b: Point, c: Point): -1 | 0 | 1 {
  // Both products are exact doubles while they stay within 2^53 (always so for document
  // coordinates, ±1 km), and comparing two exact doubles gives the exact sign; only larger
  // values take the (about a hundred times slower) BigInt road. Room outlines of a thousand
  // points make this the hot loop of saving a document.
  const left = (b.x - a.x) * (c.y - a.y);
  const right = (b.y - a.y) * (c.x - a.x);
  if (abs(left) <= MAX_SAFE_INTEGER && abs(right) <= MAX_SAFE_INTEGER) {
    return left > right ? 1 : left < right ? -1 : 0;
  }
  const value = big(b.x - a.x) * big(c.y - a.y) - big(b.y - a.y) * big(c.x - a.x);
  return value > 0n ? 1 : value < 0n ? -1 : 0;
}

/** c lies within the bounding box of a–b (used once a, b, c are known collinear). */
function withinBox(a: Point, b: Point, c: Point): boolean {
  return min(a.x, b.x) <= c.x && c.x <= max(a.x, b.x) && min(a.y, b.y) <= c.y && c.y <= max(a.y, b.y);
}

/** Closed segments p1–p2 and q1–q2 share at least one point (touching counts). */
export function segmentsIntersect(p1: Point, p2: Point, q1: Point, q2: Point): boolean {
  const o1 = orientation(p1, p2, q1);
  const o2 = orientation(p1, p2, q2);
  const o3 = orientation(q1, q2, p1);
  const o4 = orientation(q1, q2, p2);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && withinBox(p1, p2, q1)) return true;
  if (o2 === 0 && withinBox(p1, p2, q2)) return true;
  if (o3 === 0 && withinBox(q1, q2, p1)) return true;
  if (o4 === 0 && withinBox(q1, q2, p2)) return true;
  return false;
}
