import type { DesignDocument, DesignRoom, DesignWall } from './design-document';
import type { Point } from './geometry';

/**
 * Documents that cost the geometry checks most within the document limits, for the tests that
 * hold those checks to their budget (counted tests and the event loop's delay). Not sample data.
 */

/**
 * A simple outline of `points` points (at least 8) whose long edges zig-zag between two vertical
 * lines, each rising by more than the whole zig-zag: every pair of those edges overlaps in its
 * bounding box, so any check that tests pairs of overlapping boxes is quadratic on it.
 */
export function zigZagOutline(points: number, origin: Point = { x: 0, y: 0 }): Point[] {
  const teeth = Math.floor((points - 3) / 2);
  const width = 10_000;
  const rise = 2 * teeth + 2;
  const outline: Point[] = [];
  for (let i = 0; i < teeth; i++) {
    outline.push({ x: origin.x, y: origin.y + i }, { x: origin.x + width, y: origin.y + i + rise });
  }
  const top = origin.y + teeth - 1 + rise;
  outline.push({ x: origin.x + width + 10, y: top }, { x: origin.x + width + 10, y: origin.y - 10 });
  while (outline.length < points)
    outline.push({ x: origin.x + width + 10 - outline.length, y: origin.y - 10 });
  return outline;
}

/**
 * `rooms` zig-zag rooms of `pointsPerRoom` points, one on top of the other, and `walls` walls
 * along their edges, so that every wall lies in every room's box and on its boundary; each room
 * has a wall material, so an estimate finds each room's walls.
 */
export function zigZagDocument(options: {
  rooms: number;
  pointsPerRoom: number;
  walls: number;
}): DesignDocument {
  const outline = zigZagOutline(options.pointsPerRoom);
  const rooms: DesignRoom[] = Array.from({ length: options.rooms }, (_, i) => ({
    id: `r${i}`,
    name: `방${i}`,
    workspaceId: null,
    polygon: outline,
    ceilingHeight: 2400,
    floorMaterialId: null,
    wallMaterialId: 1,
    ceilingMaterialId: null,
  }));
  const walls: DesignWall[] = Array.from({ length: options.walls }, (_, i) => ({
    id: `w${i}`,
    a: outline[i % outline.length]!,
    b: outline[(i + 1) % outline.length]!,
    thickness: 100,
    height: 2400,
  }));
  return { version: 1, walls, openings: [], rooms, wallDrawings: [], items: [] };
}
