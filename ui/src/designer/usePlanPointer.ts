import type { DesignDocument, DesignItem, DesignPoint } from '@interior/contracts';
import {
  type Dispatch,
  type PointerEvent,
  type RefObject,
  type SetStateAction,
  useCallback,
  useRef,
  useState,
} from 'react';
import { type Selected, snap } from './edit';
import type { Tool } from './PlanCanvas';
import { isSelected, selectInRect, toggleSelected, withSelected } from './selection';
import type { View } from './usePlanView';

/** Screen pixels a press must travel to be a drag, not a click. */
const DRAG_PIXELS = 4;

/** What a press on the plan has begun, until it is let go. */
export type Drag =
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
 * The drag under way: `drag` as last drawn, `currentDrag` as of the last pointer event, which the
 * next event reads (a move and the release can come before React draws again, and the release must
 * act on where the move left the drag).
 */
export function useDrag() {
  const [drag, setDragState] = useState<Drag | null>(null);
  const currentDrag = useRef<Drag | null>(null);
  const setDrag = useCallback((next: Drag | null) => {
    currentDrag.current = next;
    setDragState(next);
  }, []);
  return { drag, currentDrag, setDrag };
}

/** A press, move or release on the plan, with where it was on the screen and its keys. */
type Pointer = PointerEvent<Element>;

/**
 * What the pointer does on the plan, by tool: with the select tool a press on an element selects
 * it (Shift or Ctrl adds it or takes it out) and a drag moves it, a press on the background pans
 * (Shift draws a rubber band); the room tool drags out a rectangle, the wall and polygon tools
 * place points (`drawing`), the other tools hand the point to the parent. The middle button pans
 * whatever the tool. Answers the plan's handlers; `pick` is an element's, stable across drawings
 * so that the layers are not drawn again for it.
 */
export function usePlanPointer({
  svg,
  doc,
  tool,
  grid,
  selection,
  wallDrawings,
  view,
  setView,
  toPlan,
  elementUnder,
  drawing,
  currentDrag,
  setDrag,
  onSelect,
  onRectangle,
  onPoint,
  onMove,
  onRotate,
}: {
  svg: RefObject<SVGSVGElement | null>;
  doc: DesignDocument;
  tool: Tool;
  grid: number;
  selection: readonly Selected[];
  wallDrawings: ReadonlyMap<number, { width: number; name: string }>;
  view: View;
  setView: Dispatch<SetStateAction<View>>;
  toPlan: (clientX: number, clientY: number) => DesignPoint;
  /** On a canvas, whose elements are not the page's: the element under the pointer, by geometry. */
  elementUnder: ((event: Pointer) => Selected | null) | null;
  drawing: { press: (event: Pointer) => void; follow: (event: Pointer) => void };
  currentDrag: RefObject<Drag | null>;
  setDrag: (next: Drag | null) => void;
  onSelect: (selection: Selected[]) => void;
  onRectangle: (from: DesignPoint, to: DesignPoint) => void;
  onPoint: (point: DesignPoint, raw: DesignPoint) => void;
  onMove: (targets: Selected[], delta: DesignPoint) => void;
  onRotate: (itemId: string, degrees: number) => void;
}) {
  const snapped = (p: DesignPoint) => ({ x: snap(p.x, grid), y: snap(p.y, grid) });
  const capture = (event: Pointer) => svg.current?.setPointerCapture?.(event.pointerId);
  const pan = (event: Pointer) => {
    capture(event);
    // Read once: asking the page for the plan's size at every move would lay it out each time.
    const width = svg.current?.getBoundingClientRect().width || 1;
    setDrag({ kind: 'pan', start: { x: event.clientX, y: event.clientY }, view, perPixel: view.w / width });
  };
  const travelled = (drag: { client: DesignPoint; moved: boolean }, event: Pointer) =>
    drag.moved || Math.hypot(event.clientX - drag.client.x, event.clientY - drag.client.y) >= DRAG_PIXELS;

  const pick = (kind: Selected['kind'], id: string) => (event: Pointer) => {
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
    const under = elementUnder?.(event) ?? null;
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
    [svg, setDrag],
  );

  const down = (event: PointerEvent<SVGSVGElement>) => {
    // The middle button pans whatever the tool, so one can move about while drawing walls.
    if (event.button === 1) {
      event.preventDefault();
      return pan(event);
    }
    if (event.button !== 0) return;
    const at = toPlan(event.clientX, event.clientY);
    if (tool === 'wall' || tool === 'polygon') return drawing.press(event);
    if (tool === 'room') {
      (event.target as Element).setPointerCapture?.(event.pointerId);
      setDrag({ kind: 'room', from: snapped(at), to: snapped(at) });
    } else if (tool === 'select' && event.target === svg.current) {
      // On a canvas the elements are not the page's: the one under the pointer is found by geometry.
      const under = elementUnder?.(event) ?? null;
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
  const move = (event: PointerEvent<SVGSVGElement>) => {
    drawing.follow(event);
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
  return { down, move, up, pick: stablePick, handleDown, snapped };
}
