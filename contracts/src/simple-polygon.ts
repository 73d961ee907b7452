import { OrderedSet } from '@js-sdsl/ordered-set';
import { orientation, type Point, segmentsIntersect, signedDoubleArea } from './plane';

/** Counts the exact tests a check makes: tests prove its cost grows as n log n, not n². */
export interface GeometryTally {
  tests: number;
}

const { max, min } = Math; // bound once: see geometry.ts

const SMALL_OUTLINE = 12;

const samePoint = (p: Point, q: Point) => p.x === q.x && q.y === p.y;
const lexLess = (p: Point, q: Point) => p.x < q.x || (p.x === q.x && p.y < q.y);

/**
 * A simple polygon: at least 3 points, no repeated vertex, non-zero area, and no two edges meet
 * except neighbours at their shared vertex (neighbours may not fold back over each other).
 *
 * Shamos–Hoey: the edges are swept in (x, y) order, kept ordered bottom to top where the sweep
 * crosses them, and each edge is tested only against the edges next to it in that order, when it
 * enters and when an edge between two others leaves. The first place two edges meet is always
 * reached by two edges that were once next to each other, so n log n tests decide it, however the
 * outline zig-zags (testing every pair whose boxes overlap is quadratic on a zig-zag). Ties in x are
 * broken by y, which is a sweep line tilted infinitesimally: vertical edges need no special case.
 */
export function isSimplePolygon(polygon: readonly Point[], tally?: GeometryTally): boolean {
  const n = polygon.length;
  if (n < 3) return false;
  const seen = new Set<string>();
  for (const p of polygon) {
    const key = `${p.x},${p.y}`;
    if (seen.has(key)) return false;
    seen.add(key);
  }
  if (signedDoubleArea(polygon) === 0) return false;
  // A few edges are cheaper to test pair by pair than to sweep (most rooms have four to a dozen).
  if (n <= SMALL_OUTLINE) {
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if (tally) tally.tests++;
        if (!edgesMayMeet(polygon, i, j)) return false;
      }
    }
    return true;
  }
  // Neighbours folding back are found in one pass; the sweep then only looks for other contacts.
  for (let i = 0; i < n; i++)
    if (!edgesMayMeet(polygon, min(i, (i + 1) % n), max(i, (i + 1) % n))) return false;

  const left: Point[] = [];
  const right: Point[] = [];
  for (let i = 0; i < n; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % n]!;
    const aFirst = lexLess(a, b);
    left.push(aFirst ? a : b);
    right.push(aFirst ? b : a);
  }
  const count = () => {
    if (tally) tally.tests++;
  };
  // Bottom to top where the sweep crosses both: the edge that entered later is placed by where its
  // first point lies against the other (its second point when the first is shared).
  const above = (a: number, b: number): number => {
    count();
    let side = orientation(left[b]!, right[b]!, left[a]!);
    if (side === 0) side = orientation(left[b]!, right[b]!, right[a]!);
    return side;
  };
  const order = (a: number, b: number): number => {
    if (a === b) return 0;
    const side = lexLess(left[a]!, left[b]!) ? -above(b, a) : above(a, b);
    return side !== 0 ? side : a - b;
  };
  const status = new OrderedSet<number>([], order);
  const meetOnlyAsNeighbours = (a: number, b: number): boolean => {
    count();
    return edgesMayMeet(polygon, min(a, b), max(a, b));
  };

  // Events: an edge leaves at its second point before edges enter there, so the two edges of a
  // vertex the outline passes through are never compared at that vertex.
  const events: { edge: number; leaves: boolean; at: Point }[] = [];
  for (let i = 0; i < n; i++) {
    events.push({ edge: i, leaves: false, at: left[i]! });
    events.push({ edge: i, leaves: true, at: right[i]! });
  }
  events.sort(
    (e, f) => e.at.x - f.at.x || e.at.y - f.at.y || Number(f.leaves) - Number(e.leaves) || e.edge - f.edge,
  );
  for (const { edge, leaves } of events) {
    if (leaves) {
      // Read the neighbours before erasing: erasing moves keys between the tree's nodes.
      const below = status.reverseUpperBound(edge);
      const over = status.upperBound(edge);
      const pair =
        below.equals(status.rEnd()) || over.equals(status.end()) ? null : [below.pointer, over.pointer];
      status.eraseElementByKey(edge);
      if (pair && !meetOnlyAsNeighbours(pair[0]!, pair[1]!)) return false;
      continue;
    }
    status.insert(edge);
    const below = status.reverseUpperBound(edge);
    if (!below.equals(status.rEnd()) && !meetOnlyAsNeighbours(below.pointer, edge)) return false;
    const over = status.upperBound(edge);
    if (!over.equals(status.end()) && !meetOnlyAsNeighbours(over.pointer, edge)) return false;
  }
  return true;
}

/** Edges i < j of the outline meet only as neighbours do: at their shared vertex, not folding back. */
function edgesMayMeet(polygon: readonly Point[], i: number, j: number): boolean {
  const n = polygon.length;
  const a1 = polygon[i]!;
  const a2 = polygon[(i + 1) % n]!;
  const b1 = polygon[j]!;
  const b2 = polygon[(j + 1) % n]!;
  const adjacent = j === i + 1 || (i === 0 && j === n - 1);
  if (!adjacent) return !segmentsIntersect(a1, a2, b1, b2);
  // Neighbours share one vertex; they may not overlap along a line (a spike folding back).
  const shared = j === i + 1 ? a2 : a1;
  const otherA = samePoint(shared, a1) ? a2 : a1;
  const otherB = samePoint(shared, b1) ? b2 : b1;
  if (orientation(shared, otherA, otherB) === 0) {
    const dot = (otherA.x - shared.x) * (otherB.x - shared.x) + (otherA.y - shared.y) * (otherB.y - shared.y);
    if (dot > 0) return false;
  }
  return true;
}
