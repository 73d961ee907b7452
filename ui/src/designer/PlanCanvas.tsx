import { type DesignDocument, type DesignPoint, polygonAreaM2, roundHalfUp } from '@interior/contracts';
import { Box } from '@mui/material';
import {
  type DragEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
  type WheelEvent,
} from 'react';
import { pointAtDistance } from './dimensions';
import {
  dragMove,
  isSelected,
  polygonPoint,
  rectBetween,
  roomSidesOfWall,
  type Selected,
  selectInRect,
  snap,
  toggleSelected,
  withSelected,
} from './edit';
import { DoorSwings, WallDimensionLines } from './PlanAnnotations';
import { usePlanGestures } from './usePlanGestures';

export type Tool = 'select' | 'room' | 'polygon' | 'wall' | 'door' | 'window' | 'item' | 'wallDrawing';

export interface ProductSize {
  width: number;
  depth: number;
  name: string;
}

/** The visible part of the plan, in millimetres (the SVG's viewBox). */
interface View {
  x: number;
  y: number;
  w: number;
  h: number;
}

const ROOM_FILL = '#e3f2fd';
const SELECTED = '#ff6f00';
/** Screen pixels a press must travel to be a drag, not a click. */
const DRAG_PIXELS = 4;

type Drag =
  | { kind: 'pan'; start: DesignPoint; view: View }
  | { kind: 'room'; from: DesignPoint; to: DesignPoint }
  | {
      kind: 'move';
      targets: Selected[];
      start: DesignPoint;
      delta: DesignPoint;
      client: DesignPoint;
      moved: boolean;
      /** Pressed on one element of a multiple selection: a click (no drag) selects just it. */
      collapse: Selected | null;
    }
  | { kind: 'rotate'; id: string; centre: DesignPoint; angle: number }
  | {
      kind: 'band';
      from: DesignPoint;
      to: DesignPoint;
      client: DesignPoint;
      moved: boolean;
      /** Shift pressed on an element: a click (no drag) adds it to the selection or takes it out. */
      origin: Selected | null;
    };

/**
 * The plan as SVG, in millimetres (y down): rooms with their names and areas, walls at their
 * thickness, doors and windows on their walls, placed products at their size. The wheel zooms to
 * the cursor, dragging the background (or dragging with the middle button, whatever the tool)
 * pans; the tool decides what a click or a drag does. With the select tool, Shift or Ctrl+click
 * adds to the selection and Shift+drag draws a rubber band. Every point the parent receives is in
 * plan millimetres, snapped to the grid.
 */
export function PlanCanvas({
  doc,
  tool,
  selection,
  grid,
  products,
  wallDrawings,
  onSelect,
  onRectangle,
  onPoint,
  onMove,
  onPolygon,
  dropType,
  onDrop,
  onWall,
  onRotate,
  dimensions = true,
}: {
  doc: DesignDocument;
  /** Dimension lines beside the walls (치수 표시). */
  dimensions?: boolean;
  tool: Tool;
  selection: readonly Selected[];
  grid: number;
  products: ReadonlyMap<number, ProductSize>;
  /** Widths (mm) and names of the catalogue's wall drawings, by id. */
  wallDrawings: ReadonlyMap<number, { width: number; name: string }>;
  onSelect: (selection: Selected[]) => void;
  onRectangle: (from: DesignPoint, to: DesignPoint) => void;
  onPoint: (point: DesignPoint, raw: DesignPoint) => void;
  /** The elements dragged (edit.ts dragMove) were let go this far from where they were picked up. */
  onMove: (targets: Selected[], delta: DesignPoint) => void;
  /** The polygon tool closed an outline (three points or more). */
  onPolygon: (points: DesignPoint[]) => void;
  /** An item's rotation handle was let go at this angle (degrees, in steps of 15). */
  onRotate: (itemId: string, degrees: number) => void;
  /** The wall tool clicked a wall's second end: a wall from `a` to `b`; true when it closed a room (the chain ends). */
  onWall: (a: DesignPoint, b: DesignPoint) => boolean;
  /** The drag-and-drop type of a product dragged from a list, and where it was let go. */
  dropType: string;
  onDrop: (productId: number, at: DesignPoint) => void;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const [view, setView] = useState<View>({ x: -1000, y: -1000, w: 12000, h: 8000 });
  const [drag, setDrag] = useState<Drag | null>(null);
  // Two fingers zoom (a phone); one finger goes on to the handlers below.
  usePlanGestures(svg, view, setView, () => setDrag(null));

  /** A pointer position in plan millimetres. */
  const toPlan = (clientX: number, clientY: number): DesignPoint => {
    const matrix = svg.current?.getScreenCTM();
    if (!matrix) return { x: 0, y: 0 };
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return { x: point.x, y: point.y };
  };
  const snapped = (p: DesignPoint) => ({ x: snap(p.x, grid), y: snap(p.y, grid) });
  // The outline the polygon tool is drawing, and where the next point would land.
  const [outline, setOutline] = useState<DesignPoint[]>([]);
  const [hover, setHover] = useState<DesignPoint | null>(null);
  const outlinePoint = (event: { clientX: number; clientY: number; shiftKey: boolean }) =>
    polygonPoint(doc, toPlan(event.clientX, event.clientY), outline[outline.length - 1], {
      grid,
      reach: grid * 2,
      square: event.shiftKey,
    });
  const closeOutline = useCallback(() => {
    if (outline.length >= 3) onPolygon(outline);
    setOutline([]);
    setHover(null);
  }, [outline, onPolygon]);
  // The length typed for the edge being drawn (digits), until Enter.
  const [typed, setTyped] = useState('');
  /** The next point of a wall chain or a room's outline, clicked or typed. */
  const addPoint = useCallback(
    (point: DesignPoint) => {
      const last = outline[outline.length - 1];
      if (tool === 'wall') {
        // Walls chain: each point ends one wall and starts the next, until one closes a room.
        if (last && (last.x !== point.x || last.y !== point.y) && onWall(last, point)) {
          setOutline([]);
          setHover(null);
          return;
        }
        setOutline(last ? [last, point] : [point]);
        return;
      }
      const first = outline[0];
      // Back on the first point closes the outline.
      if (first && outline.length >= 3 && first.x === point.x && first.y === point.y) closeOutline();
      else if (!outline.some((p) => p.x === point.x && p.y === point.y)) setOutline([...outline, point]);
    },
    [outline, tool, onWall, closeOutline],
  );
  useEffect(() => {
    if (tool !== 'polygon' && tool !== 'wall') {
      setOutline([]);
      setHover(null);
      setTyped('');
      return;
    }
    const onKey = (event: KeyboardEvent) => {
      if ((event.target as HTMLElement).closest?.('input, textarea, [role="dialog"]')) return;
      const last = outline[outline.length - 1];
      // Digits typed while drawing are the length of the edge being drawn; Enter sets it.
      if (last && /^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey) {
        setTyped((t) => (t + event.key).replace(/^0+/, '').slice(0, 7));
        return;
      }
      if (typed && event.key === 'Backspace') {
        // Taken here (the editor deletes the selection on a Backspace not prevented).
        event.preventDefault();
        setTyped((t) => t.slice(0, -1));
        return;
      }
      if (event.key !== 'Enter') return;
      if (last && typed) {
        setTyped('');
        return addPoint(pointAtDistance(last, hover ?? last, Number(typed)));
      }
      // Enter closes a room's outline; for walls it ends the chain.
      if (tool === 'polygon') closeOutline();
      else {
        setOutline([]);
        setHover(null);
      }
    };
    // In the capture phase, before the editor's own shortcuts see the key.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [tool, closeOutline, outline, typed, hover, addPoint]);

  // Wheel zoom with a non-passive listener, so the page itself does not scroll.
  useEffect(() => {
    const element = svg.current;
    if (!element) return;
    const onWheel = (event: globalThis.WheelEvent) => event.preventDefault();
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);
  const zoom = (event: WheelEvent<SVGSVGElement>) => {
    const at = toPlan(event.clientX, event.clientY);
    const factor = event.deltaY > 0 ? 1.15 : 1 / 1.15;
    setView((v) => {
      const w = Math.min(200_000, Math.max(1_000, v.w * factor));
      const scale = w / v.w;
      return { x: at.x - (at.x - v.x) * scale, y: at.y - (at.y - v.y) * scale, w, h: v.h * scale };
    });
  };

  const capture = (event: PointerEvent) => svg.current?.setPointerCapture?.(event.pointerId);
  const pan = (event: PointerEvent) => {
    capture(event);
    setDrag({ kind: 'pan', start: { x: event.clientX, y: event.clientY }, view });
  };
  const down = (event: PointerEvent<SVGSVGElement>) => {
    // The middle button pans whatever the tool, so one can move about while drawing walls.
    if (event.button === 1) {
      event.preventDefault();
      return pan(event);
    }
    if (event.button !== 0) return;
    const at = toPlan(event.clientX, event.clientY);
    if (tool === 'wall' || tool === 'polygon') {
      setTyped('');
      return addPoint(outlinePoint(event));
    }
    if (tool === 'room') {
      (event.target as Element).setPointerCapture?.(event.pointerId);
      setDrag({ kind: 'room', from: snapped(at), to: snapped(at) });
    } else if (tool === 'select' && event.target === svg.current) {
      if (event.shiftKey) {
        capture(event);
        setDrag({
          kind: 'band',
          from: at,
          to: at,
          client: { x: event.clientX, y: event.clientY },
          moved: false,
          origin: null,
        });
        return;
      }
      pan(event);
      if (!event.ctrlKey && !event.metaKey) onSelect([]);
    } else if (tool !== 'select') {
      onPoint(snapped(at), at);
    }
  };
  const travelled = (drag: { client: DesignPoint; moved: boolean }, event: PointerEvent) =>
    drag.moved || Math.hypot(event.clientX - drag.client.x, event.clientY - drag.client.y) >= DRAG_PIXELS;
  const move = (event: PointerEvent<SVGSVGElement>) => {
    if ((tool === 'polygon' || tool === 'wall') && outline.length) setHover(outlinePoint(event));
    if (!drag) return;
    if (drag.kind === 'room') setDrag({ ...drag, to: snapped(toPlan(event.clientX, event.clientY)) });
    else if (drag.kind === 'rotate') {
      const at = toPlan(event.clientX, event.clientY);
      // The handle sits in front of the item (its -y side): pointing straight up is 0°.
      const degrees = (Math.atan2(at.x - drag.centre.x, drag.centre.y - at.y) * 180) / Math.PI;
      setDrag({ ...drag, angle: Math.round(degrees / 15) * 15 });
    } else if (drag.kind === 'move') {
      const at = toPlan(event.clientX, event.clientY);
      setDrag({
        ...drag,
        delta: { x: at.x - drag.start.x, y: at.y - drag.start.y },
        moved: travelled(drag, event),
      });
    } else if (drag.kind === 'band') {
      setDrag({ ...drag, to: toPlan(event.clientX, event.clientY), moved: travelled(drag, event) });
    } else {
      const rect = svg.current?.getBoundingClientRect();
      if (!rect) return;
      const perPixel = drag.view.w / rect.width;
      setView({
        ...drag.view,
        x: drag.view.x - (event.clientX - drag.start.x) * perPixel,
        y: drag.view.y - (event.clientY - drag.start.y) * perPixel,
      });
    }
  };
  const up = () => {
    if (drag?.kind === 'room' && drag.from.x !== drag.to.x && drag.from.y !== drag.to.y)
      onRectangle(drag.from, drag.to);
    if (drag?.kind === 'move') {
      // A click is not a move: only a drag beyond half a grid step changes the document.
      if (drag.moved && Math.hypot(drag.delta.x, drag.delta.y) >= grid / 2) onMove(drag.targets, drag.delta);
      else if (drag.collapse) onSelect([drag.collapse]);
    }
    if (drag?.kind === 'band') {
      if (drag.moved)
        onSelect(
          withSelected(
            selection,
            selectInRect(doc, drag.from, drag.to, (id) => wallDrawings.get(id)?.width),
          ),
        );
      else if (drag.origin) onSelect(toggleSelected(selection, drag.origin));
    }
    if (drag?.kind === 'rotate') onRotate(drag.id, ((drag.angle % 360) + 360) % 360);
    setDrag(null);
  };

  const chosen = new Set(selection.map((s) => `${s.kind}:${s.id}`));
  const selected = (kind: Selected['kind'], id: string) => chosen.has(`${kind}:${id}`);
  const pick = (kind: Selected['kind'], id: string) => (event: PointerEvent) => {
    if (tool !== 'select' || event.button !== 0) return;
    event.stopPropagation();
    const element: Selected = { kind, id };
    const at = toPlan(event.clientX, event.clientY);
    const client = { x: event.clientX, y: event.clientY };
    if (event.shiftKey) {
      capture(event);
      setDrag({ kind: 'band', from: at, to: at, client, moved: false, origin: element });
      return;
    }
    if (event.ctrlKey || event.metaKey) return onSelect(toggleSelected(selection, element));
    const already = isSelected(selection, element);
    if (already && selection.length > 1) {
      // Any element of a multiple selection drags the whole of it.
      capture(event);
      setDrag({
        kind: 'move',
        targets: [...selection],
        start: at,
        delta: { x: 0, y: 0 },
        client,
        moved: false,
        collapse: element,
      });
      return;
    }
    onSelect([element]);
    // Products and walls move and doors and windows slide by dragging; a room moves once it is selected.
    if (kind === 'item' || kind === 'opening' || kind === 'wall' || (kind === 'room' && already)) {
      capture(event);
      setDrag({
        kind: 'move',
        targets: [element],
        start: at,
        delta: { x: 0, y: 0 },
        client,
        moved: false,
        collapse: null,
      });
    }
  };
  // While dragging, the plan shows the document as the drop would leave it.
  const shown = drag?.kind === 'move' && drag.moved ? dragMove(doc, drag.targets, drag.delta, grid) : doc;
  const font = view.w / 60;
  const wallsById = new Map(shown.walls.map((w) => [w.id, w]));
  const gridLines = [];
  const step = view.w > 30_000 ? grid * 10 : grid * 5;
  for (let x = Math.floor(view.x / step) * step; x < view.x + view.w; x += step)
    gridLines.push(<line key={`x${x}`} x1={x} y1={view.y} x2={x} y2={view.y + view.h} />);
  for (let y = Math.floor(view.y / step) * step; y < view.y + view.h; y += step)
    gridLines.push(<line key={`y${y}`} x1={view.x} y1={y} x2={view.x + view.w} y2={y} />);

  return (
    <Box
      component="svg"
      ref={svg}
      data-testid="plan-canvas"
      role="application"
      aria-label="평면도 편집 영역"
      viewBox={`${view.x} ${view.y} ${view.w} ${view.h}`}
      preserveAspectRatio="xMidYMid meet"
      onWheel={zoom}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onDragOver={(event: DragEvent) => {
        if (event.dataTransfer.types.includes(dropType)) event.preventDefault();
      }}
      onDrop={(event: DragEvent) => {
        const id = Number(event.dataTransfer.getData(dropType));
        if (!(id > 0)) return;
        event.preventDefault();
        onDrop(id, snapped(toPlan(event.clientX, event.clientY)));
      }}
      sx={{
        width: '100%',
        height: '100%',
        display: 'block',
        bgcolor: '#fafafa',
        cursor:
          drag?.kind === 'pan'
            ? 'grabbing'
            : drag?.kind === 'move' && drag.moved
              ? 'move'
              : tool === 'select'
                ? 'default'
                : 'crosshair',
        touchAction: 'none',
        userSelect: 'none',
      }}
    >
      <g stroke="#e0e0e0" strokeWidth={view.w / 2000} pointerEvents="none">
        {gridLines}
      </g>
      {shown.rooms.map((room) => {
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
      {shown.walls.map((wall) => (
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
      {shown.openings.map((opening) => {
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
      <DoorSwings doc={shown} font={font} />
      {dimensions && <WallDimensionLines doc={shown} font={font} />}
      {shown.wallDrawings.map((placed) => {
        const wall = wallsById.get(placed.wallId);
        if (!wall) return null;
        const length = Math.hypot(wall.b.x - wall.a.x, wall.b.y - wall.a.y) || 1;
        const ux = (wall.b.x - wall.a.x) / length;
        const uy = (wall.b.y - wall.a.y) / length;
        const width = wallDrawings.get(placed.wallDrawingId)?.width ?? 1000;
        // On the face of the wall toward its room (both faces when that is not known, as in 3D).
        const known = roomSidesOfWall(shown, wall);
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
      {shown.items.map((item) => {
        const size = products.get(item.productId) ?? {
          width: 800,
          depth: 800,
          name: `제품 #${item.productId}`,
        };
        return (
          <g
            key={item.id}
            data-testid="plan-item"
            transform={`rotate(${drag?.kind === 'rotate' && drag.id === item.id ? drag.angle : item.rotation} ${item.x} ${item.y})`}
            onPointerDown={pick('item', item.id)}
          >
            <rect
              x={item.x - size.width / 2}
              y={item.y - size.depth / 2}
              width={size.width}
              height={size.depth}
              // A selected product stands out from its neighbours also when several are selected.
              fill={selected('item', item.id) ? '#ffcc80' : '#ffe0b2'}
              fillOpacity={0.9}
              stroke={selected('item', item.id) ? SELECTED : '#e65100'}
              strokeWidth={selected('item', item.id) ? font / 3 : font / 6}
              strokeDasharray={selected('item', item.id) ? `${font / 2} ${font / 4}` : undefined}
            />
            {selected('item', item.id) && selection.length === 1 && tool === 'select' && (
              <g data-testid="rotate-handle">
                <line
                  x1={item.x}
                  y1={item.y - size.depth / 2}
                  x2={item.x}
                  y2={item.y - size.depth / 2 - font * 1.5}
                  stroke={SELECTED}
                  strokeWidth={font / 8}
                />
                <circle
                  cx={item.x}
                  cy={item.y - size.depth / 2 - font * 1.5}
                  r={font / 2}
                  fill="#fff"
                  stroke={SELECTED}
                  strokeWidth={font / 6}
                  style={{ cursor: 'grab' }}
                  aria-label="돌리기"
                  onPointerDown={(event) => {
                    event.stopPropagation();
                    svg.current?.setPointerCapture?.(event.pointerId);
                    setDrag({
                      kind: 'rotate',
                      id: item.id,
                      centre: { x: item.x, y: item.y },
                      angle: item.rotation,
                    });
                  }}
                />
              </g>
            )}
            <text
              x={item.x}
              y={item.y + font / 3}
              fontSize={font * 0.7}
              textAnchor="middle"
              fill="#bf360c"
              pointerEvents="none"
            >
              {size.name}
            </text>
          </g>
        );
      })}
      {outline.length > 0 && (
        <g pointerEvents="none" data-testid="plan-outline">
          <polyline
            points={[...(tool === 'wall' ? outline.slice(-1) : outline), ...(hover ? [hover] : [])]
              .map((p) => `${p.x},${p.y}`)
              .join(' ')}
            fill={tool === 'wall' ? 'none' : ROOM_FILL}
            fillOpacity={0.5}
            stroke={SELECTED}
            strokeWidth={font / 6}
            strokeDasharray={`${font / 2} ${font / 3}`}
          />
          {outline.map((p) => (
            <circle key={`${p.x},${p.y}`} cx={p.x} cy={p.y} r={font / 3} fill={SELECTED} />
          ))}
          {(() => {
            // The length of the edge being drawn, as one draws it.
            const last = outline[outline.length - 1];
            if (!last || !hover) return null;
            const length = Math.round(Math.hypot(hover.x - last.x, hover.y - last.y));
            return (
              <text
                x={hover.x + font / 2}
                y={hover.y - font / 2}
                fontSize={font}
                fill={SELECTED}
                data-testid="drawing-length"
              >
                {typed
                  ? `${Number(typed).toLocaleString('ko-KR')} mm ↵`
                  : `${length.toLocaleString('ko-KR')} mm`}
              </text>
            );
          })()}
        </g>
      )}
      {drag?.kind === 'room' && (
        <g pointerEvents="none">
          <rect
            {...rectBetween(drag.from, drag.to)}
            fill={ROOM_FILL}
            fillOpacity={0.6}
            stroke={SELECTED}
            strokeDasharray={`${font / 2} ${font / 3}`}
            strokeWidth={font / 6}
          />
          <text
            x={Math.max(drag.from.x, drag.to.x)}
            y={Math.max(drag.from.y, drag.to.y) + font * 1.2}
            fontSize={font}
            fill={SELECTED}
          >
            {Math.abs(drag.to.x - drag.from.x).toLocaleString('ko-KR')} ×{' '}
            {Math.abs(drag.to.y - drag.from.y).toLocaleString('ko-KR')} mm
          </text>
        </g>
      )}
      {drag?.kind === 'band' && drag.moved && (
        <rect
          data-testid="plan-band"
          pointerEvents="none"
          {...rectBetween(drag.from, drag.to)}
          fill={SELECTED}
          fillOpacity={0.08}
          stroke={SELECTED}
          strokeDasharray={`${font / 2} ${font / 3}`}
          strokeWidth={font / 8}
        />
      )}
    </Box>
  );
}
