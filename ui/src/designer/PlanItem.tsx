import { type DesignItem, itemTopView, type ProductTopLook, topViewStyle } from '@interior/contracts';
import type { PointerEvent } from 'react';

const SELECTED = '#ff6f00';

/**
 * A placed product in the plan, from above: the same drawing as the design's overview and
 * thumbnails (contracts' itemTopView), with the editor's selection and, for a product selected
 * alone, its rotation handle in front of it (its −y side).
 */
export function PlanItem({
  item,
  look,
  rotation,
  selected,
  handle,
  font,
  onPointerDown,
  onHandleDown,
}: {
  item: DesignItem;
  look: ProductTopLook | undefined;
  /** The angle shown (while the handle is dragged, the one it would take). */
  rotation: number;
  selected: boolean;
  handle: boolean;
  font: number;
  onPointerDown: (event: PointerEvent) => void;
  onHandleDown: (event: PointerEvent) => void;
}) {
  const view = itemTopView(item, look, rotation);
  return (
    <g data-testid="plan-item" transform={view.transform} onPointerDown={onPointerDown}>
      <title>{view.name}</title>
      <rect
        x={view.x}
        y={view.y}
        width={view.width}
        height={view.height}
        // A selected product stands out from its neighbours also when several are selected.
        fill={selected ? '#ffcc80' : topViewStyle.fill}
        stroke={selected ? SELECTED : topViewStyle.stroke}
        strokeWidth={selected ? font / 3 : font / 12}
        strokeDasharray={selected ? `${font / 2} ${font / 4}` : undefined}
      />
      {view.image ? (
        <image
          href={view.image}
          x={view.x}
          y={view.y}
          width={view.width}
          height={view.height}
          preserveAspectRatio={topViewStyle.preserveAspectRatio}
          opacity={selected ? 0.75 : 1}
          pointerEvents="none"
        />
      ) : (
        <text
          x={view.label.x}
          y={view.label.y}
          fontSize={view.label.size}
          textAnchor="middle"
          fill={topViewStyle.text}
          pointerEvents="none"
        >
          {view.name}
        </text>
      )}
      {handle && (
        <g data-testid="rotate-handle">
          <line
            x1={item.x}
            y1={view.y}
            x2={item.x}
            y2={view.y - font * 1.5}
            stroke={SELECTED}
            strokeWidth={font / 8}
          />
          <circle
            cx={item.x}
            cy={view.y - font * 1.5}
            r={font / 2}
            fill="#fff"
            stroke={SELECTED}
            strokeWidth={font / 6}
            style={{ cursor: 'grab' }}
            aria-label="돌리기"
            onPointerDown={onHandleDown}
          />
        </g>
      )}
    </g>
  );
}
