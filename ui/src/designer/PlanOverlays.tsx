import type { DesignPoint } from '@interior/contracts';
import { rectBetween } from './edit';
import { ROOM_FILL, SELECTED } from './PlanLayers';
import type { View } from './usePlanView';

/**
 * What the plan's SVG draws besides the document: the grid (of a plan drawn in SVG; a canvas
 * paints its own), the outline being drawn, the room being dragged out and the rubber band.
 */

/** A line every five grid steps across the view, every ten once it is over 30 m wide. */
export function PlanGrid({ view, grid }: { view: View; grid: number }) {
  const lines = [];
  const step = view.w > 30_000 ? grid * 10 : grid * 5;
  for (let x = Math.floor(view.x / step) * step; x < view.x + view.w; x += step)
    lines.push(<line key={`x${x}`} x1={x} y1={view.y} x2={x} y2={view.y + view.h} />);
  for (let y = Math.floor(view.y / step) * step; y < view.y + view.h; y += step)
    lines.push(<line key={`y${y}`} x1={view.x} y1={y} x2={view.x + view.w} y2={y} />);
  return (
    <g stroke="#e0e0e0" strokeWidth={view.w / 2000} pointerEvents="none">
      {lines}
    </g>
  );
}

/**
 * The outline the wall or polygon tool is drawing (for walls, the wall from the last point), the
 * point it would reach next and the length of the edge being drawn, or the length typed for it.
 */
export function OutlineDraft({
  outline,
  hover,
  typed,
  walls,
  font,
}: {
  outline: readonly DesignPoint[];
  hover: DesignPoint | null;
  typed: string;
  /** Drawing walls, one at a time, rather than a room's outline. */
  walls: boolean;
  font: number;
}) {
  const last = outline[outline.length - 1];
  return (
    <g pointerEvents="none" data-testid="plan-outline">
      <polyline
        points={[...(walls ? outline.slice(-1) : outline), ...(hover ? [hover] : [])]
          .map((p) => `${p.x},${p.y}`)
          .join(' ')}
        fill={walls ? 'none' : ROOM_FILL}
        fillOpacity={0.5}
        stroke={SELECTED}
        strokeWidth={font / 6}
        strokeDasharray={`${font / 2} ${font / 3}`}
      />
      {outline.map((p) => (
        <circle key={`${p.x},${p.y}`} cx={p.x} cy={p.y} r={font / 3} fill={SELECTED} />
      ))}
      {last && hover && (
        // The length of the edge being drawn, as one draws it.
        <text
          x={hover.x + font / 2}
          y={hover.y - font / 2}
          fontSize={font}
          fill={SELECTED}
          data-testid="drawing-length"
        >
          {typed
            ? `${Number(typed).toLocaleString('ko-KR')} mm ↵`
            : `${Math.round(Math.hypot(hover.x - last.x, hover.y - last.y)).toLocaleString('ko-KR')} mm`}
        </text>
      )}
    </g>
  );
}

/** The room the room tool is dragging out, with its size. */
export function RoomDraft({ from, to, font }: { from: DesignPoint; to: DesignPoint; font: number }) {
  return (
    <g pointerEvents="none">
      <rect
        {...rectBetween(from, to)}
        fill={ROOM_FILL}
        fillOpacity={0.6}
        stroke={SELECTED}
        strokeDasharray={`${font / 2} ${font / 3}`}
        strokeWidth={font / 6}
      />
      <text
        x={Math.max(from.x, to.x)}
        y={Math.max(from.y, to.y) + font * 1.2}
        fontSize={font}
        fill={SELECTED}
      >
        {`${Math.abs(to.x - from.x).toLocaleString('ko-KR')} × ${Math.abs(to.y - from.y).toLocaleString('ko-KR')} mm`}
      </text>
    </g>
  );
}

/** The rubber band of a Shift+drag: what it touches is selected. */
export function SelectionBand({ from, to, font }: { from: DesignPoint; to: DesignPoint; font: number }) {
  return (
    <rect
      data-testid="plan-band"
      pointerEvents="none"
      {...rectBetween(from, to)}
      fill={SELECTED}
      fillOpacity={0.08}
      stroke={SELECTED}
      strokeDasharray={`${font / 2} ${font / 3}`}
      strokeWidth={font / 8}
    />
  );
}
