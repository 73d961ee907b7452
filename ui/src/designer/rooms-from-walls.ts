import { type DesignPoint, orientation, pointOnSegment, signedDoubleArea } from '@interior/contracts';

/**
 * Rooms found in the walls (docs/designer.md): the walls' centre lines make a plane graph, split
 * where walls cross, meet end to side (a T) or overlap; its bounded faces are the enclosed areas.
 * Only for finding them: the document's walls are left as they were drawn.
 */

interface WallLine {
  id: string;
  a: DesignPoint;
  b: DesignPoint;
}

/** An enclosed area: its outline (corners only) and the walls that bound it. */
export interface EnclosedFace {
  polygon: DesignPoint[];
  /** Twice the outline's area, mm² (positive). */
  doubleArea: number;
  /** A point well inside the area (not inside any island of walls standing in it). */
  inside: DesignPoint;
  wallIds: Set<string>;
}

/** Faces smaller than this (0.1 ㎡) are left alone: slivers between walls, not rooms. */
export const MIN_ROOM_AREA_MM2 = 100_000;

const key = (p: DesignPoint) => `${p.x},${p.y}`;

/** Even-odd test of a point (any coordinates) against a closed outline. */
export function pointInPolygon(p: DesignPoint, polygon: readonly DesignPoint[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** The crossing of two segments that cross properly (each strictly between the other's ends), rounded to the millimetre. */
function crossing(p1: DesignPoint, p2: DesignPoint, q1: DesignPoint, q2: DesignPoint): DesignPoint | null {
  const o1 = orientation(p1, p2, q1);
  const o2 = orientation(p1, p2, q2);
  const o3 = orientation(q1, q2, p1);
  const o4 = orientation(q1, q2, p2);
  if (o1 * o2 >= 0 || o3 * o4 >= 0) return null;
  const rx = p2.x - p1.x;
  const ry = p2.y - p1.y;
  const sx = q2.x - q1.x;
  const sy = q2.y - q1.y;
  const t = ((q1.x - p1.x) * sy - (q1.y - p1.y) * sx) / (rx * sy - ry * sx);
  return { x: Math.round(p1.x + t * rx), y: Math.round(p1.y + t * ry) };
}

interface Edge {
  u: string;
  v: string;
  wallIds: Set<string>;
}

/** The plane graph of the walls: each wall cut at every point where another wall meets it. */
function wallGraph(walls: readonly WallLine[]) {
  const lines = walls.filter((w) => w.a.x !== w.b.x || w.a.y !== w.b.y);
  const cuts = lines.map((w) => [w.a, w.b]);
  // Sweep by x so that only walls whose boxes overlap are compared.
  const order = lines
    .map((w, i) => ({ i, minX: Math.min(w.a.x, w.b.x), maxX: Math.max(w.a.x, w.b.x) }))
    .sort((p, q) => p.minX - q.minX);
  for (let m = 0; m < order.length; m++) {
    const { i, maxX } = order[m]!;
    const p = lines[i]!;
    for (let n = m + 1; n < order.length && order[n]!.minX <= maxX + 1; n++) {
      const j = order[n]!.i;
      const q = lines[j]!;
      if (Math.min(p.a.y, p.b.y) > Math.max(q.a.y, q.b.y) + 1) continue;
      if (Math.min(q.a.y, q.b.y) > Math.max(p.a.y, p.b.y) + 1) continue;
      // An end on the other wall (a T, an L, or walls overlapping along a line) cuts it there.
      for (const end of [q.a, q.b]) if (pointOnSegment(end, p.a, p.b)) cuts[i]!.push(end);
      for (const end of [p.a, p.b]) if (pointOnSegment(end, q.a, q.b)) cuts[j]!.push(end);
      const at = crossing(p.a, p.b, q.a, q.b);
      if (at) {
        cuts[i]!.push(at);
        cuts[j]!.push(at);
      }
    }
  }
  const points = new Map<string, DesignPoint>();
  const edges = new Map<string, Edge>();
  lines.forEach((wall, i) => {
    const dx = wall.b.x - wall.a.x;
    const dy = wall.b.y - wall.a.y;
    const along = (p: DesignPoint) => (p.x - wall.a.x) * dx + (p.y - wall.a.y) * dy;
    const sorted = [...cuts[i]!].sort((p, q) => along(p) - along(q));
    let previous: DesignPoint | null = null;
    for (const point of sorted) {
      points.set(key(point), point);
      if (previous && key(previous) !== key(point)) {
        const [u, v] = [key(previous), key(point)].sort() as [string, string];
        const edgeKey = `${u}|${v}`;
        const edge = edges.get(edgeKey) ?? { u, v, wallIds: new Set<string>() };
        edge.wallIds.add(wall.id);
        edges.set(edgeKey, edge);
      }
      previous = point;
    }
  });
  return { points, edges: [...edges.values()] };
}

interface HalfEdge {
  from: string;
  to: string;
  angle: number;
  twin: HalfEdge | null;
  wallIds: Set<string>;
  seen: boolean;
}

/** Splits a closed walk at its repeated corners into simple loops. */
function simpleLoops(walk: string[]): string[][] {
  const loops: string[][] = [];
  const stack: string[] = [];
  const at = new Map<string, number>();
  for (const vertex of walk) {
    const earlier = at.get(vertex);
    if (earlier !== undefined) {
      const loop = stack.splice(earlier);
      for (const v of loop) at.delete(v);
      loops.push(loop);
    }
    at.set(vertex, stack.length);
    stack.push(vertex);
  }
  if (stack.length) loops.push(stack);
  return loops.filter((loop) => loop.length >= 3);
}

/** Drops the corners where the outline goes straight on (a wall meeting it from the side). */
function corners(polygon: DesignPoint[]): DesignPoint[] {
  const kept = polygon.filter((p, i) => {
    const before = polygon[(i + polygon.length - 1) % polygon.length]!;
    const after = polygon[(i + 1) % polygon.length]!;
    return orientation(before, p, after) !== 0;
  });
  return kept.length >= 3 ? kept : polygon;
}

/** A point inside the area bounded by `outer` and outside its `holes`: the middle of the widest span of a scan line. */
function insidePoint(outer: DesignPoint[], holes: DesignPoint[][]): DesignPoint {
  const rings = [outer, ...holes];
  const ys = [...new Set(rings.flat().map((p) => p.y))].sort((a, b) => a - b);
  let best = { x: outer[0]!.x, y: outer[0]!.y, width: -1 };
  const step = Math.max(1, Math.floor((ys.length - 1) / 32));
  for (let i = 0; i + 1 < ys.length; i += step) {
    // Between two corners' heights, the scan line passes through no corner.
    const y = (ys[i]! + ys[i + 1]!) / 2;
    const xs: number[] = [];
    for (const ring of rings)
      for (let k = 0; k < ring.length; k++) {
        const a = ring[k]!;
        const b = ring[(k + 1) % ring.length]!;
        if (a.y > y !== b.y > y) xs.push(a.x + ((y - a.y) * (b.x - a.x)) / (b.y - a.y));
      }
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const width = xs[k + 1]! - xs[k]!;
      if (width > best.width) best = { x: (xs[k]! + xs[k + 1]!) / 2, y, width };
    }
  }
  return { x: best.x, y: best.y };
}

/**
 * The enclosed areas of the walls: the bounded faces of their plane graph, each as its outline
 * (holes left out: a room outline has none) with the walls bounding it. A wall sticking out into
 * an area, or one joining two areas, bounds no area of its own and is passed over.
 */
export function enclosedFaces(walls: readonly WallLine[]): EnclosedFace[] {
  const { points, edges } = wallGraph(walls);
  const outgoing = new Map<string, HalfEdge[]>();
  const add = (from: string, to: string, wallIds: Set<string>) => {
    const p = points.get(from)!;
    const q = points.get(to)!;
    const half: HalfEdge = {
      from,
      to,
      angle: Math.atan2(q.y - p.y, q.x - p.x),
      twin: null,
      wallIds,
      seen: false,
    };
    outgoing.set(from, [...(outgoing.get(from) ?? []), half]);
    return half;
  };
  for (const edge of edges) {
    const there = add(edge.u, edge.v, edge.wallIds);
    const back = add(edge.v, edge.u, edge.wallIds);
    there.twin = back;
    back.twin = there;
  }
  for (const list of outgoing.values()) list.sort((a, b) => a.angle - b.angle);

  // Each face is walked keeping it on the same hand: from each edge, the next is the one just
  // before the way back, in angle order around the corner reached.
  const walks: { vertices: string[]; wallIds: Set<string> }[] = [];
  for (const list of outgoing.values())
    for (const start of list) {
      if (start.seen) continue;
      const vertices: string[] = [];
      const wallIds = new Set<string>();
      let half = start;
      while (!half.seen) {
        half.seen = true;
        vertices.push(half.from);
        for (const id of half.wallIds) wallIds.add(id);
        const around = outgoing.get(half.to)!;
        const back = around.indexOf(half.twin!);
        half = around[(back + around.length - 1) % around.length]!;
      }
      walks.push({ vertices, wallIds });
    }

  const toPolygon = (loop: string[]) => loop.map((k) => points.get(k)!);
  // Bounded faces go round one way (positive shoelace sum here), the outside of each group of
  // walls the other way; such an outside lying in a face is an island in it.
  const faces: (EnclosedFace & { holes: DesignPoint[][] })[] = [];
  const islands: DesignPoint[][] = [];
  for (const walk of walks) {
    const loops = simpleLoops(walk.vertices).map(toPolygon);
    const total = signedDoubleArea(walk.vertices.map((k) => points.get(k)!));
    if (total > 0) {
      const outer = loops.reduce<DesignPoint[] | null>(
        (big, loop) => (!big || signedDoubleArea(loop) > signedDoubleArea(big) ? loop : big),
        null,
      );
      if (!outer || signedDoubleArea(outer) <= 0) continue;
      // Loops of the walk going the other way are islands joined to the outline by a wall.
      const holes = loops.filter((loop) => signedDoubleArea(loop) < 0);
      faces.push({
        polygon: outer,
        doubleArea: signedDoubleArea(outer),
        inside: { x: 0, y: 0 },
        wallIds: walk.wallIds,
        holes,
      });
    } else {
      for (const loop of loops) if (signedDoubleArea(loop) < 0) islands.push(loop);
    }
  }
  // An island lies in the smallest face around it.
  for (const island of islands) {
    let home: (typeof faces)[number] | null = null;
    for (const face of faces) {
      if (face.polygon.some((p) => island.some((q) => q.x === p.x && q.y === p.y))) continue;
      if (!pointInPolygon(island[0]!, face.polygon)) continue;
      if (!home || face.doubleArea < home.doubleArea) home = face;
    }
    home?.holes.push(island);
  }
  return faces
    .filter((face) => face.doubleArea >= 2 * MIN_ROOM_AREA_MM2)
    .map(({ holes, ...face }) => ({
      ...face,
      polygon: corners(face.polygon),
      inside: insidePoint(face.polygon, holes),
    }));
}

/**
 * The enclosed areas no room covers yet (a room covers an area when a point well inside the area
 * lies inside the room's outline), optionally only those bounded by a given wall.
 */
export function uncoveredFaces(
  walls: readonly WallLine[],
  rooms: readonly { polygon: readonly DesignPoint[] }[],
  options: { boundedBy?: string } = {},
): EnclosedFace[] {
  return enclosedFaces(walls).filter(
    (face) =>
      (!options.boundedBy || face.wallIds.has(options.boundedBy)) &&
      !rooms.some((room) => room.polygon.length >= 3 && pointInPolygon(face.inside, room.polygon)),
  );
}
