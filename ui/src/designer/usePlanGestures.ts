import { type Dispatch, type RefObject, type SetStateAction, useEffect, useRef } from 'react';
import { MAX_WIDTH_MM, MIN_WIDTH_MM, type View } from './usePlanView';

/**
 * Two fingers on the plan zoom it about the point between them (and move it with them); one
 * finger is left to the plan, where it pans, draws or selects as a mouse would. From the moment
 * a second finger lands until the last one lifts, touch pointer events stop here, before the
 * plan's own handlers, and whatever the first finger had begun (a pan, a rectangle) is dropped.
 */
export function usePlanGestures(
  svg: RefObject<SVGSVGElement | null>,
  view: View,
  setView: Dispatch<SetStateAction<View>>,
  cancelDrag: () => void,
) {
  const latest = useRef({ view, setView, cancelDrag });
  latest.current = { view, setView, cancelDrag };
  useEffect(() => {
    const element = svg.current;
    if (!element) return;
    const touches = new Map<number, { x: number; y: number }>();
    let pinch: {
      distance: number;
      /** The plan point that was between the fingers, and the plan → screen scale and offset then. */
      anchor: { x: number; y: number };
      a: number;
      e: number;
      f: number;
      view: View;
    } | null = null;
    const between = () => {
      const [p, q] = [...touches.values()];
      return { x: (p!.x + q!.x) / 2, y: (p!.y + q!.y) / 2, distance: Math.hypot(p!.x - q!.x, p!.y - q!.y) };
    };
    const start = () => {
      const matrix = element.getScreenCTM();
      if (!matrix) return;
      const mid = between();
      const anchor = new DOMPoint(mid.x, mid.y).matrixTransform(matrix.inverse());
      pinch = {
        distance: Math.max(mid.distance, 1),
        anchor: { x: anchor.x, y: anchor.y },
        a: matrix.a,
        e: matrix.e,
        f: matrix.f,
        view: latest.current.view,
      };
      latest.current.cancelDrag();
    };
    const follow = () => {
      if (!pinch || touches.size < 2) return;
      const mid = between();
      const { anchor, a, e, f, view: before } = pinch;
      const w = Math.min(
        MAX_WIDTH_MM,
        Math.max(MIN_WIDTH_MM, (before.w * pinch.distance) / Math.max(mid.distance, 1)),
      );
      const scale = w / before.w;
      // With the aspect kept, a screen point maps to view.x + (client − e − a·view.x) / a · scale.
      latest.current.setView({
        x: anchor.x - ((mid.x - e - a * before.x) * scale) / a,
        y: anchor.y - ((mid.y - f - a * before.y) * scale) / a,
        w,
        h: before.h * scale,
      });
    };
    const down = (event: PointerEvent) => {
      if (event.pointerType !== 'touch') return;
      touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (touches.size === 2) start();
      if (pinch) event.stopPropagation();
    };
    const move = (event: PointerEvent) => {
      if (event.pointerType !== 'touch' || !touches.has(event.pointerId)) return;
      touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (!pinch) return;
      event.stopPropagation();
      follow();
    };
    const up = (event: PointerEvent) => {
      if (event.pointerType !== 'touch') return;
      touches.delete(event.pointerId);
      if (!pinch) return;
      event.stopPropagation();
      if (touches.size === 0) pinch = null;
    };
    // In the capture phase on the plan itself: before the plan's elements and React's handlers.
    element.addEventListener('pointerdown', down, true);
    element.addEventListener('pointermove', move, true);
    element.addEventListener('pointerup', up, true);
    element.addEventListener('pointercancel', up, true);
    return () => {
      element.removeEventListener('pointerdown', down, true);
      element.removeEventListener('pointermove', move, true);
      element.removeEventListener('pointerup', up, true);
      element.removeEventListener('pointercancel', up, true);
    };
  }, [svg]);
}
