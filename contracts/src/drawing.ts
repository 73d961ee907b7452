import { roundHalfUp } from './decimal';
import type { DesignDocument } from './design-document';
import { boundingBox, type Point, pointAlong, polygonAreaM2 } from './geometry';
import { itemTopView, type ProductTopLook, topViewStyle } from './product-top-view';

/**
 * One drawing of a design document (a design, a plan template) or of a wall drawing's elements,
 * as an SVG string: the server answers it at `…/thumbnail.svg` and the UI shows it. Pure string
 * building, no DOM, so it runs in the browser and on the server alike. Coordinates are the
 * document's millimetres with y pointing down (the editor's screen axes); the viewBox fits the
 * drawing with a margin. Every text is escaped.
 */

export interface DrawingOptions {
  /** Rendered width in px (the height follows the drawing's proportions). Default 480. */
  width?: number;
  /** A title for assistive technology and tooltips. */
  title?: string;
  /**
   * Products by id: footprint (mm), name and top view. An image must be a data: URL here, as a
   * drawing shown as an image loads nothing else.
   */
  products?: Readonly<Record<string, ProductTopLook>>;
  /** Widths of wall drawings by id (mm), to draw them along their wall; 1,000 when unknown. */
  wallDrawingWidths?: Readonly<Record<string, number>>;
}

const ROOM_FILLS = ['#e3f2fd', '#fff3e0', '#e8f5e9', '#fce4ec', '#f3e5f5', '#e0f7fa', '#fffde7', '#efebe9'];
const MIN_EXTENT_MM = 1_000;

/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;',
  );
}

const n = (value: number) => String(Math.round(value * 10) / 10);

/** ㎡ with at most 2 decimals, exact ("12", "9.45"). */
export const formatArea = (polygon: readonly Point[]) => roundHalfUp(polygonAreaM2(polygon), 2).toFixed();

function frame(points: Point[]): { x: number; y: number; w: number; h: number } {
  const box = boundingBox(points) ?? { minX: 0, minY: 0, maxX: MIN_EXTENT_MM, maxY: MIN_EXTENT_MM };
  const w = Math.max(box.maxX - box.minX, MIN_EXTENT_MM);
  const h = Math.max(box.maxY - box.minY, MIN_EXTENT_MM);
  const margin = Math.max(w, h) * 0.06;
  return { x: box.minX - margin, y: box.minY - margin, w: w + 2 * margin, h: h + 2 * margin };
}

function svg(
  view: { x: number; y: number; w: number; h: number },
  width: number,
  title: string | undefined,
  body: string[],
) {
  const height = Math.max(1, Math.round((width * view.h) / view.w));
  const titleTag = title ? `<title>${escapeXml(title)}</title>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="${n(view.x)} ${n(view.y)} ${n(view.w)} ${n(view.h)}" role="img"` +
    `${title ? ` aria-label="${escapeXml(title)}"` : ''} ` +
    `font-family="'Noto Sans KR', 'Nanum Gothic', 'Malgun Gothic', sans-serif">` +
    `${titleTag}<rect x="${n(view.x)}" y="${n(view.y)}" width="${n(view.w)}" height="${n(view.h)}" fill="#ffffff"/>` +
    `${body.join('')}</svg>`
  );
}

/** The centroid of a polygon's vertices: where its label goes. */
function labelPoint(polygon: readonly Point[]): Point {
  let x = 0;
  let y = 0;
  for (const p of polygon) {
    x += p.x;
    y += p.y;
  }
  return { x: x / polygon.length, y: y / polygon.length };
}

/** A design document: rooms filled and labelled with their area, walls, openings, wall drawings, items. */
export function drawDocumentSvg(doc: DesignDocument, options: DrawingOptions = {}): string {
  const points: Point[] = [
    ...doc.walls.flatMap((w) => [w.a, w.b]),
    ...doc.rooms.flatMap((r) => r.polygon),
    ...doc.items.map((i) => ({ x: i.x, y: i.y })),
  ];
  const view = frame(points);
  const font = Math.max(view.w, view.h) / 32;
  const body: string[] = [];
  const walls = new Map(doc.walls.map((w) => [w.id, w]));

  body.push('<g class="rooms">');
  const labels: string[] = [];
  doc.rooms.forEach((room, i) => {
    if (room.polygon.length < 3) return;
    const pts = room.polygon.map((p) => `${p.x},${p.y}`).join(' ');
    const at = labelPoint(room.polygon);
    body.push(
      `<polygon class="room" data-id="${escapeXml(room.id)}" points="${pts}" fill="${ROOM_FILLS[i % ROOM_FILLS.length]}" ` +
        `stroke="#90a4ae" stroke-width="${n(font / 12)}"/>`,
    );
    // Labels go last, above the furniture.
    labels.push(
      `<text class="room-label" x="${n(at.x)}" y="${n(at.y)}" font-size="${n(font)}" text-anchor="middle" fill="#263238" ` +
        'stroke="#ffffff" stroke-width="' +
        n(font / 8) +
        '" paint-order="stroke">' +
        `<tspan x="${n(at.x)}" dy="0">${escapeXml(room.name)}</tspan>` +
        `<tspan x="${n(at.x)}" dy="${n(font * 1.3)}" font-size="${n(font * 0.8)}" fill="#546e7a">${formatArea(room.polygon)} ㎡</tspan>` +
        '</text>',
    );
  });
  body.push('</g><g class="walls">');
  for (const wall of doc.walls) {
    body.push(
      `<line class="wall" data-id="${escapeXml(wall.id)}" x1="${wall.a.x}" y1="${wall.a.y}" x2="${wall.b.x}" y2="${wall.b.y}" ` +
        `stroke="#37474f" stroke-width="${wall.thickness}" stroke-linecap="square"/>`,
    );
  }
  body.push('</g><g class="wall-drawings">');
  for (const placed of doc.wallDrawings) {
    const wall = walls.get(placed.wallId);
    if (!wall) continue;
    const width = options.wallDrawingWidths?.[String(placed.wallDrawingId)] ?? 1_000;
    const p = pointAlong(wall.a, wall.b, placed.offset);
    const q = pointAlong(wall.a, wall.b, placed.offset + width);
    body.push(
      `<line class="wall-drawing" data-id="${escapeXml(placed.id)}" x1="${n(p.x)}" y1="${n(p.y)}" x2="${n(q.x)}" y2="${n(q.y)}" ` +
        `stroke="#8d6e63" stroke-width="${n(wall.thickness * 0.6)}"/>`,
    );
  }
  body.push('</g><g class="openings">');
  for (const opening of doc.openings) {
    const wall = walls.get(opening.wallId);
    if (!wall) continue;
    const p = pointAlong(wall.a, wall.b, opening.offset);
    const q = pointAlong(wall.a, wall.b, opening.offset + opening.width);
    const gap =
      `<line x1="${n(p.x)}" y1="${n(p.y)}" x2="${n(q.x)}" y2="${n(q.y)}" stroke="#ffffff" ` +
      `stroke-width="${n(wall.thickness + 2)}"/>`;
    if (opening.kind === 'Window') {
      body.push(
        `<g class="opening window" data-id="${escapeXml(opening.id)}">${gap}` +
          `<line x1="${n(p.x)}" y1="${n(p.y)}" x2="${n(q.x)}" y2="${n(q.y)}" stroke="#0288d1" stroke-width="${n(wall.thickness / 3)}"/></g>`,
      );
    } else {
      // A door: the gap and its leaf swung open as a quarter circle from the hinge at p.
      const len = Math.hypot(q.x - p.x, q.y - p.y) || 1;
      const ux = (q.x - p.x) / len;
      const uy = (q.y - p.y) / len;
      const leaf = { x: p.x - uy * opening.width, y: p.y + ux * opening.width };
      body.push(
        `<g class="opening door" data-id="${escapeXml(opening.id)}">${gap}` +
          `<path d="M ${n(p.x)} ${n(p.y)} L ${n(leaf.x)} ${n(leaf.y)} A ${opening.width} ${opening.width} 0 0 0 ${n(q.x)} ${n(q.y)}" ` +
          `fill="none" stroke="#6d4c41" stroke-width="${n(font / 10)}"/></g>`,
      );
    }
  }
  body.push('</g><g class="items">');
  for (const item of doc.items) {
    const view = itemTopView(item, options.products?.[String(item.productId)]);
    const frame =
      `<rect x="${n(view.x)}" y="${n(view.y)}" width="${n(view.width)}" height="${n(view.height)}" ` +
      `fill="${topViewStyle.fill}" stroke="${topViewStyle.stroke}" stroke-width="${n(font / 12)}"/>`;
    const inside = view.image
      ? `<image href="${escapeXml(view.image)}" x="${n(view.x)}" y="${n(view.y)}" width="${n(view.width)}" ` +
        `height="${n(view.height)}" preserveAspectRatio="${topViewStyle.preserveAspectRatio}"/>`
      : `<text x="${n(view.label.x)}" y="${n(view.label.y)}" font-size="${n(view.label.size)}" text-anchor="middle" ` +
        `fill="${topViewStyle.text}">${escapeXml(view.name)}</text>`;
    body.push(
      `<g class="item" data-id="${escapeXml(item.id)}" transform="${view.transform}">` +
        `<title>${escapeXml(view.name)}</title>${frame}${inside}</g>`,
    );
  }
  body.push(`</g><g class="labels">${labels.join('')}</g>`);
  return svg(view, options.width ?? 480, options.title, body);
}

export interface WallDrawingShape {
  width: number;
  height: number;
  elements: readonly { materialId: number; x: number; y: number; width: number; height: number }[];
}

/** A wall drawing (an elevation such as an 아트월): its outline and its elements, y down from the top. */
export function drawWallDrawingSvg(
  drawing: WallDrawingShape,
  options: { width?: number; title?: string; materialNames?: Readonly<Record<string, string>> } = {},
): string {
  const view = frame([
    { x: 0, y: 0 },
    { x: drawing.width, y: drawing.height },
  ]);
  const font = Math.max(view.w, view.h) / 32;
  const body = [
    `<rect class="outline" x="0" y="0" width="${drawing.width}" height="${drawing.height}" fill="#fafafa" stroke="#37474f" stroke-width="${n(font / 6)}"/>`,
  ];
  const colours = new Map<number, string>();
  drawing.elements.forEach((e) => {
    if (!colours.has(e.materialId)) colours.set(e.materialId, ROOM_FILLS[colours.size % ROOM_FILLS.length]!);
    const name = options.materialNames?.[String(e.materialId)];
    body.push(
      `<g class="element"><rect x="${e.x}" y="${e.y}" width="${e.width}" height="${e.height}" fill="${colours.get(e.materialId)}" ` +
        `stroke="#8d6e63" stroke-width="${n(font / 10)}"/>` +
        (name
          ? `<text x="${n(e.x + e.width / 2)}" y="${n(e.y + e.height / 2)}" font-size="${n(font * 0.8)}" text-anchor="middle" fill="#3e2723">${escapeXml(name)}</text>`
          : '') +
        '</g>',
    );
  });
  return svg(view, options.width ?? 480, options.title, body);
}
