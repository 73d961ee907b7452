import type { DesignDocument, DesignWall } from '@interior/contracts';
import { roomSidesOfWall } from './edit';

const DIMENSION = '#455a64';
const SWING = '#8d6e63';

/** A wall's direction and its left-hand normal (−dy, dx), both of length 1, and its length. */
function axes(wall: DesignWall) {
  const length = Math.hypot(wall.b.x - wall.a.x, wall.b.y - wall.a.y);
  const ux = (wall.b.x - wall.a.x) / (length || 1);
  const uy = (wall.b.y - wall.a.y) / (length || 1);
  return { length, ux, uy, nx: -uy, ny: ux };
}

/**
 * A dimension line beside every wall with its length in millimetres: on the side of the wall's
 * right hand (outside a room drawn clockwise on screen, as the editor draws them), with ticks at
 * both ends and the figure kept upright.
 */
export function WallDimensionLines({ doc, font }: { doc: DesignDocument; font: number }) {
  return (
    <g pointerEvents="none" data-testid="plan-dimensions">
      {doc.walls.map((wall) => {
        const { length, ux, uy, nx, ny } = axes(wall);
        if (length === 0) return null;
        const away = -(wall.thickness / 2 + font * 0.9);
        const a = { x: wall.a.x + nx * away, y: wall.a.y + ny * away };
        const b = { x: wall.b.x + nx * away, y: wall.b.y + ny * away };
        const tick = font * 0.4;
        let angle = (Math.atan2(uy, ux) * 180) / Math.PI;
        // Upright: text never reads upside down.
        if (angle > 90) angle -= 180;
        else if (angle <= -90) angle += 180;
        const mid = { x: (a.x + b.x) / 2 - nx * font * 0.3, y: (a.y + b.y) / 2 - ny * font * 0.3 };
        return (
          <g key={wall.id} data-testid="wall-dimension" stroke={DIMENSION} strokeWidth={font / 14}>
            <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} />
            <line x1={a.x - nx * tick} y1={a.y - ny * tick} x2={a.x + nx * tick} y2={a.y + ny * tick} />
            <line x1={b.x - nx * tick} y1={b.y - ny * tick} x2={b.x + nx * tick} y2={b.y + ny * tick} />
            <text
              x={mid.x}
              y={mid.y}
              fontSize={font * 0.7}
              textAnchor="middle"
              fill={DIMENSION}
              stroke="none"
              transform={`rotate(${angle} ${mid.x} ${mid.y})`}
            >
              {Math.round(length).toLocaleString('ko-KR')}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/**
 * Each door's leaf and swing: hinged at the door's start on its wall, opening square into the
 * room the wall bounds (or to the wall's left-hand side when it bounds none), a quarter circle of
 * the door's width.
 */
export function DoorSwings({ doc, font }: { doc: DesignDocument; font: number }) {
  const walls = new Map(doc.walls.map((w) => [w.id, w]));
  return (
    <g pointerEvents="none" fill="none" stroke={SWING} strokeWidth={font / 12}>
      {doc.openings.map((door) => {
        const wall = door.kind === 'Door' ? walls.get(door.wallId) : undefined;
        if (!wall) return null;
        const { ux, uy, nx, ny } = axes(wall);
        const side = roomSidesOfWall(doc, wall)[0] ?? 1;
        const hinge = { x: wall.a.x + ux * door.offset, y: wall.a.y + uy * door.offset };
        const shut = { x: hinge.x + ux * door.width, y: hinge.y + uy * door.width };
        const open = { x: hinge.x + side * nx * door.width, y: hinge.y + side * ny * door.width };
        // From the open leaf back to the shut position, the short way round: toward increasing
        // angles (sweep flag 1) when the cross product of the two radii is positive.
        const cross = (open.x - hinge.x) * (shut.y - hinge.y) - (open.y - hinge.y) * (shut.x - hinge.x);
        return (
          <path
            key={door.id}
            data-testid="door-swing"
            d={`M ${hinge.x} ${hinge.y} L ${open.x} ${open.y} A ${door.width} ${door.width} 0 0 ${cross > 0 ? 1 : 0} ${shut.x} ${shut.y}`}
          />
        );
      })}
    </g>
  );
}
