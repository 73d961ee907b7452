import type { DesignDocument, DesignPoint } from '@interior/contracts';
import { useCallback, useEffect, useState } from 'react';
import { pointAtDistance } from './dimensions';
import { polygonPoint } from './edit';
import type { Tool } from './PlanCanvas';

/**
 * The outline the wall and polygon tools draw, point by point: the points placed, where the next
 * one would land (`hover`), and the length typed for the edge being drawn. A wall chain places a
 * wall at each point after the first until one closes a room (or Enter ends it); a room's outline
 * closes on its first point again, or on Enter. Digits typed while drawing are the length of the
 * edge being drawn, and Enter places its end that far toward the pointer.
 */
export function useOutlineDrawing({
  doc,
  tool,
  grid,
  toPlan,
  onPolygon,
  onWall,
}: {
  doc: DesignDocument;
  tool: Tool;
  grid: number;
  toPlan: (clientX: number, clientY: number) => DesignPoint;
  onPolygon: (points: DesignPoint[]) => void;
  onWall: (a: DesignPoint, b: DesignPoint) => boolean;
}) {
  const [outline, setOutline] = useState<DesignPoint[]>([]);
  const [hover, setHover] = useState<DesignPoint | null>(null);
  // The length typed for the edge being drawn (digits), until Enter.
  const [typed, setTyped] = useState('');
  /** Where a click would place the next point: on a wall end nearby, else on the grid. */
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

  /** A press with the wall or polygon tool: a point placed where it lands (a typed length is dropped). */
  const press = (event: { clientX: number; clientY: number; shiftKey: boolean }) => {
    setTyped('');
    addPoint(outlinePoint(event));
  };
  /** The pointer moved: where the next point would land, once a first one is placed. */
  const follow = (event: { clientX: number; clientY: number; shiftKey: boolean }) => {
    if ((tool === 'polygon' || tool === 'wall') && outline.length) setHover(outlinePoint(event));
  };
  return { outline, hover, typed, press, follow };
}
