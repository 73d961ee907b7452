import type { DesignDocument } from '@interior/contracts';
import { dimensionLine, doorSwing } from './plan-geometry';

export const DIMENSION = '#455a64';
export const SWING = '#8d6e63';

/** A dimension line beside every wall with its length in millimetres (plan-geometry.ts dimensionLine). */
export function WallDimensionLines({ doc, font }: { doc: DesignDocument; font: number }) {
  return (
    <g pointerEvents="none" data-testid="plan-dimensions">
      {doc.walls.map((wall) => {
        const line = dimensionLine(wall, font);
        if (!line) return null;
        const { a, b, ticks, mid, angle, label } = line;
        return (
          <g key={wall.id} data-testid="wall-dimension" stroke={DIMENSION} strokeWidth={font / 14}>
            <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} />
            {ticks.map(({ from, to }, end) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the line's two ends, always both
              <line key={end} x1={from.x} y1={from.y} x2={to.x} y2={to.y} />
            ))}
            <text
              x={mid.x}
              y={mid.y}
              fontSize={font * 0.7}
              textAnchor="middle"
              fill={DIMENSION}
              stroke="none"
              transform={`rotate(${angle} ${mid.x} ${mid.y})`}
            >
              {label}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/**
 * Each door's leaf and swing (plan-geometry.ts doorSwing). `context` is the document the doors'
 * rooms are looked for in, when `doc` is only part of it.
 */
export function DoorSwings({
  doc,
  font,
  context = doc,
}: {
  doc: DesignDocument;
  font: number;
  context?: DesignDocument;
}) {
  const walls = new Map(doc.walls.map((w) => [w.id, w]));
  return (
    <g pointerEvents="none" fill="none" stroke={SWING} strokeWidth={font / 12}>
      {doc.openings.map((door) => {
        const wall = door.kind === 'Door' ? walls.get(door.wallId) : undefined;
        if (!wall) return null;
        const { hinge, open, shut, sweep } = doorSwing(context, wall, door);
        return (
          <path
            key={door.id}
            data-testid="door-swing"
            d={`M ${hinge.x} ${hinge.y} L ${open.x} ${open.y} A ${door.width} ${door.width} 0 0 ${sweep} ${shut.x} ${shut.y}`}
          />
        );
      })}
    </g>
  );
}
