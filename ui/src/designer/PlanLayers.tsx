import { type DesignDocument, type DesignItem, polygonAreaM2, roundHalfUp } from '@interior/contracts';
import { memo, type PointerEvent } from 'react';
import { roomSidesOfWall, type Selected } from './edit';
import { DoorSwings, WallDimensionLines } from './PlanAnnotations';
import type { ProductSize } from './PlanCanvas';
import { PlanItem } from './PlanItem';

export const ROOM_FILL = '#e3f2fd';
export const SELECTED = '#ff6f00';

/**
 * The document's own drawing in the plan: rooms, walls, doors and windows with their swings,
 * dimension lines, wall drawings and products. Kept apart from the pointer's state so that panning
 * (a new viewBox) redraws none of it; zooming does, as strokes and labels follow the scale.
 */
export const PlanLayers = memo(function PlanLayers({
  doc,
  font,
  chosen,
  selectionCount,
  tool,
  dimensions,
  products,
  wallDrawings,
  rotating,
  pick,
  onHandleDown,
}: {
  doc: DesignDocument;
  font: number;
  /** The selection as `kind:id` keys. */
  chosen: ReadonlySet<string>;
  selectionCount: number;
  tool: string;
  dimensions: boolean;
  products: ReadonlyMap<number, ProductSize>;
  wallDrawings: ReadonlyMap<number, { width: number; name: string }>;
  /** A product whose handle is being dragged, at the angle it would take. */
  rotating: { id: string; angle: number } | null;
  pick: (kind: Selected['kind'], id: string) => (event: PointerEvent) => void;
  onHandleDown: (event: PointerEvent, item: DesignItem) => void;
}) {
  const selected = (kind: Selected['kind'], id: string) => chosen.has(`${kind}:${id}`);
  const wallsById = new Map(doc.walls.map((w) => [w.id, w]));
  return (
    <>
      {doc.rooms.map((room) => {
        const xs = room.polygon.map((p) => p.x);
        const ys = room.polygon.map((p) => p.y);
        const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
        const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
        const area = roundHalfUp(polygonAreaM2(room.polygon), 2).toNumber();
        return (
          <g key={room.id} data-testid="plan-room" onPointerDown={pick('room', room.id)}>
            <polygon
              points={room.polygon.map((p) => `${p.x},${p.y}`).join(' ')}
              fill={ROOM_FILL}
              stroke={selected('room', room.id) ? SELECTED : 'none'}
              strokeWidth={font / 4}
            />
            <text x={cx} y={cy} fontSize={font} textAnchor="middle" fill="#0d47a1" pointerEvents="none">
              {room.name}
            </text>
            <text
              x={cx}
              y={cy + font * 1.3}
              fontSize={font * 0.8}
              textAnchor="middle"
              fill="#546e7a"
              pointerEvents="none"
            >
              {area.toLocaleString('ko-KR')}㎡
            </text>
          </g>
        );
      })}
      {doc.walls.map((wall) => (
        <line
          key={wall.id}
          data-testid="plan-wall"
          x1={wall.a.x}
          y1={wall.a.y}
          x2={wall.b.x}
          y2={wall.b.y}
          stroke={selected('wall', wall.id) ? SELECTED : '#37474f'}
          strokeWidth={wall.thickness}
          strokeLinecap="square"
          onPointerDown={pick('wall', wall.id)}
        />
      ))}
      {doc.openings.map((opening) => {
        const wall = wallsById.get(opening.wallId);
        if (!wall) return null;
        const length = Math.hypot(wall.b.x - wall.a.x, wall.b.y - wall.a.y) || 1;
        const ux = (wall.b.x - wall.a.x) / length;
        const uy = (wall.b.y - wall.a.y) / length;
        const start = { x: wall.a.x + ux * opening.offset, y: wall.a.y + uy * opening.offset };
        const end = { x: start.x + ux * opening.width, y: start.y + uy * opening.width };
        return (
          <line
            key={opening.id}
            data-testid="plan-opening"
            x1={start.x}
            y1={start.y}
            x2={end.x}
            y2={end.y}
            stroke={
              selected('opening', opening.id) ? SELECTED : opening.kind === 'Door' ? '#8d6e63' : '#4fc3f7'
            }
            strokeWidth={wall.thickness * 1.4}
            onPointerDown={pick('opening', opening.id)}
          />
        );
      })}
      <DoorSwings doc={doc} font={font} />
      {dimensions && <WallDimensionLines doc={doc} font={font} />}
      {doc.wallDrawings.map((placed) => {
        const wall = wallsById.get(placed.wallId);
        if (!wall) return null;
        const length = Math.hypot(wall.b.x - wall.a.x, wall.b.y - wall.a.y) || 1;
        const ux = (wall.b.x - wall.a.x) / length;
        const uy = (wall.b.y - wall.a.y) / length;
        const width = wallDrawings.get(placed.wallDrawingId)?.width ?? 1000;
        // On the face of the wall toward its room (both faces when that is not known, as in 3D).
        const known = roomSidesOfWall(doc, wall);
        const sides = known.length === 1 ? known : [1, -1];
        return (
          <g key={placed.id} data-testid="plan-walldrawing" onPointerDown={pick('wallDrawing', placed.id)}>
            {sides.map((side) => {
              const off = side * wall.thickness * 0.3;
              const start = {
                x: wall.a.x + ux * placed.offset - uy * off,
                y: wall.a.y + uy * placed.offset + ux * off,
              };
              return (
                <line
                  key={side}
                  x1={start.x}
                  y1={start.y}
                  x2={start.x + ux * width}
                  y2={start.y + uy * width}
                  stroke={selected('wallDrawing', placed.id) ? SELECTED : '#7e57c2'}
                  strokeWidth={wall.thickness * 0.35}
                />
              );
            })}
          </g>
        );
      })}
      {doc.items.map((item) => (
        <PlanItem
          key={item.id}
          item={item}
          look={products.get(item.productId)}
          rotation={rotating?.id === item.id ? rotating.angle : item.rotation}
          selected={selected('item', item.id)}
          handle={selected('item', item.id) && selectionCount === 1 && tool === 'select'}
          font={font}
          onPointerDown={pick('item', item.id)}
          onHandleDown={(event) => onHandleDown(event, item)}
        />
      ))}
    </>
  );
});
