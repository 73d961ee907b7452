import type { DesignDocument } from '@interior/contracts';

/** A rectangle of the plan, mm (x, y its top-left corner). */
export interface PlanRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The area the plan draws for a view: the view and as much again on every side, so that panning
 * within it draws nothing new; drawn again once the view leaves it, or is far smaller than it
 * (zoomed in a long way).
 */
export function drawnArea(previous: PlanRect | null, view: PlanRect): PlanRect {
  if (
    previous &&
    view.x >= previous.x &&
    view.y >= previous.y &&
    view.x + view.w <= previous.x + previous.w &&
    view.y + view.h <= previous.y + previous.h &&
    previous.w <= view.w * 6
  )
    return previous;
  return { x: view.x - view.w, y: view.y - view.h, w: view.w * 3, h: view.h * 3 };
}

const meets = (area: PlanRect, minX: number, minY: number, maxX: number, maxY: number) =>
  maxX >= area.x && minX <= area.x + area.w && maxY >= area.y && minY <= area.y + area.h;

/**
 * The part of a document that can show in an area: rooms and walls whose bounds meet it, the doors,
 * windows and wall drawings of those walls, products within their reach of it. What lies wholly
 * outside is left out of the drawing; a large plan then costs what is on screen, not all of it.
 * `reach` is how far a product may extend from its centre (its largest side).
 */
export function visiblePart(
  doc: DesignDocument,
  area: PlanRect,
  reach: (productId: number) => number,
): DesignDocument {
  const walls = doc.walls.filter((w) =>
    meets(
      area,
      Math.min(w.a.x, w.b.x) - w.thickness,
      Math.min(w.a.y, w.b.y) - w.thickness,
      Math.max(w.a.x, w.b.x) + w.thickness,
      Math.max(w.a.y, w.b.y) + w.thickness,
    ),
  );
  if (walls.length === doc.walls.length && doc.items.length + doc.rooms.length < 200) return doc;
  const wallIds = new Set(walls.map((w) => w.id));
  return {
    ...doc,
    walls,
    rooms: doc.rooms.filter((room) => {
      let minX = Number.POSITIVE_INFINITY;
      let minY = Number.POSITIVE_INFINITY;
      let maxX = Number.NEGATIVE_INFINITY;
      let maxY = Number.NEGATIVE_INFINITY;
      for (const p of room.polygon) {
        minX = Math.min(minX, p.x);
        minY = Math.min(minY, p.y);
        maxX = Math.max(maxX, p.x);
        maxY = Math.max(maxY, p.y);
      }
      return meets(area, minX, minY, maxX, maxY);
    }),
    openings: doc.openings.filter((o) => wallIds.has(o.wallId)),
    wallDrawings: doc.wallDrawings.filter((d) => wallIds.has(d.wallId)),
    items: doc.items.filter((item) => {
      const r = reach(item.productId);
      return meets(area, item.x - r, item.y - r, item.x + r, item.y + r);
    }),
  };
}

/**
 * From this many elements on, the plan draws its document on a canvas and keeps SVG for the
 * selection (docs/designer.md, Large plans): below it SVG draws a plan as fast, and every element
 * stays an element of the page.
 */
export const CANVAS_FROM_ELEMENTS = 1_000;

/**
 * The selected part of a document (`chosen` as `kind:id` keys), with the walls its doors, windows
 * and wall drawings stand on: what the SVG draws over the canvas.
 */
export function chosenPart(doc: DesignDocument, chosen: ReadonlySet<string>): DesignDocument {
  const has = (kind: string, id: string) => chosen.has(`${kind}:${id}`);
  const openings = doc.openings.filter((o) => has('opening', o.id));
  const wallDrawings = doc.wallDrawings.filter((d) => has('wallDrawing', d.id));
  const carried = new Set([...openings, ...wallDrawings].map((o) => o.wallId));
  return {
    ...doc,
    rooms: doc.rooms.filter((r) => has('room', r.id)),
    walls: doc.walls.filter((w) => has('wall', w.id) || carried.has(w.id)),
    openings,
    wallDrawings,
    items: doc.items.filter((i) => has('item', i.id)),
  };
}

/**
 * The elements two versions of a document draw differently, as `kind:id` keys: those changed,
 * added or taken away, and the doors, windows and wall drawings on a wall that changed (they are
 * drawn from their wall). Edits leave an element they do not change the same object, so an element
 * is changed exactly when its object is not the one it was.
 */
export function changedElements(before: DesignDocument, after: DesignDocument): Set<string> {
  const changed = new Set<string>();
  const compare = <T extends { id: string }>(kind: string, was: readonly T[], now: readonly T[]) => {
    if (was === now) return;
    const left = new Map(was.map((element) => [element.id, element]));
    for (const element of now) {
      if (left.get(element.id) !== element) changed.add(`${kind}:${element.id}`);
      left.delete(element.id);
    }
    for (const id of left.keys()) changed.add(`${kind}:${id}`);
  };
  compare('room', before.rooms, after.rooms);
  compare('wall', before.walls, after.walls);
  compare('opening', before.openings, after.openings);
  compare('wallDrawing', before.wallDrawings, after.wallDrawings);
  compare('item', before.items, after.items);
  if (before.walls !== after.walls)
    for (const doc of [before, after]) {
      for (const o of doc.openings) if (changed.has(`wall:${o.wallId}`)) changed.add(`opening:${o.id}`);
      for (const d of doc.wallDrawings)
        if (changed.has(`wall:${d.wallId}`)) changed.add(`wallDrawing:${d.id}`);
    }
  return changed;
}
