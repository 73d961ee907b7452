import fs from 'node:fs';
import path from 'node:path';
import { type DesignDocument, rectanglePlanDocument } from '@interior/contracts';
import { launchBrowser } from '@interior/server/testing/chromium';
import { ADMIN, type ApiClient, startTestPlatform } from '@interior/server/testing/platform';
import type { Page } from 'playwright-core';

/**
 * `npm run screenshots`: the landing page's pictures of the product (a plan in the editor, the same
 * design in 3D, an issued 견적서), taken with headless Chromium from a platform seeded with the
 * sample catalogue, and written as WebP to ui/public/landing. Run it after a change that shows on
 * them (the UI must be built first: npm run build --workspace ui).
 */

const UI_DIR = path.resolve(import.meta.dirname, '../../ui/dist');
const OUT = path.resolve(import.meta.dirname, '../../ui/public/landing');
const ARTIFACTS = path.resolve(import.meta.dirname, '../../artifacts');
const OWNER = { email: 'owner@landing.example', password: 'landing password 1' };
const MANAGER = { email: 'manager@landing.example', password: 'landing password 1' };

async function ok<T = Record<string, unknown>>(
  answer: Promise<{ status: number; body: unknown }>,
  what: string,
): Promise<T> {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body as T;
}

/** A 34평 apartment (전용 84㎡) as rectangles in mm: name, x, y, width, depth. */
const apartment: [string, number, number, number, number][] = [
  ['거실', 0, 0, 4500, 6000],
  ['주방', 4500, 0, 3300, 3600],
  ['안방', 7800, 0, 3900, 4200],
  ['드레스룸', 7800, 4200, 2100, 1800],
  ['작은방', 0, 6000, 3000, 3000],
  ['서재', 3000, 6000, 3000, 3000],
  ['욕실', 4500, 3600, 2100, 1800],
  ['욕실 2', 9900, 4200, 1800, 1800],
  ['현관', 6000, 6000, 1800, 1800],
];

/**
 * The apartment as a furnished design: a wall on every room edge (shared edges once), the finishes
 * of each room's space type of the sample catalogue, a door and furniture of the sample.
 */
async function furnishedApartment(api: ApiClient, admin: string): Promise<DesignDocument> {
  const list = (resource: string) =>
    ok<Record<string, unknown>[]>(api.list(resource, admin, { range: [0, 999] }), resource);
  const workspaces = await list('workspace');
  const products = await list('product');
  const product = (code: string) => products.find((p) => p.code === code)?.id as number;
  const plan = rectanglePlanDocument(
    apartment.map(([name, x, y, width, depth]) => ({ name, x, y, width, depth })),
  );
  const walls = plan.walls;
  const rooms: DesignDocument['rooms'] = plan.rooms.map((room) => {
    const type = workspaces.find((w) => String(w.name).startsWith(room.name.replace(/ \d$/, '')));
    return {
      ...room,
      ...(type
        ? {
            workspaceId: type.id as number,
            floorMaterialId: type.floorMaterialId as number,
            wallMaterialId: type.wallMaterialId as number,
            ceilingMaterialId: type.ceilingMaterialId as number,
          }
        : {}),
    };
  });
  const items: DesignDocument['items'] = [
    { id: 'sofa', productId: product('EX-SOF-01'), x: 2250, y: 5200, rotation: 180 },
    { id: 'tv', productId: product('EX-STR-04'), x: 2250, y: 500, rotation: 0 },
    { id: 'table', productId: product('EX-TBL-01'), x: 6100, y: 1800, rotation: 0 },
    { id: 'bed', productId: product('EX-BED-01'), x: 9700, y: 1400, rotation: 0 },
    { id: 'bed2', productId: product('EX-BED-03'), x: 1000, y: 7500, rotation: 0 },
  ].filter((item) => item.productId);
  const entrance = walls.find((w) => w.a.y === 7800 && w.b.y === 7800 && w.a.x === 6000);
  const openings: DesignDocument['openings'] = entrance
    ? [{ id: 'door', wallId: entrance.id, kind: 'Door', offset: 450, width: 900, height: 2100, sill: 0 }]
    : [];
  return { version: 1, walls, openings, rooms, wallDrawings: [], items };
}

/** A screenshot of one element, re-encoded as WebP by the page's own canvas (no image library). */
async function saveWebp(page: Page, selector: string, name: string) {
  const png = await page.locator(selector).first().screenshot();
  const webp = (await page.evaluate(
    `(async () => {
      const image = new Image();
      image.src = 'data:image/png;base64,${png.toString('base64')}';
      await image.decode();
      const scale = Math.min(1, 1200 / image.width);
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(image.width * scale);
      canvas.height = Math.round(image.height * scale);
      canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/webp', 0.8).split(',')[1];
    })()`,
  )) as string;
  fs.writeFileSync(path.join(OUT, `${name}.webp`), Buffer.from(webp, 'base64'));
  // The PNG beside the tests' screenshots, for a look without a WebP viewer.
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.writeFileSync(path.join(ARTIFACTS, `landing-${name}.png`), png);
  console.log(`${name}.webp: ${Math.round(Buffer.from(webp, 'base64').length / 1024)} KB`);
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  // A database of its own: TEST_DATABASE_URL's server when set (faster), else the embedded one.
  const platform = await startTestPlatform({ uiDir: UI_DIR });
  const browser = await launchBrowser();
  try {
    const { api } = platform;
    const admin = (await api.login(ADMIN.email, ADMIN.password)).token;
    await ok(api.request('POST', '/api/catalogue/sample', { token: admin }), 'sample catalogue');
    await platform.createUser({ ...OWNER, name: '김민준', roles: ['BusinessPro'], accountType: 'Business' });
    const managerId = await platform.createUser({
      ...MANAGER,
      name: '박관리',
      roles: ['DesignManager'],
      accountType: 'Business',
    });
    const owner = (await api.login(OWNER.email, OWNER.password)).token;
    const manager = (await api.login(MANAGER.email, MANAGER.password)).token;

    const design = await ok<{ id: number }>(
      api.request('POST', '/api/mydesign', { token: owner, body: { name: '34평 아파트 리모델링' } }),
      'design',
    );
    await ok(
      api.request('PUT', `/api/design/${design.id}/document`, {
        token: owner,
        headers: { 'if-match': '"0"' },
        body: await furnishedApartment(api, admin),
      }),
      'document',
    );
    const estimation = await ok<{ id: number }>(
      api.request('POST', `/api/design/${design.id}/estimation`, {
        token: owner,
        body: { note: '전체 리모델링' },
      }),
      'request',
    );
    await ok(
      api.request('POST', `/api/estimation/${estimation.id}/assign`, { token: admin, body: { managerId } }),
      'assign',
    );
    await ok(api.request('POST', `/api/estimation/${estimation.id}/draft`, { token: manager }), 'draft');
    await ok(api.request('POST', `/api/estimation/${estimation.id}/quote`, { token: manager }), 'quote');

    const page = await browser.context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}\n${error.stack ?? ''}`));
    page.on(
      'console',
      (message) => message.type() === 'error' && console.error(`console: ${message.text()}`),
    );
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${platform.url}/login`);
    await page.getByLabel('이메일').first().fill(OWNER.email);
    await page.getByLabel('비밀번호').first().fill(OWNER.password);
    await page.getByRole('button', { name: '로그인' }).click();
    await page.waitForURL(/\/dashboard\/mydesign$/);

    await page.goto(`${platform.url}/designer/${design.id}`);
    await page.getByTestId('plan-canvas').waitFor();
    await page.waitForTimeout(500);
    await saveWebp(page, 'body', 'plan');
    await page.getByRole('button', { name: '3D 보기' }).click();
    await page.getByTestId('designer-3d').locator('canvas').waitFor();
    // The scene's textures arrive after the canvas: a moment for them.
    await page.waitForTimeout(2000);
    await saveWebp(page, 'body', '3d');

    await page.goto(`${platform.url}/dashboard/mydesign/${design.id}/estimates`);
    await page
      .getByTestId('quote-view')
      .waitFor({ timeout: 60_000 })
      .catch(async (error) => {
        await page.screenshot({ path: path.join(ARTIFACTS, 'landing-quote-failed.png'), fullPage: true });
        throw error;
      });
    await saveWebp(page, '[data-testid="quote-view"]', 'quote');
  } finally {
    await browser.close();
    await platform.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
