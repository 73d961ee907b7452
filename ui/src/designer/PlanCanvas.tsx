import { type DesignDocument, type DesignItem, type DesignPoint, type ProductTopLook } from '@interior/contracts';
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
import { polygonPoint, rectBetween, type Selected, snap } from './edit';
import { PlanLayers, ROOM_FILL, SELECTED } from './PlanLayers';
import { PlanStaticCanvas } from './PlanStaticCanvas';
import { planFigures } from './plan-geometry';
import { elementAt } from './plan-hit';
import { dragMove, isSelected, selectInRect, toggleSelected, withSelected } from './selection';
import { usePlanGestures } from './usePlanGestures';
import { usePlanParts } from './usePlanParts';

export type Tool = 'select' | 'room' | 'polygon' | 'wall' | 'door' | 'window' | 'item' | 'wallDrawing';

/** A product as the plan draws it: footprint, name and top view (contracts' ProductTopLook). */
export type ProductSize = ProductTopLook;

/** The visible part of the plan, in millimetres (the SVG's viewBox). */
interface View {
  x: number;
  y: number;
  w: number;
  h: number;
}

const count = (list: readonly unknown[]) => planFigures.format(list.length);

/** Screen pixels a press must travel to be a drag, not a click. */
const DRAG_PIXELS = 4;
/** Screen pixels around a thin stroke on the canvas that still click it. */
const HIT_PIXELS = 3;

type Drag =
  | { kind: 'pan'; start: DesignPoint; view: View; perPixel: number }
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
 * thickness, doors and windows on their walls, placed products from above (PlanItem). The wheel zooms to
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
  const [drag, setDragState] = useState<Drag | null>(null);
  // The drag as of the last pointer event, which the next event reads: a move and the release can
  // come before React draws again, and the release must act on where the move left the drag.
  const currentDrag = useRef<Drag | null>(null);
  const setDrag = useCallback((next: Drag | null) => {
    currentDrag.current = next;
    setDragState(next);
  }, []);
  // Two fingers zoom (a phone); one finger goes on to the handlers below.
  usePlanGestures(svg, view, setView, () => setDrag(null));

  /** A pointer position in plan millimetres. */
  const toPlan = (clientX: number, clientY: number): DesignPoint => {
    const matrix = svg.current?.getScreenCTM();
    if (!matrix) return { x: 0, y: 0 };
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return { x: point.x, y: point.y };
  };
  /** Plan millimetres a screen pixel spans now. */
  const perPixelNow = () => 1 / (svg.current?.getScreenCTM()?.a || 1);
  /** On a canvas: the element under the pointer, by geometry (plan-hit.ts). */
  const elementUnder = (event: { clientX: number; clientY: number }) =>
    elementAt(
      visible,
      toPlan(event.clientX, event.clientY),
      products,
      (id) => wallDrawings.get(id)?.width,
      HIT_PIXELS * perPixelNow(),
    );
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
    // Read once: asking the page for the plan's size at every move would lay it out each time.
    const width = svg.current?.getBoundingClientRect().width || 1;
    setDrag({ kind: 'pan', start: { x: event.clientX, y: event.clientY }, view, perPixel: view.w / width });
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
      // On a canvas the elements are not the page's: the one under the pointer is found by geometry.
      const under = onCanvas ? elementUnder(event) : null;
      if (under) return pick(under.kind, under.id)(event);
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
    const drag = currentDrag.current;
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
      const { perPixel } = drag;
      setView({
        ...drag.view,
        x: drag.view.x - (event.clientX - drag.start.x) * perPixel,
        y: drag.view.y - (event.clientY - drag.start.y) * perPixel,
      });
    }
  };
  const up = () => {
    const drag = currentDrag.current;
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
  // The layers are drawn again only when what they show changes: their handlers stay the same.
  const latestPick = useRef(pick);
  // Over a canvas the selection, drawn in SVG, lies above everything: the element under the pointer
  // is found by geometry there too, so a wall over a selected room still takes the click.
  latestPick.current = (kind, id) => (event) => {
    const under = onCanvas ? elementUnder(event) : null;
    pick(under?.kind ?? kind, under?.id ?? id)(event);
  };
  const stablePick = useCallback(
    (kind: Selected['kind'], id: string) => (event: PointerEvent) => latestPick.current(kind, id)(event),
    [],
  );
  const handleDown = useCallback(
    (event: PointerEvent, item: DesignItem) => {
      event.stopPropagation();
      svg.current?.setPointerCapture?.(event.pointerId);
      setDrag({ kind: 'rotate', id: item.id, centre: { x: item.x, y: item.y }, angle: item.rotation });
    },
    [setDrag],
  );
  // While dragging, the plan shows the document as the drop would leave it.
  const shown = drag?.kind === 'move' && drag.moved ? dragMove(doc, drag.targets, drag.delta, grid) : doc;
  // Strokes and labels follow the scale in steps of √2, so the drawing is not redone at every notch
  // of the wheel.
  const font = 2 ** (Math.round(Math.log2(view.w / 60) * 2) / 2);
  // A large plan is drawn on a canvas under the SVG, which keeps the selection and what a drag changes.
  const { chosen, visible, onCanvas, still, live, overSvg } = usePlanParts({
    doc,
    shown,
    dragging: drag?.kind === 'move' && drag.moved,
    view,
    selection,
    products,
  });
  const gridLines = [];
  const step = view.w > 30_000 ? grid * 10 : grid * 5;
  for (let x = Math.floor(view.x / step) * step; !onCanvas && x < view.x + view.w; x += step)
    gridLines.push(<line key={`x${x}`} x1={x} y1={view.y} x2={x} y2={view.y + view.h} />);
  for (let y = Math.floor(view.y / step) * step; !onCanvas && y < view.y + view.h; y += step)
    gridLines.push(<line key={`y${y}`} x1={view.x} y1={y} x2={view.x + view.w} y2={y} />);

  return (
    <Box sx={{ position: 'relative', width: '100%', height: '100%', bgcolor: '#fafafa' }}>
      {onCanvas && (
        <PlanStaticCanvas
          doc={still}
          context={doc}
          view={view}
          font={font}
          grid={grid}
          dimensions={dimensions}
          products={products}
          wallDrawings={wallDrawings}
          skip={live}
          floors={overSvg.rooms}
        />
      )}
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
          position: 'relative',
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
        {onCanvas && (
          // The canvas's elements are not the page's: what the plan holds, said in words.
          <desc>
            {`큰 평면도를 그림으로 보여 줍니다: 방 ${count(doc.rooms)}개, 벽 ${count(doc.walls)}개, 문과 창 ${count(doc.openings)}개, 제품 ${count(doc.items)}개. 누른 요소가 선택되어 속성 패널에 나옵니다.`}
          </desc>
        )}
        <g stroke="#e0e0e0" strokeWidth={view.w / 2000} pointerEvents="none">
          {gridLines}
        </g>
        <PlanLayers
          doc={overSvg}
          context={shown}
          font={font}
          chosen={chosen}
          selectionCount={selection.length}
          tool={tool}
          dimensions={dimensions}
          products={products}
          wallDrawings={wallDrawings}
          rotating={drag?.kind === 'rotate' ? { id: drag.id, angle: drag.angle } : null}
          pick={stablePick}
          onHandleDown={handleDown}
          floorsBelow={onCanvas}
        />
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
    </Box>
  );
}
