import { encodeSamplePng } from '@interior/command-service/catalogue/sample-png';
import type { DesignDocument } from '@interior/contracts';
import type { Page } from 'playwright-core';
import {
  describeInBrowser,
  type LaunchedBrowser,
  launchBrowser,
  UI_DIR,
  waitUntil,
} from '../testing/browser';
import { largePlanDocument, openAndTimeFirstDraw, panAndZoom } from '../testing/large-plan';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { uploadFile } from '../testing/sample-files';
import { designerPage } from './designer-page';

const EMAIL = 'drawer@editor.example';
/** The sofa's picture is this one colour, which its box in 3D wears. */
const SOFA_BLUE = [32, 96, 192] as const;

/** A small PNG of one colour, with a transparent border a top view would have. */
function solidPng([r, g, b]: readonly [number, number, number]): Buffer {
  const pixels = new Uint8ClampedArray(8 * 8 * 4);
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++) {
      const inside = x > 0 && y > 0 && x < 7 && y < 7;
      pixels.set([r, g, b, inside ? 255 : 0], (y * 8 + x) * 4);
    }
  return encodeSamplePng(8, 8, pixels);
}
const SOFA_PICTURE = solidPng(SOFA_BLUE);
const PASSWORD = 'designer-password-3';

/** A wall's and a room's floor colours in the plan (PlanLayers' WALL and ROOM_FILL), and the plan's own. */
const WALL_RGB = [0x37, 0x47, 0x4f];
const FLOOR_RGB = [0xe3, 0xf2, 0xfd];
const BACKGROUND_RGB = [0xfa, 0xfa, 0xfa];

/**
 * The colour (red, green, blue) of the pixel on the screen at a plan point: the page as shown,
 * canvas and SVG together, read from a screenshot decoded in the page.
 */
async function colourOnScreen(page: Page, at: { x: number; y: number }): Promise<number[]> {
  const png = await page.screenshot({
    clip: { x: Math.round(at.x), y: Math.round(at.y), width: 1, height: 1 },
  });
  return (await page.evaluate(`(async () => {
    const image = await createImageBitmap(new Blob([new Uint8Array(${JSON.stringify([...png])})], { type: 'image/png' }));
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    return [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3);
  })()`)) as number[];
}

describeInBrowser('the design editor: products from above, mounted in 3D, a large plan', () => {
  let platform: TestPlatform;
  let browser: LaunchedBrowser;
  let owner: string;
  let designId: number;
  let sofa: number;
  let lamp: number;
  let imageName: string;
  const { open, screen, clickAt, documentWhen } = designerPage(
    () => platform,
    () => ({ email: EMAIL, password: PASSWORD, token: owner, designId }),
  );

  /**
   * The colour on the screen at a plan point once it is `expected` (the plan paints in the next
   * frames), or the last one seen.
   */
  const colourSettled = async (page: Page, x: number, y: number, expected: readonly number[]) => {
    const at = await screen(page, x, y);
    let colour = await colourOnScreen(page, at);
    for (let waited = 0; waited < 5_000 && colour.join() !== expected.join(); waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      colour = await colourOnScreen(page, at);
    }
    return colour;
  };

  /** A new design of the owner's with this document saved. */
  const designWith = async (name: string, doc: DesignDocument) => {
    const design = await platform.api.request('POST', '/api/mydesign', { token: owner, body: { name } });
    expect(design.status).toBe(201);
    const put = await platform.api.request('PUT', `/api/design/${design.body.id}/document`, {
      token: owner,
      body: doc,
      headers: { 'if-match': '"0"' },
    });
    expect(put.status).toBe(200);
    return design.body.id as number;
  };

  /** Another design's saved document once `check` holds (autosave follows edits by a moment). */
  const documentAt = async (id: number, check: (doc: DesignDocument) => boolean) => {
    let doc: DesignDocument | null = null;
    for (let waited = 0; waited < 15_000; waited += 200) {
      doc = (await platform.api.request('GET', `/api/design/${id}/document`, { token: owner }))
        .body as DesignDocument;
      if (check(doc)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return doc as DesignDocument;
  };

  beforeAll(async () => {
    platform = await startTestPlatform({ uiDir: UI_DIR });
    await platform.createUser({ email: EMAIL, password: PASSWORD, roles: ['BusinessPro'], name: '김도면' });
    const admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
    owner = (await platform.api.login(EMAIL, PASSWORD)).token;
    // A light filed under 조명, naming no mount: it takes the ceiling from its category.
    const lighting = await platform.api.request('POST', '/api/category/product', {
      token: admin,
      body: { name: '조명', parentId: null },
    });
    expect(lighting.status).toBe(201);
    const image = await uploadFile(
      platform,
      admin,
      { resource: 'product', field: 'images' },
      { bytes: SOFA_PICTURE, filename: '소파 위에서.png', type: 'image/png' },
    );
    expect(image.status).toBe(201);
    imageName = image.body.name;
    const product = async (body: Record<string, unknown>) => {
      const made = await platform.api.request('POST', '/api/product', {
        token: admin,
        body: { kind: 'Single', unit: 'EA', price: 100_000, status: 'Active', ...body },
      });
      expect(made.status).toBe(201);
      return made.body.id as number;
    };
    sofa = await product({
      name: '위에서 본 소파',
      code: 'TOP-SOFA',
      width: 2000,
      depth: 900,
      height: 800,
      images: [{ id: image.body.id }],
    });
    lamp = await product({
      name: '방등',
      code: 'TOP-LAMP',
      width: 500,
      depth: 500,
      height: 100,
      categoryId: lighting.body.id,
    });
    const doc: DesignDocument = {
      version: 1,
      walls: [],
      openings: [],
      wallDrawings: [],
      rooms: [
        {
          id: 'room',
          name: '거실',
          polygon: [
            { x: 0, y: 0 },
            { x: 4000, y: 0 },
            { x: 4000, y: 3000 },
            { x: 0, y: 3000 },
          ],
          ceilingHeight: 2600,
        },
      ],
      items: [
        { id: 'sofa', productId: sofa, x: 2000, y: 2200, rotation: 90 },
        { id: 'lamp', productId: lamp, x: 2000, y: 1500, rotation: 0 },
      ],
    };
    designId = await designWith('위에서 본 거실', doc);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('a product without a mount takes its category’s: a light under 조명 hangs from the ceiling', async () => {
    const read = await platform.api.request('GET', `/api/product/${lamp}`, { token: owner });
    expect(read.body.mount).toBe('ceiling');
    const refused = await platform.api.request('PUT', `/api/product/${lamp}`, {
      token: (await platform.api.login(ADMIN.email, ADMIN.password)).token,
      headers: { 'if-match': `"${read.body.version}"` },
      body: { ...read.body, mount: 'roof' },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/[가-힣]/);
  });

  it('draws a product from its top view, sized and turned as placed, and one without an image by its name', async () => {
    const page = await browser.context.newPage();
    await open(page);
    const items = page.getByTestId('plan-item');
    await waitUntil(items);
    const sofaItem = items.filter({ has: page.locator('title', { hasText: '위에서 본 소파' }) });
    await waitUntil(sofaItem.locator('image'), 'attached');
    expect(await sofaItem.locator('image').getAttribute('href')).toBe(`/api/file/${imageName}`);
    expect(await sofaItem.getAttribute('transform')).toBe('rotate(90 2000 2200)');
    expect(await sofaItem.locator('rect').getAttribute('width')).toBe('2000');
    expect(await sofaItem.locator('rect').getAttribute('height')).toBe('900');
    const lampItem = items.filter({ has: page.locator('title', { hasText: '방등' }) });
    await expect(lampItem.locator('text').textContent()).resolves.toBe('방등');
    expect(await lampItem.locator('image').count()).toBe(0);
    await page.close();
  });

  it('draws the same top view in the design’s overview thumbnail, carried inside the drawing', async () => {
    const page = await browser.context.newPage();
    await open(page);
    await page.goto(`${platform.url}/dashboard/mydesign/${designId}/overview`);
    const thumbnail = page.getByRole('img', { name: '위에서 본 거실 도면' });
    await waitUntil(thumbnail);
    const src = (await thumbnail.getAttribute('src')) ?? '';
    const svg = Buffer.from(src.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
    expect(svg).toContain(`<image href="data:image/png;base64,${SOFA_PICTURE.toString('base64')}"`);
    expect(svg).toContain('transform="rotate(90 2000 2200)"><title>위에서 본 소파</title>');
    expect(svg).toContain('>방등</text>');
    await page.close();
  });

  it('hangs a ceiling light from its room’s ceiling in 3D, stands the sofa on the floor, each a box in its picture’s colour', async () => {
    const page = await browser.context.newPage();
    await open(page);
    await page.getByRole('button', { name: '3D 보기' }).click();
    // Both placed, the light in the scene, read back from where it ended up.
    const view = page.locator(
      '[data-testid=designer-3d][data-item-heights*=\'"lamp"\'][data-item-heights*=\'"sofa"\']',
    );
    await waitUntil(view, 'attached');
    const heights = JSON.parse((await view.getAttribute('data-item-heights')) ?? '{}');
    expect(heights.lamp).toEqual([2500, 2600]);
    expect(heights.sofa).toEqual([0, 800]);
    // Neither has a model: the sofa's box wears its picture's colour, the lamp's a plain one.
    const colours = JSON.parse((await view.getAttribute('data-item-colours')) ?? '{}');
    expect(colours).toEqual({ sofa: '#2060c0', lamp: '#b0a89e' });
    await page.close();
  });

  it('opens a large plan, draws it and follows panning and zooming (the bench’s scenario, small)', async () => {
    const small = largePlanDocument([sofa, lamp], {
      rooms: 6,
      wallsPerSide: 3,
      openingsPerRoom: 2,
      productsPerRoom: 4,
    });
    const id = await designWith('큰 평면도 (작게)', small);
    const page = await browser.context.newPage();
    await open(page);
    const url = `${platform.url}/designer/${id}`;
    const opened = await openAndTimeFirstDraw(page, url);
    expect(opened.drawn).toBeGreaterThanOrEqual(opened.document);
    expect(opened.document).toBeGreaterThan(0);
    await waitUntil(page.getByTestId('plan-room'));
    const canvas = page.getByTestId('plan-canvas');
    const before = await canvas.getAttribute('viewBox');
    const frames = await panAndZoom(page, 600);
    // The page kept drawing while it was panned and zoomed. Headless Chromium may stamp two
    // callbacks of one frame alike, so a gap of 0 ms is allowed; time never runs backwards.
    expect(frames.length).toBeGreaterThan(5);
    expect(frames.every((ms) => ms >= 0)).toBe(true);
    expect(await canvas.getAttribute('viewBox')).not.toBe(before);
    expect(await page.getByTestId('plan-room').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('draws a plan of over a thousand elements on a canvas, and a click there selects and drags by geometry', async () => {
    // 60 rooms of 19 elements: 1,140, past the count from which the plan is drawn on a canvas.
    const large = largePlanDocument([sofa, lamp], {
      rooms: 60,
      wallsPerSide: 3,
      openingsPerRoom: 2,
      productsPerRoom: 4,
    });
    const id = await designWith('큰 평면도 (캔버스)', large);
    const page = await browser.context.newPage();
    await open(page);
    await page.goto(`${platform.url}/designer/${id}`);
    const drawn = page.locator('[data-testid=plan-static][data-rooms]:not([data-rooms="0"])');
    await waitUntil(drawn, 'attached');
    // The document is on the canvas, not in the SVG; the SVG says in words what the plan holds.
    expect(await page.getByTestId('plan-room').count()).toBe(0);
    expect(await page.getByTestId('plan-item').count()).toBe(0);
    await expect(page.getByTestId('plan-canvas').locator('desc').textContent()).resolves.toContain('방 60개');
    // A room's floor is painted in its colour (#e3f2fd) where nothing else is drawn.
    const floor = await screen(page, 2100, 2900);
    const pixel = (await page.evaluate(`(() => {
      const canvas = document.querySelector('[data-testid=plan-static]');
      const box = canvas.getBoundingClientRect();
      const ratio = canvas.width / box.width;
      return [...canvas.getContext('2d').getImageData(
        Math.round((${floor.x} - box.left) * ratio), Math.round((${floor.y} - box.top) * ratio), 1, 1).data];
    })()`)) as number[];
    expect(pixel).toEqual([0xe3, 0xf2, 0xfd, 255]);

    // A click on the first room's sofa (at 500, 900) selects it: it is drawn in SVG, as selected.
    const sofaAt = await screen(page, 500, 900);
    await page.mouse.click(sofaAt.x, sofaAt.y);
    await waitUntil(page.getByTestId('rotate-handle'));
    expect(await page.getByTestId('plan-item').count()).toBe(1);
    // Its floor selects the room; its top wall the wall there.
    await clickAt(page, 2100, 2900);
    await waitUntil(page.getByTestId('plan-room'));
    expect(await page.getByTestId('plan-item').count()).toBe(0);
    await clickAt(page, 2100, 0);
    await waitUntil(page.getByTestId('plan-wall'), 'attached');
    expect(await page.getByTestId('plan-room').count()).toBe(0);

    // Pressed on an unselected product and dragged: it moves, as in SVG.
    const from = await screen(page, 500, 900);
    const to = await screen(page, 1500, 900);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 5; i++)
      await page.mouse.move(from.x + ((to.x - from.x) * i) / 5, from.y + ((to.y - from.y) * i) / 5);
    await page.mouse.up();
    const moved = await documentAt(id, (d) => d.items.find((item) => item.id === 'r0p0')?.x === 1500);
    expect(moved.items.find((item) => item.id === 'r0p0')).toMatchObject({ x: 1500, y: 900 });
    await page.close();
  });

  it('keeps a large plan true to the document while a wall is dragged and after: the walls and the room it reshapes follow', async () => {
    // 100 rooms of one wall a side: 1,100 elements, drawn on a canvas; each wall alone can be dragged.
    const large = largePlanDocument([sofa, lamp], {
      rooms: 100,
      wallsPerSide: 1,
      openingsPerRoom: 2,
      productsPerRoom: 4,
    });
    const id = await designWith('큰 평면도 (벽 끌기)', large);
    const page = await browser.context.newPage();
    await open(page);
    await page.goto(`${platform.url}/designer/${id}`);
    await waitUntil(page.locator('[data-testid=plan-static][data-rooms]:not([data-rooms="0"])'), 'attached');
    // Above the first room, where its top wall (0, 0 to 4,200, 0) will be dragged to: nothing yet.
    expect(await colourOnScreen(page, await screen(page, 4200, -400))).not.toEqual(WALL_RGB);

    // Dragged 800 mm up, the wall takes the ends of the side walls with it: they stretch to meet
    // it, and the room's floor grows to the new wall. What the screen shows (the canvas and the
    // SVG over it) is the document as the drop would leave it, not the walls where they were.
    const from = await screen(page, 3000, 0);
    const to = await screen(page, 3000, -800);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 5; i++) await page.mouse.move(from.x, from.y + ((to.y - from.y) * i) / 5);
    expect(await colourSettled(page, 4200, -400, WALL_RGB)).toEqual(WALL_RGB);
    expect(await colourSettled(page, 2100, -400, FLOOR_RGB)).toEqual(FLOOR_RGB);
    expect(await colourSettled(page, 2100, 0, FLOOR_RGB)).toEqual(FLOOR_RGB);

    // Let go, the document has the wall there, and the plan painted afresh shows it so.
    await page.mouse.up();
    const moved = await documentAt(id, (d) => d.walls.find((w) => w.id === 'r0w0-0')?.a.y === -800);
    expect(moved.walls.find((w) => w.id === 'r0w1-0')?.a).toEqual({ x: 4200, y: -800 });
    expect(await colourSettled(page, 4200, -400, WALL_RGB)).toEqual(WALL_RGB);
    expect(await colourSettled(page, 2100, -400, FLOOR_RGB)).toEqual(FLOOR_RGB);
    expect(await colourSettled(page, 2100, 0, FLOOR_RGB)).toEqual(FLOOR_RGB);

    // Undone, the wall is back where it was, and so is the plan on screen.
    await page.getByRole('button', { name: '되돌리기' }).click();
    expect(await colourSettled(page, 4200, -400, BACKGROUND_RGB)).toEqual(BACKGROUND_RGB);
    expect(await colourSettled(page, 2100, -400, BACKGROUND_RGB)).toEqual(BACKGROUND_RGB);
    await page.close();
  });

  it('ends a drag where the last move left it, though the release comes before the plan is drawn again', async () => {
    const page = await browser.context.newPage();
    await open(page);
    await page.getByRole('button', { name: '방 그리기' }).click();
    const from = await screen(page, 5000, 0);
    const to = await screen(page, 7000, 2000);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    // A quick hand: the move and the release in one task, before React renders the move.
    await page.evaluate(`(() => {
      const plan = document.querySelector('[data-testid=plan-canvas]');
      const at = { clientX: ${to.x}, clientY: ${to.y}, pointerId: 1, pointerType: 'mouse', isPrimary: true, bubbles: true };
      plan.dispatchEvent(new PointerEvent('pointermove', { ...at, buttons: 1 }));
      plan.dispatchEvent(new PointerEvent('pointerup', { ...at, buttons: 0 }));
    })()`);
    await page.mouse.up();
    const doc = await documentWhen((d) => d.rooms.length === 2);
    const drawn = doc.rooms.find((room) => room.id !== 'room');
    const xs = drawn?.polygon.map((p) => p.x) ?? [];
    const ys = drawn?.polygon.map((p) => p.y) ?? [];
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([
      5000, 7000, 0, 2000,
    ]);
    await page.close();
  });
});
