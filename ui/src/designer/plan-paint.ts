import { type DesignDocument, type DesignRoom, itemTopView, topViewStyle } from '@interior/contracts';
import { DIMENSION, SWING } from './PlanAnnotations';
import type { ProductSize } from './PlanCanvas';
import { DOOR, ROOM_AREA, ROOM_FILL, ROOM_NAME, WALL, WALL_DRAWING, WINDOW } from './PlanLayers';
import type { PlanRect } from './plan-cull';
import { dimensionLine, doorSwing, roomLabel, stretchOfWall, wallDrawingStrokes } from './plan-geometry';

/**
 * The plan's document drawn on a 2D canvas, for a plan too large for SVG (PlanStaticCanvas): the
 * same rooms, walls, doors and windows with their swings, dimension lines, wall drawings and
 * products from above as PlanLayers draws, less the selected elements (drawn in SVG over it).
 * Only what meets the view is drawn, and no text too small to read.
 */

const TOP_VIEW_PIXELS = 256;

/** The top views as decoded images, loaded once each; `onReady` asks for the plan to be drawn again. */
export class TopViewImages {
  private readonly images = new Map<string, ImageBitmap | null>();
  constructor(private readonly onReady: () => void) {}
  /** The image at `url` once decoded; null while it loads (or if it failed: the footprint alone shows). */
  get(url: string): ImageBitmap | null {
    const known = this.images.get(url);
    if (known !== undefined) return known;
    this.images.set(url, null);
    const image = new Image();
    image.src = url;
    image
      .decode()
      .then(() => {
        // Kept at most TOP_VIEW_PIXELS a side: the plan shows a product a few hundred pixels wide
        // at most, and a smaller image is quicker to draw at every frame.
        const fit = Math.min(1, TOP_VIEW_PIXELS / Math.max(image.naturalWidth, image.naturalHeight, 1));
        return createImageBitmap(image, {
          resizeWidth: Math.max(1, Math.round(image.naturalWidth * fit)),
          resizeHeight: Math.max(1, Math.round(image.naturalHeight * fit)),
          resizeQuality: 'medium',
        });
      })
      .then((decoded) => {
        this.images.set(url, decoded);
        this.onReady();
      })
      .catch(() => {});
    return null;
  }
}

/** What the plan shows: the part of the document drawn, and how its elements are drawn. */
export type PlanContent = Pick<
  PaintOptions,
  'context' | 'grid' | 'gridUnder' | 'dimensions' | 'products' | 'wallDrawings' | 'skip'
> & { doc: DesignDocument };

export interface PaintOptions {
  /** The visible part of the plan, mm, as the SVG's viewBox (fitted with xMidYMid meet). */
  view: PlanRect;
  /** The canvas's size in CSS pixels, and device pixels per CSS pixel. */
  width: number;
  height: number;
  pixelRatio: number;
  /** The width of the plan on screen, mm: the grid's spacing and strokes follow it, as in SVG. */
  shownWidth: number;
  font: number;
  grid: number;
  /**
   * The grid is left out, painted under this drawing instead, with the floors of the rooms the SVG
   * draws (a floor drawn in the SVG, above, would hide what is painted in its room).
   */
  gridUnder: boolean;
  dimensions: boolean;
  products: ReadonlyMap<number, ProductSize>;
  wallDrawings: ReadonlyMap<number, { width: number; name: string }>;
  /** Elements left to the SVG (the selection), as `kind:id`. */
  skip: ReadonlySet<string>;
  /** The whole document, where doors and wall drawings look for their rooms. */
  context: DesignDocument;
  images: TopViewImages;
}

/**
 * The grid over `area` (mm, on a context drawing in mm): a line every five grid steps, every ten
 * once the plan on screen is over 30 m wide, strokes a 2,000th of that width, as the SVG draws it.
 */
export function paintGrid(ctx: CanvasRenderingContext2D, area: PlanRect, shownWidth: number, grid: number) {
  const step = shownWidth > 30_000 ? grid * 10 : grid * 5;
  ctx.beginPath();
  for (let x = Math.floor(area.x / step) * step; x < area.x + area.w; x += step) {
    ctx.moveTo(x, area.y);
    ctx.lineTo(x, area.y + area.h);
  }
  for (let y = Math.floor(area.y / step) * step; y < area.y + area.h; y += step) {
    ctx.moveTo(area.x, y);
    ctx.lineTo(area.x + area.w, y);
  }
  ctx.strokeStyle = '#e0e0e0';
  ctx.lineWidth = shownWidth / 2000;
  ctx.stroke();
}

/** Rooms' floors in one path (on a context drawing in mm). */
export function paintFloors(ctx: CanvasRenderingContext2D, rooms: readonly DesignRoom[]) {
  ctx.beginPath();
  for (const room of rooms) {
    const [first, ...rest] = room.polygon;
    if (!first) continue;
    ctx.moveTo(first.x, first.y);
    for (const p of rest) ctx.lineTo(p.x, p.y);
    ctx.closePath();
  }
  ctx.fillStyle = ROOM_FILL;
  ctx.fill();
}

/** Text smaller than this many CSS pixels is left out: unreadable, and the costliest part to draw. */
const SMALLEST_TEXT_PX = 3;

/** Draws the plan; answers how many rooms it drew (the page's sign that the plan is on screen). */
export function paintPlan(ctx: CanvasRenderingContext2D, doc: DesignDocument, o: PaintOptions): number {
  const steps = paintingPlan(ctx, doc, o);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Elements drawn one by one (labels, products) between two pauses of paintingPlan. */
const ELEMENTS_A_STEP = 40;
/**
 * Walls or dimension lines stroked in one path between two pauses (strokes of one opaque colour
 * look the same in one path or several).
 */
const LINES_A_STEP = 400;

/**
 * paintPlan in steps: it pauses (yields) after each costly part, so that a plan can be painted
 * over several frames. Nothing else may draw on `ctx` until it is done: it leaves its state (the
 * path, the styles, the transform) as it was at the pause.
 */
export function* paintingPlan(
  ctx: CanvasRenderingContext2D,
  doc: DesignDocument,
  o: PaintOptions,
): Generator<undefined, number, undefined> {
  let counted = 0;
  /** True every ELEMENTS_A_STEP elements drawn one by one: time to pause. */
  const pause = () => ++counted % ELEMENTS_A_STEP === 0;
  const { view } = o;
  const scale = Math.min(o.width / view.w, o.height / view.h);
  const offsetX = (o.width - view.w * scale) / 2 - view.x * scale;
  const offsetY = (o.height - view.h * scale) / 2 - view.y * scale;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  const toCanvas = new DOMMatrix([
    o.pixelRatio * scale,
    0,
    0,
    o.pixelRatio * scale,
    o.pixelRatio * offsetX,
    o.pixelRatio * offsetY,
  ]);
  ctx.setTransform(toCanvas);
  // What is on the canvas, mm: the view widened to the canvas's proportions.
  const left = -offsetX / scale;
  const top = -offsetY / scale;
  const right = left + o.width / scale;
  const bottom = top + o.height / scale;
  const meets = (minX: number, minY: number, maxX: number, maxY: number) =>
    maxX >= left && minX <= right && maxY >= top && minY <= bottom;
  const readable = (size: number) => size * scale >= SMALLEST_TEXT_PX;
  const shown = (kind: string, id: string) => !o.skip.has(`${kind}:${id}`);

  if (!o.gridUnder)
    paintGrid(ctx, { x: left, y: top, w: right - left, h: bottom - top }, o.shownWidth, o.grid);

  // Rooms: their floors, then their names and areas.
  const rooms = doc.rooms.filter((room) => {
    if (!shown('room', room.id) || room.polygon.length === 0) return false;
    const xs = room.polygon.map((p) => p.x);
    const ys = room.polygon.map((p) => p.y);
    return meets(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys));
  });
  paintFloors(ctx, rooms);
  yield;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  if (readable(o.font * 0.8))
    for (const room of rooms) {
      const label = roomLabel(room);
      ctx.fillStyle = ROOM_NAME;
      ctx.font = `${o.font}px sans-serif`;
      ctx.fillText(room.name, label.x, label.y);
      ctx.fillStyle = ROOM_AREA;
      ctx.font = `${o.font * 0.8}px sans-serif`;
      ctx.fillText(label.area, label.x, label.y + o.font * 1.3);
      if (pause()) yield;
    }

  // Walls, in paths by thickness (a few hundred in each).
  const walls = doc.walls.filter((w) =>
    meets(
      Math.min(w.a.x, w.b.x) - w.thickness,
      Math.min(w.a.y, w.b.y) - w.thickness,
      Math.max(w.a.x, w.b.x) + w.thickness,
      Math.max(w.a.y, w.b.y) + w.thickness,
    ),
  );
  const wallsById = new Map(doc.walls.map((w) => [w.id, w]));
  const byThickness = new Map<number, typeof walls>();
  for (const wall of walls) {
    if (!shown('wall', wall.id)) continue;
    const group = byThickness.get(wall.thickness);
    if (group) group.push(wall);
    else byThickness.set(wall.thickness, [wall]);
  }
  ctx.strokeStyle = WALL;
  ctx.lineCap = 'square';
  for (const [thickness, group] of byThickness)
    for (let i = 0; i < group.length; i += LINES_A_STEP) {
      ctx.beginPath();
      for (const wall of group.slice(i, i + LINES_A_STEP)) {
        ctx.moveTo(wall.a.x, wall.a.y);
        ctx.lineTo(wall.b.x, wall.b.y);
      }
      ctx.lineWidth = thickness;
      ctx.stroke();
      yield;
    }
  ctx.lineCap = 'butt';

  // Doors and windows, and the doors' swings.
  const visibleWalls = new Set(walls.map((w) => w.id));
  const openings = doc.openings.filter((o) => visibleWalls.has(o.wallId) && shown('opening', o.id));
  for (const opening of openings) {
    const wall = wallsById.get(opening.wallId)!;
    const [start, end] = stretchOfWall(wall, opening.offset, opening.width);
    ctx.beginPath();
    ctx.moveTo(start.x, start.y);
    ctx.lineTo(end.x, end.y);
    ctx.strokeStyle = opening.kind === 'Door' ? DOOR : WINDOW;
    ctx.lineWidth = wall.thickness * 1.4;
    ctx.stroke();
    if (pause()) yield;
  }
  ctx.beginPath();
  for (const door of openings) {
    if (door.kind !== 'Door') continue;
    const { hinge, open, shut, sweep } = doorSwing(o.context, wallsById.get(door.wallId)!, door);
    ctx.moveTo(hinge.x, hinge.y);
    ctx.lineTo(open.x, open.y);
    const from = Math.atan2(open.y - hinge.y, open.x - hinge.x);
    const to = Math.atan2(shut.y - hinge.y, shut.x - hinge.x);
    ctx.arc(hinge.x, hinge.y, door.width, from, to, sweep === 0);
  }
  ctx.strokeStyle = SWING;
  ctx.lineWidth = o.font / 12;
  ctx.stroke();
  yield;

  // Dimension lines, a few hundred in a path, then the figures.
  if (o.dimensions) {
    const lines = walls.filter((w) => shown('wall', w.id)).map((w) => dimensionLine(w, o.font));
    ctx.strokeStyle = DIMENSION;
    ctx.lineWidth = o.font / 14;
    for (let i = 0; i < lines.length; i += LINES_A_STEP) {
      ctx.beginPath();
      for (const line of lines.slice(i, i + LINES_A_STEP)) {
        if (!line) continue;
        ctx.moveTo(line.a.x, line.a.y);
        ctx.lineTo(line.b.x, line.b.y);
        for (const tick of line.ticks) {
          ctx.moveTo(tick.from.x, tick.from.y);
          ctx.lineTo(tick.to.x, tick.to.y);
        }
      }
      ctx.stroke();
      yield;
    }
    if (readable(o.font * 0.7)) {
      ctx.fillStyle = DIMENSION;
      ctx.font = `${o.font * 0.7}px sans-serif`;
      for (const line of lines) {
        if (!line) continue;
        // Turned about its middle; setTransform, not save and restore, which cost more.
        ctx.setTransform(toCanvas);
        ctx.translate(line.mid.x, line.mid.y);
        ctx.rotate((line.angle * Math.PI) / 180);
        ctx.fillText(line.label, 0, 0);
        if (pause()) yield;
      }
      ctx.setTransform(toCanvas);
    }
  }

  // Wall drawings.
  ctx.strokeStyle = WALL_DRAWING;
  for (const placed of doc.wallDrawings) {
    const wall = wallsById.get(placed.wallId);
    if (!wall || !visibleWalls.has(wall.id) || !shown('wallDrawing', placed.id)) continue;
    const width = o.wallDrawings.get(placed.wallDrawingId)?.width ?? 1000;
    ctx.beginPath();
    for (const { a, b } of wallDrawingStrokes(o.context, wall, placed.offset, width)) {
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
    }
    ctx.lineWidth = wall.thickness * 0.35;
    ctx.stroke();
    if (pause()) yield;
  }

  // Products from above, turned about their centres.
  for (const item of doc.items) {
    if (!shown('item', item.id)) continue;
    const look = o.products.get(item.productId);
    const reach = look ? Math.max(look.width, look.depth) : 600;
    if (!meets(item.x - reach, item.y - reach, item.x + reach, item.y + reach)) continue;
    const top = itemTopView(item, look);
    ctx.setTransform(toCanvas);
    if (item.rotation) {
      ctx.translate(item.x, item.y);
      ctx.rotate((item.rotation * Math.PI) / 180);
      ctx.translate(-item.x, -item.y);
    }
    ctx.fillStyle = topViewStyle.fill;
    ctx.fillRect(top.x, top.y, top.width, top.height);
    ctx.strokeStyle = topViewStyle.stroke;
    ctx.lineWidth = o.font / 12;
    ctx.strokeRect(top.x, top.y, top.width, top.height);
    const image = top.image ? o.images.get(top.image) : null;
    if (image) {
      // Kept in proportion inside the footprint, centred (xMidYMid meet).
      const fit = Math.min(top.width / image.width, top.height / image.height);
      const w = image.width * fit;
      const h = image.height * fit;
      ctx.drawImage(image, top.x + (top.width - w) / 2, top.y + (top.height - h) / 2, w, h);
    } else if (!top.image && readable(top.label.size)) {
      ctx.fillStyle = topViewStyle.text;
      ctx.font = `${top.label.size}px sans-serif`;
      ctx.fillText(top.name, top.label.x, top.label.y);
    }
    if (pause()) yield;
  }
  ctx.setTransform(toCanvas);
  return rooms.length;
}
