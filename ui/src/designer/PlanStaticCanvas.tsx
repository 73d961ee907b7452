import type { DesignRoom } from '@interior/contracts';
import { useEffect, useMemo, useRef } from 'react';
import type { PlanRect } from './plan-cull';
import { type PlanContent, paintFloors, paintGrid, paintPlan, TopViewImages } from './plan-paint';

/** After the view has rested this long, a plan shown scaled from its snapshot is painted afresh. */
const SETTLE_MS = 150;
/** The largest snapshot a side, device pixels. */
const MAX_SNAPSHOT_PIXELS = 4_096;

/** The plan painted around the view once, which panning and zooming move and scale. */
interface Snapshot {
  canvas: HTMLCanvasElement;
  /** What it shows, mm; device pixels per mm; the strokes' and labels' size it was painted with. */
  area: PlanRect;
  scale: number;
  font: number;
  content: PlanContent;
  images: number;
  rooms: number;
}

const covers = (outer: PlanRect, inner: PlanRect) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.w <= outer.x + outer.w &&
  inner.y + inner.h <= outer.y + outer.h;

/**
 * Paints the plan around what the canvas shows (half as much again on every side, within
 * MAX_SNAPSHOT_PIXELS) at the canvas's scale, into the previous snapshot's canvas when there is one.
 */
function takeSnapshot(
  previous: Snapshot | null,
  content: PlanContent,
  shown: PlanRect,
  scale: number,
  font: number,
  images: TopViewImages,
  imagesVersion: number,
): Snapshot | null {
  const margin = (size: number) => Math.max(0, Math.min(size / 2, (MAX_SNAPSHOT_PIXELS / scale - size) / 2));
  const mx = margin(shown.w);
  const my = margin(shown.h);
  const area = { x: shown.x - mx, y: shown.y - my, w: shown.w + 2 * mx, h: shown.h + 2 * my };
  const canvas = previous?.canvas ?? document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.w * scale));
  canvas.height = Math.max(1, Math.round(area.h * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const rooms = paintPlan(ctx, content.doc, {
    ...content,
    view: area,
    width: canvas.width,
    height: canvas.height,
    pixelRatio: 1,
    shownWidth: shown.w,
    font,
    images,
  });
  return { canvas, area, scale, font, content, images: imagesVersion, rooms };
}

/**
 * A large plan's document on a canvas under the plan's SVG (plan-paint.ts), less what the SVG
 * draws (`skip`). The plan around the view is painted once into a snapshot, which panning and
 * zooming only move and scale (once a frame at most); it is painted again when the view leaves it
 * or zooms past twice its scale, when what it shows changes or a top view finishes loading, and
 * once the wheel rests. When the SVG draws rooms, their `floors` are painted under the snapshot at
 * every frame, with the grid: the SVG above draws only their outlines and names. The canvas takes
 * no pointer events: a click goes to the SVG above, which finds the element under it by geometry
 * (plan-hit.ts). `data-rooms` says how many rooms the last snapshot showed.
 */
export function PlanStaticCanvas({
  doc,
  context,
  view,
  font,
  grid,
  dimensions,
  products,
  wallDrawings,
  skip,
  floors,
}: Omit<PlanContent, 'gridUnder'> & { view: PlanRect; font: number; floors: readonly DesignRoom[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef(0);
  // What the next drawing draws; the drawing itself reads it when its frame comes.
  const latest = useRef<(exact?: boolean) => void>(() => {});
  const request = useMemo(
    () => () => {
      if (!frame.current)
        frame.current = requestAnimationFrame(() => {
          frame.current = 0;
          latest.current();
        });
    },
    [],
  );
  // A top view loaded: the next drawing paints the plan afresh.
  const imagesVersion = useRef(0);
  // Top views arrive a hundred at a time on opening: the plan is painted again once they pause.
  const imagesPause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const images = useMemo(
    () =>
      new TopViewImages(() => {
        clearTimeout(imagesPause.current);
        imagesPause.current = setTimeout(() => {
          imagesVersion.current++;
          request();
        }, SETTLE_MS);
      }),
    [request],
  );
  const snapshot = useRef<Snapshot | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const content = useMemo(
    () => ({
      doc,
      context,
      grid,
      // Set by what the SVG draws, not by the floors themselves, which change at every move of a drag.
      gridUnder: [...skip].some((key) => key.startsWith('room:')),
      dimensions,
      products,
      wallDrawings,
      skip,
    }),
    [doc, context, grid, dimensions, products, wallDrawings, skip],
  );
  latest.current = (exact = false) => {
    const element = canvas.current;
    const ctx = element?.getContext('2d');
    if (!element || !ctx) return;
    const width = element.clientWidth;
    const height = element.clientHeight;
    if (!width || !height) return;
    const pixelRatio = window.devicePixelRatio || 1;
    if (element.width !== Math.round(width * pixelRatio)) element.width = Math.round(width * pixelRatio);
    if (element.height !== Math.round(height * pixelRatio)) element.height = Math.round(height * pixelRatio);
    // Device pixels a millimetre spans, and the millimetres on the canvas (the view fitted to it).
    const scale = Math.min(width / view.w, height / view.h) * pixelRatio;
    const shownArea = {
      x: view.x + view.w / 2 - element.width / scale / 2,
      y: view.y + view.h / 2 - element.height / scale / 2,
      w: element.width / scale,
      h: element.height / scale,
    };
    let shot = snapshot.current;
    const usable =
      shot &&
      shot.content === content &&
      shot.images === imagesVersion.current &&
      covers(shot.area, shownArea) &&
      shot.scale / scale <= 2 &&
      scale / shot.scale <= 2;
    if (!usable || exact) {
      shot = takeSnapshot(shot, content, shownArea, scale, font, images, imagesVersion.current);
      snapshot.current = shot;
      if (shot) element.dataset.rooms = String(shot.rooms);
    }
    if (!shot) return;
    // The snapshot moved and scaled onto the canvas: panning and zooming cost one image's copy.
    const k = scale / shot.scale;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, element.width, element.height);
    if (shot.content.gridUnder) {
      ctx.setTransform(scale, 0, 0, scale, -shownArea.x * scale, -shownArea.y * scale);
      paintGrid(ctx, shownArea, shownArea.w, grid);
      paintFloors(ctx, floors);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
    }
    ctx.imageSmoothingEnabled = k !== 1;
    // Only the part on screen is copied.
    ctx.drawImage(
      shot.canvas,
      (shownArea.x - shot.area.x) * shot.scale,
      (shownArea.y - shot.area.y) * shot.scale,
      shownArea.w * shot.scale,
      shownArea.h * shot.scale,
      0,
      0,
      element.width,
      element.height,
    );
    // Once the wheel rests, the plan is painted again at its new scale and strokes.
    clearTimeout(settle.current);
    if (k !== 1 || shot.font !== font) settle.current = setTimeout(() => latest.current(true), SETTLE_MS);
  };
  useEffect(request);
  useEffect(() => {
    const element = canvas.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(request);
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame.current);
      clearTimeout(settle.current);
      clearTimeout(imagesPause.current);
      frame.current = 0;
    };
  }, [request]);
  return (
    <canvas
      ref={canvas}
      data-testid="plan-static"
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
    />
  );
}
