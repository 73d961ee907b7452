import {
  type DesignDocument,
  type DesignOpening,
  type DesignPoint,
  type DesignRoom,
  type DesignWall,
  polygonAreaM2,
  roundHalfUp,
} from '@interior/contracts';
import { roomSidesOfWall } from './edit';

/** Figures as the plan writes them (1,234): one formatter, as a new one for every label is slow. */
export const planFigures = new Intl.NumberFormat('ko-KR');

/**
 * Where the plan's drawn parts lie, for both of its drawings (SVG for small plans and the
 * selection, a canvas for large ones; PlanLayers, PlanAnnotations, plan-paint.ts).
 */

/** A wall's direction and its left-hand normal (−dy, dx), both of length 1, and its length. */
export function wallAxes(wall: DesignWall) {
  const length = Math.hypot(wall.b.x - wall.a.x, wall.b.y - wall.a.y);
  const ux = (wall.b.x - wall.a.x) / (length || 1);
  const uy = (wall.b.y - wall.a.y) / (length || 1);
  return { length, ux, uy, nx: -uy, ny: ux };
}

/** The two ends of a stretch `offset`…`offset + width` along a wall (a door, a window). */
export function stretchOfWall(wall: DesignWall, offset: number, width: number): [DesignPoint, DesignPoint] {
  const { ux, uy } = wallAxes(wall);
  return [
    { x: wall.a.x + ux * offset, y: wall.a.y + uy * offset },
    { x: wall.a.x + ux * (offset + width), y: wall.a.y + uy * (offset + width) },
  ];
}

/**
 * A wall drawing's strokes: on the face of the wall toward its room (both faces when that is not
 * known, as in 3D), 0.3 of the wall's thickness off its line.
 */
export function wallDrawingStrokes(doc: DesignDocument, wall: DesignWall, offset: number, width: number) {
  const { ux, uy } = wallAxes(wall);
  const known = roomSidesOfWall(doc, wall);
  const sides = known.length === 1 ? known : [1, -1];
  return sides.map((side) => {
    const off = side * wall.thickness * 0.3;
    const a = { x: wall.a.x + ux * offset - uy * off, y: wall.a.y + uy * offset + ux * off };
    return { side, a, b: { x: a.x + ux * width, y: a.y + uy * width } };
  });
}

/**
 * A wall's dimension line: on the side of its right hand (outside a room drawn clockwise on
 * screen, as the editor draws them), ticks at both ends, the figure at `mid` turned by `angle`
 * degrees so it never reads upside down. Null for a wall of no length.
 */
export function dimensionLine(wall: DesignWall, font: number) {
  const { length, ux, uy, nx, ny } = wallAxes(wall);
  if (length === 0) return null;
  const away = -(wall.thickness / 2 + font * 0.9);
  const a = { x: wall.a.x + nx * away, y: wall.a.y + ny * away };
  const b = { x: wall.b.x + nx * away, y: wall.b.y + ny * away };
  const tick = font * 0.4;
  let angle = (Math.atan2(uy, ux) * 180) / Math.PI;
  if (angle > 90) angle -= 180;
  else if (angle <= -90) angle += 180;
  return {
    a,
    b,
    ticks: [a, b].map((p) => ({
      from: { x: p.x - nx * tick, y: p.y - ny * tick },
      to: { x: p.x + nx * tick, y: p.y + ny * tick },
    })),
    mid: { x: (a.x + b.x) / 2 - nx * font * 0.3, y: (a.y + b.y) / 2 - ny * font * 0.3 },
    angle,
    label: planFigures.format(Math.round(length)),
  };
}

/**
 * A door's leaf and swing: hinged at the door's start on its wall, opening square into the room
 * the wall bounds (or to the wall's left-hand side when it bounds none), a quarter circle of the
 * door's width from the open leaf back to the shut position, the short way round (`sweep` 1: toward
 * increasing angles, when the cross product of the two radii is positive).
 */
export function doorSwing(doc: DesignDocument, wall: DesignWall, door: DesignOpening) {
  const { ux, uy, nx, ny } = wallAxes(wall);
  const side = roomSidesOfWall(doc, wall)[0] ?? 1;
  const hinge = { x: wall.a.x + ux * door.offset, y: wall.a.y + uy * door.offset };
  const shut = { x: hinge.x + ux * door.width, y: hinge.y + uy * door.width };
  const open = { x: hinge.x + side * nx * door.width, y: hinge.y + side * ny * door.width };
  const cross = (open.x - hinge.x) * (shut.y - hinge.y) - (open.y - hinge.y) * (shut.x - hinge.x);
  return { hinge, shut, open, sweep: cross > 0 ? 1 : 0 };
}

/** Where a room's name goes (the middle of its bounds) and its area, m² to two places. */
export function roomLabel(room: DesignRoom) {
  const xs = room.polygon.map((p) => p.x);
  const ys = room.polygon.map((p) => p.y);
  return {
    x: (Math.min(...xs) + Math.max(...xs)) / 2,
    y: (Math.min(...ys) + Math.max(...ys)) / 2,
    area: `${planFigures.format(roundHalfUp(polygonAreaM2(room.polygon), 2).toNumber())}㎡`,
  };
}
