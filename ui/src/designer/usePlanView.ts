import type { DesignPoint } from '@interior/contracts';
import { type RefObject, useEffect, useState, type WheelEvent } from 'react';

/** The visible part of the plan, in millimetres (the SVG's viewBox). */
export interface View {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The narrowest and widest the view may be, mm. */
export const MIN_WIDTH_MM = 1_000;
export const MAX_WIDTH_MM = 200_000;

/** Each notch of the wheel widens or narrows the view by this factor. */
const WHEEL_FACTOR = 1.15;

/**
 * Where the plan looks (`view`, the SVG's viewBox) and how a screen point maps into it: the wheel
 * zooms about the cursor, within MIN_WIDTH_MM and MAX_WIDTH_MM; panning sets the view itself.
 */
export function usePlanView(svg: RefObject<SVGSVGElement | null>) {
  const [view, setView] = useState<View>({ x: -1000, y: -1000, w: 12000, h: 8000 });

  /** A pointer position in plan millimetres. */
  const toPlan = (clientX: number, clientY: number): DesignPoint => {
    const matrix = svg.current?.getScreenCTM();
    if (!matrix) return { x: 0, y: 0 };
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return { x: point.x, y: point.y };
  };
  /** Plan millimetres a screen pixel spans now. */
  const perPixelNow = () => 1 / (svg.current?.getScreenCTM()?.a || 1);

  // Wheel zoom with a non-passive listener, so the page itself does not scroll.
  useEffect(() => {
    const element = svg.current;
    if (!element) return;
    const onWheel = (event: globalThis.WheelEvent) => event.preventDefault();
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [svg]);
  const zoom = (event: WheelEvent<SVGSVGElement>) => {
    const at = toPlan(event.clientX, event.clientY);
    const factor = event.deltaY > 0 ? WHEEL_FACTOR : 1 / WHEEL_FACTOR;
    setView((v) => {
      const w = Math.min(MAX_WIDTH_MM, Math.max(MIN_WIDTH_MM, v.w * factor));
      const scale = w / v.w;
      return { x: at.x - (at.x - v.x) * scale, y: at.y - (at.y - v.y) * scale, w, h: v.h * scale };
    });
  };
  return { view, setView, toPlan, perPixelNow, zoom };
}
