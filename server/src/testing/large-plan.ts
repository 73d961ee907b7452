import { type DesignDocument, emptyDesignDocument } from '@interior/contracts';
import type { Page } from 'playwright-core';

/**
 * A large plan in the editor, for the bench (5,000 elements, timed) and a browser test (a few
 * rooms, not timed): the document, opening it, and panning and zooming it while the page records
 * its frames. Free of test globals, so the bench can load it.
 */

export interface LargePlanShape {
  rooms: number;
  /** Each side of a room is this many walls in a row (12 walls a room at 3). */
  wallsPerSide: number;
  /** A door and a window a room. */
  openingsPerRoom: 2;
  productsPerRoom: number;
}

/** 200 rooms, 2,400 walls, 400 openings, 2,000 products: 5,000 elements, the document's limit. */
export const LARGE_PLAN: LargePlanShape = {
  rooms: 200,
  wallsPerSide: 3,
  openingsPerRoom: 2,
  productsPerRoom: 10,
};

const ROOM_W = 4_200;
const ROOM_D = 3_600;
/** Rooms stand apart by this much, so no wall is shared and each keeps its own. */
const GAP = 300;
const COLUMNS = 20;

/** Rooms on a grid, each with its own walls (every side cut in a row of walls), a door, a window and products. */
export function largePlanDocument(
  productIds: readonly number[],
  shape: LargePlanShape = LARGE_PLAN,
): DesignDocument {
  const doc = emptyDesignDocument();
  for (let r = 0; r < shape.rooms; r++) {
    const x0 = (r % COLUMNS) * (ROOM_W + GAP);
    const y0 = Math.floor(r / COLUMNS) * (ROOM_D + GAP);
    const corners = [
      { x: x0, y: y0 },
      { x: x0 + ROOM_W, y: y0 },
      { x: x0 + ROOM_W, y: y0 + ROOM_D },
      { x: x0, y: y0 + ROOM_D },
    ];
    doc.rooms.push({ id: `r${r}`, name: `방 ${r + 1}`, polygon: corners, ceilingHeight: 2_400 });
    corners.forEach((a, side) => {
      const b = corners[(side + 1) % 4]!;
      for (let k = 0; k < shape.wallsPerSide; k++) {
        const at = (t: number) => ({
          x: a.x + ((b.x - a.x) * t) / shape.wallsPerSide,
          y: a.y + ((b.y - a.y) * t) / shape.wallsPerSide,
        });
        doc.walls.push({ id: `r${r}w${side}-${k}`, a: at(k), b: at(k + 1), thickness: 120, height: 2_400 });
      }
    });
    // A door in the first wall of the top side, a window in the first of the bottom side.
    doc.openings.push(
      { id: `r${r}d`, wallId: `r${r}w0-0`, kind: 'Door', offset: 200, width: 900, height: 2_100, sill: 0 },
      {
        id: `r${r}n`,
        wallId: `r${r}w2-0`,
        kind: 'Window',
        offset: 200,
        width: 1_000,
        height: 1_200,
        sill: 900,
      },
    );
    for (let p = 0; p < shape.productsPerRoom; p++) {
      doc.items.push({
        id: `r${r}p${p}`,
        productId: productIds[(r + p) % productIds.length]!,
        x: x0 + 500 + (p % 5) * 800,
        y: y0 + 900 + Math.floor(p / 5) * 1_600,
        rotation: (p % 4) * 90,
      });
    }
  }
  return doc;
}

/**
 * Opens the design in the editor (the page already signed in) and answers when its plan was first
 * drawn (`drawn`: ms from the start of the navigation to the first frame showing its rooms) and when
 * its document had arrived (`document`, the same way), which tells the network and server's part
 * from the page's.
 */
export async function openAndTimeFirstDraw(
  page: Page,
  url: string,
): Promise<{ drawn: number; document: number }> {
  await page.goto(url, { waitUntil: 'commit' });
  return (await page.evaluate(
    `new Promise((resolve) => {
      const check = () => {
        // A small plan's rooms are SVG elements; a large one's are drawn on a canvas that counts them.
        if (document.querySelector('[data-testid=plan-room], [data-testid=plan-static][data-rooms]:not([data-rooms="0"])'))
          requestAnimationFrame(() => {
            const fetched = performance.getEntriesByType('resource').find((e) => /\\/document$/.test(e.name));
            resolve({ drawn: performance.now(), document: fetched ? fetched.responseEnd : Number.NaN });
          });
        else requestAnimationFrame(check);
      };
      check();
    })`,
  )) as { drawn: number; document: number };
}

/**
 * Pans (dragging with the middle button, as on a plan full of rooms) and zooms (the wheel, out and
 * back in) for `durationMs`, while the page notes the time of every frame; answers the times
 * between frames, ms.
 */
export async function panAndZoom(page: Page, durationMs: number): Promise<number[]> {
  const canvas = page.getByTestId('plan-canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the plan is not on screen');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__recording = true;
    const frame = (now) => { window.__frames.push(now); if (window.__recording) requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
  })()`);
  const began = Date.now();
  let round = 0;
  while (Date.now() - began < durationMs) {
    await page.mouse.move(cx, cy);
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, round % 2 === 0 ? 120 : -120);
    await page.mouse.down({ button: 'middle' });
    for (let i = 1; i <= 10; i++) await page.mouse.move(cx + (round % 2 ? -i : i) * 25, cy + i * 8);
    await page.mouse.up({ button: 'middle' });
    round++;
  }
  const frames = (await page.evaluate(
    `(() => { window.__recording = false; return window.__frames; })()`,
  )) as number[];
  return frames.slice(1).map((t, i) => t - frames[i]!);
}
