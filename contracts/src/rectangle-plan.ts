import type { DesignDocument, DesignPoint, DesignRoom, DesignWall } from './design-document';

/** A rectangular room as measured: its name, its top-left corner and its size, in mm. */
export interface RectangleRoom {
  name: string;
  x: number;
  y: number;
  width: number;
  depth: number;
}

const cornerKey = (p: DesignPoint) => `${p.x},${p.y}`;

/**
 * A plan of rectangular rooms as a design document: each room with its outline, and a wall on
 * every room edge; an edge two rooms share exactly is one wall, as the editor draws it.
 */
export function rectanglePlanDocument(
  rooms: readonly RectangleRoom[],
  wall: Pick<DesignWall, 'thickness' | 'height'> = { thickness: 120, height: 2300 },
): Pick<DesignDocument, 'version' | 'walls' | 'openings' | 'rooms' | 'wallDrawings' | 'items'> {
  const walls: DesignWall[] = [];
  const seen = new Set<string>();
  const planRooms: DesignRoom[] = rooms.map(({ name, x, y, width, depth }, index) => {
    const polygon = [
      { x, y },
      { x: x + width, y },
      { x: x + width, y: y + depth },
      { x, y: y + depth },
    ];
    polygon.forEach((a, i) => {
      const b = polygon[(i + 1) % polygon.length]!;
      const edge = [cornerKey(a), cornerKey(b)].sort().join('|');
      if (seen.has(edge)) return;
      seen.add(edge);
      walls.push({ id: `w${walls.length + 1}`, a, b, ...wall });
    });
    return { id: `r${index + 1}`, name, polygon, ceilingHeight: wall.height };
  });
  return { version: 1, walls, openings: [], rooms: planRooms, wallDrawings: [], items: [] };
}
