import Flatbush from 'flatbush';
import { type Decimal, dec } from './decimal';
import { type Point, type Segment, signedDoubleArea } from './plane';

/**
 * Plane geometry of design documents. Coordinates are integer millimetres; areas are kept as
 * integer mm² (or twice that, for the shoelace sum) and lengths as exact decimals, so that ㎡ and
 * m are derived without binary floating point. Orientation and distance tests on the boundary use
 * BigInt where a product of coordinates could pass 2^53.
 */

/*
 * The globals of the hot loops, bound once: in a VM context (where the tests run the services) each
 * lookup of a global such as Math costs about thirty times the arithmetic around it.
 */
const { abs, floor, hypot, max, min, sqrt } = Math;
const big = BigInt;

/** Tolerance of "lies on" tests: 1 mm. */
export const ON_BOUNDARY_TOLERANCE_MM = 1;

const MM2_PER_M2 = 1_000_000;
const MM_PER_M = 1_000;

/** Area in mm² (may end in .5: exact in a double for the document limits). */
export function polygonAreaMm2(polygon: readonly Point[]): number {
  return abs(signedDoubleArea(polygon)) / 2;
}

/** Area in ㎡, exact. */
export function polygonAreaM2(polygon: readonly Point[]): Decimal {
  return dec(abs(signedDoubleArea(polygon))).div(2 * MM2_PER_M2);
}

/** Length of a segment in mm: exact when axis-aligned, 40 significant digits otherwise. */
export function segmentLengthMm(a: Point, b: Point): Decimal {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (dx === 0) return dec(abs(dy));
  if (dy === 0) return dec(abs(dx));
  return sqrtOfInteger(dx * dx + dy * dy);
}

/**
 * √n for a non-negative safe integer, rounded half-up to the 40 significant digits of Decimal: the
 * value Decimal's own sqrt gives (it is correctly rounded too), computed with one BigInt integer
 * square root instead of Decimal's long division, which took a tenth of a millisecond per diagonal
 * edge (a large plan's perimeters alone held a save for seconds).
 */
export function sqrtOfInteger(n: number): Decimal {
  const root = floor(sqrt(n));
  const exact = root * root === n ? root : (root + 1) * (root + 1) === n ? root + 1 : -1;
  if (exact >= 0) return dec(exact);
  const SIGNIFICANT = 40;
  // Scale n by 10^2k so that ⌊√(n·10^2k)⌋ has exactly 40 digits, then round on the 41st.
  const k = SIGNIFICANT - String(root).length;
  const scaled = big(n) * POWERS_OF_100[k]!;
  // Newton's method for ⌊√scaled⌋, from a double's 15 good digits: a step from any guess lands at
  // or above the root, and from there it falls to it in two or three steps.
  let s = big(floor(sqrt(n) * 1e15)) * 10n ** big(k - 15);
  s = (s + scaled / s) >> 1n;
  for (;;) {
    const next = (s + scaled / s) >> 1n;
    if (next >= s) break;
    s = next;
  }
  // Half-up: up when √scaled ≥ s + ½, i.e. 4·scaled ≥ (2s + 1)² (never equal: √n is irrational).
  if (4n * scaled >= (2n * s + 1n) ** 2n) s += 1n;
  return dec(`${s}e-${k}`);
}

const POWERS_OF_100 = Array.from({ length: 41 }, (_, k) => 10n ** big(2 * k));

/** Perimeter (sum of the edges, closing edge included) in mm. */
export function polygonPerimeterMm(polygon: readonly Point[]): Decimal {
  let sum = dec(0);
  for (let i = 0; i < polygon.length; i++) {
    sum = sum.plus(segmentLengthMm(polygon[i]!, polygon[(i + 1) % polygon.length]!));
  }
  return sum;
}

/** Perimeter in m. */
export function polygonPerimeterM(polygon: readonly Point[]): Decimal {
  return polygonPerimeterMm(polygon).div(MM_PER_M);
}

export const mmToM = (mm: number | Decimal): Decimal => dec(mm).div(MM_PER_M);
export const mm2ToM2 = (mm2: number | Decimal): Decimal => dec(mm2).div(MM2_PER_M2);

export { orientation, type Point, type Segment, segmentsIntersect, signedDoubleArea } from './plane';
export { type GeometryTally, isSimplePolygon } from './simple-polygon';

/** Distance from p to segment a–b is at most `tolerance` mm (exact: integer and BigInt arithmetic). */
export function pointOnSegment(p: Point, a: Point, b: Point, tolerance = ON_BOUNDARY_TOLERANCE_MM): boolean {
  // Cheap exact rejection first: most walls are nowhere near most rooms.
  if (
    p.x < min(a.x, b.x) - tolerance ||
    p.x > max(a.x, b.x) + tolerance ||
    p.y < min(a.y, b.y) - tolerance ||
    p.y > max(a.y, b.y) + tolerance
  ) {
    return false;
  }
  const abx = big(b.x - a.x);
  const aby = big(b.y - a.y);
  const apx = big(p.x - a.x);
  const apy = big(p.y - a.y);
  const t2 = big(tolerance) * big(tolerance);
  const len2 = abx * abx + aby * aby;
  const dot = apx * abx + apy * aby;
  if (len2 === 0n || dot <= 0n) return apx * apx + apy * apy <= t2;
  if (dot >= len2) {
    const bpx = big(p.x - b.x);
    const bpy = big(p.y - b.y);
    return bpx * bpx + bpy * bpy <= t2;
  }
  const cross = abx * apy - aby * apx;
  // distance² = cross² / len2 ≤ t² ⇔ cross² ≤ t² · len2
  return cross * cross <= t2 * len2;
}

/** p lies on the polygon's boundary within 1 mm. */
export function pointOnBoundary(
  p: Point,
  polygon: readonly Point[],
  tolerance = ON_BOUNDARY_TOLERANCE_MM,
): boolean {
  for (let i = 0; i < polygon.length; i++) {
    if (pointOnSegment(p, polygon[i]!, polygon[(i + 1) % polygon.length]!, tolerance)) return true;
  }
  return false;
}

/**
 * A wall belongs to a room when both its ends lie on the room's boundary (within 1 mm), and so
 * does its middle: a wall whose ends touch the boundary but which runs across the room (a chord,
 * a partition) is not one of the room's walls. The middle is tested at double scale, where it
 * has integer coordinates.
 */
export function wallBelongsToRoom(wall: Segment, polygon: readonly Point[]): boolean {
  if (!pointOnBoundary(wall.a, polygon) || !pointOnBoundary(wall.b, polygon)) return false;
  const middle2 = { x: wall.a.x + wall.b.x, y: wall.a.y + wall.b.y };
  const doubled = polygon.map((p) => ({ x: 2 * p.x, y: 2 * p.y }));
  return pointOnBoundary(middle2, doubled, 2 * ON_BOUNDARY_TOLERANCE_MM);
}

export interface WallLike extends Segment {
  id: string;
  height: number;
}

export interface OpeningLike {
  id: string;
  wallId: string;
  offset: number;
  width: number;
  height: number;
  sill: number;
}

/** The walls of a room, in document order. */
export function wallsOfRoom<W extends Segment>(walls: readonly W[], polygon: readonly Point[]): W[] {
  return wallsInRoomBox(walls, polygon).filter((w) => wallBelongsToRoom(w, polygon));
}

/**
 * The walls with both ends in the room's box (plus the tolerance), in document order: only they
 * can belong to it. Found through a spatial index of the walls, built once per list of walls, so a
 * plan of many rooms and walls is not every room against every wall.
 */
export function wallsInRoomBox<W extends Segment>(walls: readonly W[], polygon: readonly Point[]): W[] {
  const box = boundingBox(polygon);
  if (!box || walls.length === 0) return [];
  const t = ON_BOUNDARY_TOLERANCE_MM;
  const near = (p: Point) =>
    p.x >= box.minX - t && p.x <= box.maxX + t && p.y >= box.minY - t && p.y <= box.maxY + t;
  const found = wallIndex(walls).search(box.minX - t, box.minY - t, box.maxX + t, box.maxY + t);
  return found
    .sort((a, b) => a - b)
    .map((i) => walls[i]!)
    .filter((w) => near(w.a) && near(w.b));
}

const wallIndexes = new WeakMap<readonly Segment[], Flatbush>();

function wallIndex(walls: readonly Segment[]): Flatbush {
  let index = wallIndexes.get(walls);
  if (!index) {
    index = new Flatbush(walls.length);
    // By one end: a wall is found when that end is in the box (a wall crossing the box is not).
    for (const w of walls) index.add(w.a.x, w.a.y, w.a.x, w.a.y);
    index.finish();
    wallIndexes.set(walls, index);
  }
  return index;
}

/** The openings placed on one wall. */
export function openingsOnWall<O extends { wallId: string }>(openings: readonly O[], wallId: string): O[] {
  return openings.filter((o) => o.wallId === wallId);
}

/** An opening lies within its wall: along its length (offset from end a) and below its height. */
export function openingFitsWall(opening: OpeningLike, wall: WallLike): { along: boolean; height: boolean } {
  const dx = wall.b.x - wall.a.x;
  const dy = wall.b.y - wall.a.y;
  const end = opening.offset + opening.width;
  return {
    along: opening.offset >= 0 && end * end <= dx * dx + dy * dy,
    height: opening.sill >= 0 && opening.sill + opening.height <= wall.height,
  };
}

export interface RectElement {
  width: number;
  height: number;
}

export interface WallAreaInput {
  polygon: readonly Point[];
  ceilingHeight: number;
  walls: readonly (Segment & { id: string })[];
  openings: readonly OpeningLike[];
  /** The outline's perimeter when the caller has it already (it is the costly part). */
  perimeterMm?: Decimal;
  /** Wall drawings placed on walls, with the elements of their catalogue record. */
  wallDrawings: readonly { wallId: string; elements: readonly RectElement[] }[];
}

export interface WallAreaBreakdown {
  /** perimeter × ceiling height, mm² */
  grossMm2: Decimal;
  /** openings on the room's walls, Σ width × height, mm² */
  openingsMm2: number;
  /** wall-drawing elements on the room's walls, Σ width × height, mm² */
  wallDrawingsMm2: number;
  /** gross − openings − wall drawings, mm² */
  netMm2: Decimal;
  /** the same in ㎡ */
  netM2: Decimal;
  wallIds: string[];
}

/**
 * Net wall area of a room: perimeter × ceiling height − the openings on the room's walls
 * (width × height each) − the wall-drawing elements on the room's walls. A wall shared by two
 * rooms counts for both (an opening in it is missing from both sides' finish).
 */
export function roomWallArea(input: WallAreaInput): WallAreaBreakdown {
  const grossMm2 = (input.perimeterMm ?? polygonPerimeterMm(input.polygon)).times(input.ceilingHeight);
  const wallIds = wallsOfRoom(input.walls, input.polygon).map((w) => w.id);
  const onRoom = new Set(wallIds);
  let openingsMm2 = 0;
  for (const o of input.openings) if (onRoom.has(o.wallId)) openingsMm2 += o.width * o.height;
  let wallDrawingsMm2 = 0;
  for (const d of input.wallDrawings) {
    if (!onRoom.has(d.wallId)) continue;
    for (const e of d.elements) wallDrawingsMm2 += e.width * e.height;
  }
  const netMm2 = grossMm2.minus(openingsMm2).minus(wallDrawingsMm2);
  return { grossMm2, openingsMm2, wallDrawingsMm2, netMm2, netM2: mm2ToM2(netMm2), wallIds };
}

/** The smallest box holding every point, or null for none. */
export function boundingBox(
  points: Iterable<Point>,
): { minX: number; minY: number; maxX: number; maxY: number } | null {
  let box: { minX: number; minY: number; maxX: number; maxY: number } | null = null;
  for (const p of points) {
    if (!box) box = { minX: p.x, minY: p.y, maxX: p.x, maxY: p.y };
    else {
      box.minX = min(box.minX, p.x);
      box.minY = min(box.minY, p.y);
      box.maxX = max(box.maxX, p.x);
      box.maxY = max(box.maxY, p.y);
    }
  }
  return box;
}

/** The point at `distance` mm from a along a–b (for drawing openings). */
export function pointAlong(a: Point, b: Point, distance: number): Point {
  const length = hypot(b.x - a.x, b.y - a.y);
  if (length === 0) return { x: a.x, y: a.y };
  const t = distance / length;
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}
