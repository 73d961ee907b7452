import type { DesignDocument, DesignPoint, ProductTopLook } from '@interior/contracts';
import { type DragEvent, useRef } from 'react';
import type { Selected } from './edit';
import { PlanLayers } from './PlanLayers';
import { OutlineDraft, PlanGrid, RoomDraft, SelectionBand } from './PlanOverlays';
import { PlanStaticCanvas } from './PlanStaticCanvas';
import { planFigures } from './plan-geometry';
import { elementAt } from './plan-hit';
import { dragMove } from './selection';
import { useOutlineDrawing } from './useOutlineDrawing';
import { usePlanGestures } from './usePlanGestures';
import { usePlanParts } from './usePlanParts';
import { useDrag, usePlanPointer } from './usePlanPointer';
import { usePlanView } from './usePlanView';

export type Tool = 'select' | 'room' | 'polygon' | 'wall' | 'door' | 'window' | 'item' | 'wallDrawing';

/** A product as the plan draws it: footprint, name and top view (contracts' ProductTopLook). */
export type ProductSize = ProductTopLook;

const count = (list: readonly unknown[]) => planFigures.format(list.length);

/** Screen pixels around a thin stroke on the canvas that still click it. */
const HIT_PIXELS = 3;

/**
 * The plan as SVG, in millimetres (y down): rooms with their names and areas, walls at their
 * thickness, doors and windows on their walls, placed products from above (PlanItem); a large
 * plan's document painted on a canvas under it (PlanStaticCanvas, usePlanParts). The wheel zooms
 * to the cursor (usePlanView), dragging the background (or dragging with the middle button,
 * whatever the tool) pans; the tool decides what a click or a drag does (usePlanPointer, and
 * useOutlineDrawing for walls and a room's outline). With the select tool, Shift or Ctrl+click
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
  const { view, setView, toPlan, perPixelNow, zoom } = usePlanView(svg);
  const { drag, currentDrag, setDrag } = useDrag();
  // Two fingers zoom (a phone); one finger goes on to the handlers below.
  usePlanGestures(svg, view, setView, () => setDrag(null));
  const drawing = useOutlineDrawing({ doc, tool, grid, toPlan, onPolygon, onWall });

  // While dragging, the plan shows the document as the drop would leave it.
  const moving = drag?.kind === 'move' && drag.moved;
  const shown = moving ? dragMove(doc, drag.targets, drag.delta, grid) : doc;
  // Strokes and labels follow the scale in steps of √2, so the drawing is not redone at every notch
  // of the wheel.
  const font = 2 ** (Math.round(Math.log2(view.w / 60) * 2) / 2);
  // A large plan is drawn on a canvas under the SVG, which keeps the selection and what a drag changes.
  const { chosen, visible, onCanvas, still, live, overSvg } = usePlanParts({
    doc,
    shown,
    dragging: moving,
    view,
    selection,
    products,
  });

  const { down, move, up, pick, handleDown, snapped } = usePlanPointer({
    svg,
    doc,
    tool,
    grid,
    selection,
    wallDrawings,
    view,
    setView,
    toPlan,
    elementUnder: onCanvas
      ? (event) =>
          elementAt(
            visible,
            toPlan(event.clientX, event.clientY),
            products,
            (id) => wallDrawings.get(id)?.width,
            HIT_PIXELS * perPixelNow(),
          )
      : null,
    drawing,
    currentDrag,
    setDrag,
    onSelect,
    onRectangle,
    onPoint,
    onMove,
    onRotate,
  });

  return (
    // Plain elements with inline styles, not MUI's Box: its `sx` is worked out again at every
    // render, which here is every move of a pan.
    <div style={{ position: 'relative', width: '100%', height: '100%', backgroundColor: '#fafafa' }}>
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
      <svg
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
        onDragOver={(event: DragEvent<SVGSVGElement>) => {
          if (event.dataTransfer.types.includes(dropType)) event.preventDefault();
        }}
        onDrop={(event: DragEvent<SVGSVGElement>) => {
          const id = Number(event.dataTransfer.getData(dropType));
          if (!(id > 0)) return;
          event.preventDefault();
          onDrop(id, snapped(toPlan(event.clientX, event.clientY)));
        }}
        style={{
          width: '100%',
          height: '100%',
          display: 'block',
          position: 'relative',
          cursor:
            drag?.kind === 'pan' ? 'grabbing' : moving ? 'move' : tool === 'select' ? 'default' : 'crosshair',
          touchAction: 'none',
          userSelect: 'none',
        }}
      >
        {onCanvas ? (
          // The canvas's elements are not the page's: what the plan holds, said in words.
          <desc>
            {`큰 평면도를 그림으로 보여 줍니다: 방 ${count(doc.rooms)}개, 벽 ${count(doc.walls)}개, 문과 창 ${count(doc.openings)}개, 제품 ${count(doc.items)}개. 누른 요소가 선택되어 속성 패널에 나옵니다.`}
          </desc>
        ) : (
          <PlanGrid view={view} grid={grid} />
        )}
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
          pick={pick}
          onHandleDown={handleDown}
          floorsBelow={onCanvas}
        />
        {drawing.outline.length > 0 && (
          <OutlineDraft
            outline={drawing.outline}
            hover={drawing.hover}
            typed={drawing.typed}
            walls={tool === 'wall'}
            font={font}
          />
        )}
        {drag?.kind === 'room' && <RoomDraft from={drag.from} to={drag.to} font={font} />}
        {drag?.kind === 'band' && drag.moved && <SelectionBand from={drag.from} to={drag.to} font={font} />}
      </svg>
    </div>
  );
}
