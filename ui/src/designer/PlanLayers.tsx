import type { DesignDocument, DesignItem } from '@interior/contracts';
import { memo, type PointerEvent } from 'react';
import type { Selected } from './edit';
import { DoorSwings, WallDimensionLines } from './PlanAnnotations';
import type { ProductSize } from './PlanCanvas';
import { PlanItem } from './PlanItem';
import { roomLabel, stretchOfWall, wallDrawingStrokes } from './plan-geometry';

export const ROOM_FILL = '#e3f2fd';
export const SELECTED = '#ff6f00';
export const WALL = '#37474f';
export const DOOR = '#8d6e63';
export const WINDOW = '#4fc3f7';
export const WALL_DRAWING = '#7e57c2';
export const ROOM_NAME = '#0d47a1';
export const ROOM_AREA = '#546e7a';

/**
 * The document's own drawing in the plan: rooms, walls, doors and windows with their swings,
 * dimension lines, wall drawings and products. Kept apart from the pointer's state so that panning
 * (a new viewBox) redraws none of it; zooming does, as strokes and labels follow the scale.
 */
export const PlanLayers = memo(function PlanLayers({
  doc,
  context = doc,
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
  floorsBelow = false,
}: {
  doc: DesignDocument;
  /** The whole document, when `doc` is only part of it: where a door or a wall drawing looks for its room. */
  context?: DesignDocument;
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
  /**
   * The rooms' floors are painted on the canvas below (PlanStaticCanvas): here only their outlines
   * and names, or the floor would hide what the canvas paints in the room. The floor still takes
   * the pointer (transparent is a fill, none is not).
   */
  floorsBelow?: boolean;
}) {
  const selected = (kind: Selected['kind'], id: string) => chosen.has(`${kind}:${id}`);
  const wallsById = new Map(doc.walls.map((w) => [w.id, w]));
  return (
    <>
      {doc.rooms.map((room) => {
        const { x: cx, y: cy, area } = roomLabel(room);
        return (
          <g key={room.id} data-testid="plan-room" onPointerDown={pick('room', room.id)}>
            <polygon
              points={room.polygon.map((p) => `${p.x},${p.y}`).join(' ')}
              fill={floorsBelow ? 'transparent' : ROOM_FILL}
              stroke={selected('room', room.id) ? SELECTED : 'none'}
              strokeWidth={font / 4}
            />
            <text x={cx} y={cy} fontSize={font} textAnchor="middle" fill={ROOM_NAME} pointerEvents="none">
              {room.name}
            </text>
            <text
              x={cx}
              y={cy + font * 1.3}
              fontSize={font * 0.8}
              textAnchor="middle"
              fill={ROOM_AREA}
              pointerEvents="none"
            >
              {area}
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
          stroke={selected('wall', wall.id) ? SELECTED : WALL}
          strokeWidth={wall.thickness}
          strokeLinecap="square"
          onPointerDown={pick('wall', wall.id)}
        />
      ))}
      {doc.openings.map((opening) => {
        const wall = wallsById.get(opening.wallId);
        if (!wall) return null;
        const [start, end] = stretchOfWall(wall, opening.offset, opening.width);
        return (
          <line
            key={opening.id}
            data-testid="plan-opening"
            x1={start.x}
            y1={start.y}
            x2={end.x}
            y2={end.y}
            stroke={selected('opening', opening.id) ? SELECTED : opening.kind === 'Door' ? DOOR : WINDOW}
            strokeWidth={wall.thickness * 1.4}
            onPointerDown={pick('opening', opening.id)}
          />
        );
      })}
      <DoorSwings doc={doc} font={font} context={context} />
      {dimensions && <WallDimensionLines doc={doc} font={font} />}
      {doc.wallDrawings.map((placed) => {
        const wall = wallsById.get(placed.wallId);
        if (!wall) return null;
        const width = wallDrawings.get(placed.wallDrawingId)?.width ?? 1000;
        return (
          <g key={placed.id} data-testid="plan-walldrawing" onPointerDown={pick('wallDrawing', placed.id)}>
            {wallDrawingStrokes(context, wall, placed.offset, width).map(({ side, a, b }) => (
              <line
                key={side}
                x1={a.x}
                y1={a.y}
                x2={b.x}
                y2={b.y}
                stroke={selected('wallDrawing', placed.id) ? SELECTED : WALL_DRAWING}
                strokeWidth={wall.thickness * 0.35}
              />
            ))}
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
