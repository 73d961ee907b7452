import type { DesignRoom } from '@interior/contracts';
import { useEffect, useMemo, useRef } from 'react';
import type { PlanRect } from './plan-cull';
import { type PlanContent, paintFloors, paintGrid, paintingPlan, TopViewImages } from './plan-paint';

/** After the view has rested this long, a plan shown scaled from its snapshot is painted afresh. */
const SETTLE_MS = 150;
/** The largest snapshot a side, device pixels. */
const MAX_SNAPSHOT_PIXELS = 4_096;
/** A snapshot painted in the background takes at most this long of a frame, and goes on in the next. */
const SLICE_MS = 6;
/**
 * A new snapshot is begun in the background once the view has used half the margin on a side, or
 * zoomed this far from the snapshot's scale; the old one is shown until it is done.
 */
const ZOOM_AHEAD = 1.5;

/** The plan painted around the view once, which panning and zooming move and scale. */
interface Snapshot {
  canvas: HTMLCanvasElement;
  /** What it shows, mm; device pixels per mm; the strokes' and labels' size it was painted with. */
  area: PlanRect;
  scale: number;
  font: number;
  content: PlanContent;
  images: number;
  /** Painted without the margin around the view, to be on screen sooner: one with it follows. */
  tight: boolean;
  rooms: number;
}

/** A snapshot being painted, step by step (plan-paint.ts paintingPlan). */
interface Painting {
  shot: Omit<Snapshot, 'rooms'>;
  ctx: CanvasRenderingContext2D;
  steps: Generator<undefined, number, undefined>;
}

const covers = (outer: PlanRect, inner: PlanRect) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.w <= outer.x + outer.w &&
  inner.y + inner.h <= outer.y + outer.h;

/**
 * Begins painting the plan around what the canvas shows (half as much again on every side, within
 * MAX_SNAPSHOT_PIXELS; none when `tight`) at the canvas's scale, into `canvas`.
 */
function startPainting(
  canvas: HTMLCanvasElement,
  content: PlanContent,
  shown: PlanRect,
  scale: number,
  font: number,
  images: TopViewImages,
  imagesVersion: number,
  tight = false,
): Painting | null {
  const margin = (size: number) =>
    tight ? 0 : Math.max(0, Math.min(size / 2, (MAX_SNAPSHOT_PIXELS / scale - size) / 2));
  const mx = margin(shown.w);
  const my = margin(shown.h);
  const area = { x: shown.x - mx, y: shown.y - my, w: shown.w + 2 * mx, h: shown.h + 2 * my };
  canvas.width = Math.max(1, Math.round(area.w * scale));
  canvas.height = Math.max(1, Math.round(area.h * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const steps = paintingPlan(ctx, content.doc, {
    ...content,
    view: area,
    width: canvas.width,
    height: canvas.height,
    pixelRatio: 1,
    shownWidth: shown.w,
    font,
    images,
  });
  return { shot: { canvas, area, scale, font, content, images: imagesVersion, tight }, ctx, steps };
}

/**
 * Paints on until done, answering the snapshot, or until `deadline` (performance.now()) passes:
 * null. The browser only records a canvas's drawing and rasterises it later, when the canvas is
 * read or copied: with a deadline, each step is read back (one pixel) so that its rasterising is
 * done, and timed, within the step rather than all at once in the frame that first shows it.
 */
function paintOn(painting: Painting, deadline = Number.POSITIVE_INFINITY): Snapshot | null {
  const sliced = deadline !== Number.POSITIVE_INFINITY;
  for (;;) {
    const step = painting.steps.next();
    if (step.done) return { ...painting.shot, rooms: step.value };
    if (sliced) painting.ctx.getImageData(0, 0, 1, 1);
    if (performance.now() >= deadline) return null;
  }
}

/**
 * A large plan's document on a canvas under the plan's SVG (plan-paint.ts), less what the SVG
 * draws (`skip`). The plan around the view is painted once into a snapshot, which panning and
 * zooming only move and scale (once a frame at most). When what it shows changes, it is painted
 * again at once. When the view nears its edge or zooms 1.5 times from its scale, when a top view
 * finishes loading and once the wheel rests, the next one is painted in the background, a few
 * milliseconds a frame, while the old one is shown. When the SVG draws rooms, their `floors` are painted under the snapshot at
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
  // The next snapshot while it is painted in the background, and the canvas the next one is painted in.
  const painting = useRef<Painting | null>(null);
  const spare = useRef<HTMLCanvasElement | null>(null);
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
    const version = imagesVersion.current;
    let shot = snapshot.current;
    if (!shot || shot.content !== content) {
      // The document changed, or what the SVG draws: painted at once, for what the canvas shows must
      // be the document as it is (the SVG above already draws the new one); only what is on screen,
      // the margin around it follows in the background.
      painting.current = null;
      const now = startPainting(
        shot?.canvas ?? document.createElement('canvas'),
        content,
        shownArea,
        scale,
        font,
        images,
        version,
        true,
      );
      shot = now && paintOn(now);
      snapshot.current = shot;
      if (shot) element.dataset.rooms = String(shot.rooms);
    } else {
      // The view nears the snapshot's edge or zooms away from its scale, the wheel rested (`exact`),
      // a top view loaded, or the snapshot lacks its margin: a new one is painted in the background,
      // a slice a frame, and the old one is shown, moved and scaled, until it is done.
      const zoomed = (s: { scale: number }) => Math.max(s.scale / scale, scale / s.scale);
      const inset = { x: (shot.area.w - shownArea.w) / 4, y: (shot.area.h - shownArea.h) / 4 };
      const near = {
        x: shot.area.x + inset.x,
        y: shot.area.y + inset.y,
        w: shot.area.w - 2 * inset.x,
        h: shot.area.h - 2 * inset.y,
      };
      const due =
        exact ||
        shot.tight ||
        shot.images !== version ||
        !covers(near, shownArea) ||
        zoomed(shot) > ZOOM_AHEAD;
      const pending = painting.current;
      const keep =
        pending &&
        pending.shot.content === content &&
        covers(pending.shot.area, shownArea) &&
        zoomed(pending.shot) <= 2 &&
        !(exact && (pending.shot.scale !== scale || pending.shot.font !== font));
      if (!keep) {
        spare.current ??= document.createElement('canvas');
        painting.current = due
          ? startPainting(spare.current, content, shownArea, scale, font, images, version)
          : null;
      }
      const next = painting.current;
      if (next) {
        const done = paintOn(next, performance.now() + SLICE_MS);
        if (done) {
          spare.current = shot.canvas;
          snapshot.current = shot = done;
          painting.current = null;
          element.dataset.rooms = String(done.rooms);
        } else request();
      }
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
