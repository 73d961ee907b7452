import type { DesignDocument } from '@interior/contracts';
import type { CDPSession, Page } from 'playwright-core';
import {
  describeInBrowser,
  type LaunchedBrowser,
  launchBrowser,
  screenshot,
  seriousViolations,
  UI_DIR,
  waitUntil,
} from '../testing/browser';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { designerPage } from './designer-page';

const EMAIL = 'phone@editor.example';
const PASSWORD = 'designer-password-3';
const TABLE = '원목 식탁 (전화)';
const PHONE = { width: 390, height: 844 };

/** The width and depth of a room's outline. */
const size = (doc: DesignDocument, name: string) => {
  const polygon = doc.rooms.find((r) => r.name === name)?.polygon ?? [];
  const xs = polygon.map((p) => p.x);
  const ys = polygon.map((p) => p.y);
  return [Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
};

/** Fingers on the screen, through Chromium's own touch input (each touch becomes touch pointer events). */
async function fingers(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })),
    });
  const along = (a: { x: number; y: number }, b: { x: number; y: number }, t: number) => ({
    x: a.x + (b.x - a.x) * t,
    y: a.y + (b.y - a.y) * t,
  });
  return {
    /** One finger pressed at `from`, moved to `to` in steps, lifted. */
    async drag(from: { x: number; y: number }, to: { x: number; y: number }) {
      await send('touchStart', [from]);
      for (let step = 1; step <= 8; step++) await send('touchMove', [along(from, to, step / 8)]);
      // The finger rests before it lifts: the plan has drawn the last move (it reads the
      // rectangle's far corner from its last render, not from the lift).
      await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
      await send('touchEnd', []);
    },
    async tap(at: { x: number; y: number }) {
      await send('touchStart', [at]);
      await send('touchEnd', []);
    },
    /** Two fingers from `a` and `b` moved apart (or together) by `spread` pixels each. */
    async pinch(a: { x: number; y: number }, b: { x: number; y: number }, spread: number) {
      const away = (p: { x: number; y: number }, q: { x: number; y: number }, by: number) => {
        const d = Math.hypot(p.x - q.x, p.y - q.y);
        return { x: p.x + ((p.x - q.x) / d) * by, y: p.y + ((p.y - q.y) / d) * by };
      };
      await send('touchStart', [a]);
      await send('touchStart', [a, b]);
      for (let step = 1; step <= 8; step++)
        await send('touchMove', [away(a, b, (spread * step) / 8), away(b, a, (spread * step) / 8)]);
      await send('touchEnd', []);
    },
  };
}

/**
 * What would make a person scroll sideways or leave something out of sight: the page itself
 * wider than the window, an element reaching past the window's sides or past a box that clips it
 * (the plan's own drawing aside, as the plan is a window onto it, and the moving parts of a
 * button's ripple and a progress bar), and a box that scrolls sideways.
 */
const sideways = (page: Page) =>
  page.evaluate(`(() => {
    const width = document.documentElement.clientWidth;
    const name = (e) => e.tagName.toLowerCase() + '.' + String(e.className?.baseVal ?? e.className).split(' ')[0] + ' ' + (e.textContent ?? '').slice(0, 30);
    const shown = [...document.querySelectorAll('body *')].filter(
      (e) =>
        e.getClientRects().length > 0 &&
        !e.closest('svg, .MuiTouchRipple-root, .MuiLinearProgress-root') &&
        getComputedStyle(e).visibility !== 'hidden' &&
        getComputedStyle(e).opacity !== '0',
    );
    const beyond = (e) => {
      const r = e.getBoundingClientRect();
      if (r.width === 0) return false;
      if (r.right > width + 1 || r.left < -1) return true;
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === 'visible') continue;
        const box = a.getBoundingClientRect();
        if (r.right > box.right + 1 || r.left < box.left - 1) return true;
      }
      return false;
    };
    const scrolling = shown
      .filter((e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth + 1)
      .map(name);
    return { scrolls: document.documentElement.scrollWidth > width, out: [...shown.filter(beyond).map(name), ...scrolling] };
  })()`) as Promise<{ scrolls: boolean; out: string[] }>;

const viewBox = async (page: Page) =>
  ((await page.getByTestId('plan-canvas').getAttribute('viewBox')) ?? '').split(' ').map(Number);

describeInBrowser('the design editor on a phone, and its price panel', () => {
  let platform: TestPlatform;
  let browser: LaunchedBrowser;
  let owner: string;
  let designId: number;
  const { open, screen, clickAt, documentWhen } = designerPage(
    () => platform,
    () => ({ email: EMAIL, password: PASSWORD, token: owner, designId }),
  );

  beforeAll(async () => {
    platform = await startTestPlatform({ uiDir: UI_DIR });
    await platform.createUser({ email: EMAIL, password: PASSWORD, roles: ['BusinessPro'], name: '박서연' });
    const admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
    owner = (await platform.api.login(EMAIL, PASSWORD)).token;
    const table = await platform.api.request('POST', '/api/product', {
      token: admin,
      body: {
        name: TABLE,
        code: 'TABLE-PHONE',
        kind: 'Single',
        unit: 'EA',
        price: 1_234_567,
        width: 1800,
        depth: 900,
        height: 750,
        status: 'Active',
      },
    });
    expect(table.status).toBe(201);
    const design = await platform.api.request('POST', '/api/mydesign', {
      token: owner,
      body: { name: '전화 거실' },
    });
    designId = design.body.id;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('at 390 × 844 fills the screen with the plan, draws a rectangle room by touch, zooms and pans by fingers, and edits its 가로 (mm) in the bottom sheet', async () => {
    const page = await browser.context.newPage();
    await open(page);
    await page.setViewportSize(PHONE);
    const panels = page.getByRole('navigation', { name: '편집 패널' });
    await waitUntil(panels);
    const plan = page.locator('svg[aria-label="평면도 편집 영역"]');
    const box = (await plan.boundingBox())!;
    expect(box.width).toBeGreaterThan(300);
    expect(box.height).toBeGreaterThan(500);
    expect(await sideways(page)).toEqual({ scrolls: false, out: [] });
    const touch = await fingers(page);

    await panels.getByRole('button', { name: '도구' }).click();
    const tools = page.getByRole('dialog', { name: '도구' });
    await tools.getByRole('button', { name: '방 그리기' }).click();
    await waitUntil(tools, 'hidden');
    await touch.drag(await screen(page, 0, 0), await screen(page, 3000, 2000));
    let doc = await documentWhen((d) => d.rooms.length === 1);
    const name = doc.rooms[0]!.name;
    expect(size(doc, name)).toEqual([3000, 2000]);

    // A tap on empty ground lets go of the room; a tap on it selects it again.
    await touch.tap(await screen(page, 6000, 5000));
    await panels.getByRole('button', { name: '속성' }).click();
    const properties = page.getByRole('dialog', { name: '속성' });
    await waitUntil(properties.getByText('요소를 고르면', { exact: false }));
    await properties.getByRole('button', { name: '닫기' }).click();
    await waitUntil(properties, 'hidden');
    await touch.tap(await screen(page, 1500, 1000));
    await panels.getByRole('button', { name: '속성' }).click();
    const width = properties.getByLabel('가로 (mm)', { exact: true });
    expect(await width.inputValue()).toBe('3000');
    expect(await sideways(page)).toEqual({ scrolls: false, out: [] });
    await width.fill('4500');
    await width.press('Enter');
    doc = await documentWhen((d) => size(d, name)[0] === 4500);
    expect(size(doc, name)).toEqual([4500, 2000]);
    await screenshot(page, 'designer-phone-properties');
    // The finish picker opens over the sheet, within the screen too.
    await properties.getByRole('button', { name: '바닥 자재' }).click();
    const picker = page.getByRole('dialog', { name: '바닥 자재 고르기' });
    await waitUntil(picker.getByText('맞는 자재가 없습니다.'));
    expect(await sideways(page)).toEqual({ scrolls: false, out: [] });
    await page.keyboard.press('Escape');
    await waitUntil(picker, 'hidden');
    await properties.getByRole('button', { name: '닫기' }).click();

    // Two fingers spread apart zoom in; one finger on empty ground pans.
    const [, , wide] = await viewBox(page);
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await touch.pinch({ x: centre.x - 40, y: centre.y }, { x: centre.x + 40, y: centre.y }, 60);
    const [panX, , zoomed] = await viewBox(page);
    expect(zoomed).toBeLessThan(wide! * 0.6);
    await touch.drag({ x: centre.x, y: centre.y + 150 }, { x: centre.x - 100, y: centre.y + 150 });
    const [pannedX] = await viewBox(page);
    expect(pannedX).toBeGreaterThan(panX!);

    // Every panel opens within the screen's width.
    for (const sheet of ['도구', '제품', '속성', '금액']) {
      await panels.getByRole('button', { name: sheet }).click();
      const dialog = page.getByRole('dialog', { name: sheet });
      await waitUntil(dialog);
      expect({ sheet, ...(await sideways(page)) }).toEqual({ sheet, scrolls: false, out: [] });
      await dialog.getByRole('button', { name: '닫기' }).click();
      await waitUntil(dialog, 'hidden');
    }
    await page.close();
  });

  it('shows the totals by 공종 first and every amount inside the price panel, on a wide screen and in a phone’s sheet; the product list is a list of buttons', async () => {
    const page = await browser.context.newPage();
    await open(page);
    await page.getByRole('list', { name: '제품 목록' }).getByText(TABLE).click();
    await clickAt(page, 1500, 1000);
    const quantities = page.getByTestId('designer-quantities');
    await waitUntil(quantities.getByTestId('estimate-line'));
    await waitUntil(quantities.getByText('1,234,567원', { exact: false }));
    const inside = async () => {
      const panel = (await quantities.boundingBox())!;
      const amounts = quantities.locator('[data-testid=line-amount], [data-testid^=total-]');
      expect(await amounts.count()).toBeGreaterThan(3);
      const outside: string[] = [];
      for (const amount of await amounts.all()) {
        const at = (await amount.boundingBox())!;
        if (at.x < panel.x - 0.5 || at.x + at.width > panel.x + panel.width + 0.5)
          outside.push(`${await amount.textContent()} ${at.x}+${at.width} vs ${panel.x}+${panel.width}`);
      }
      expect(outside).toEqual([]);
      // The server's compiler knows no DOM: the element's two widths, as numbers.
      const fits = await quantities.evaluate((e) => {
        const box = e as unknown as { scrollWidth: number; clientWidth: number };
        return box.scrollWidth <= box.clientWidth;
      });
      expect(fits).toBe(true);
      const trades = (await quantities.getByTestId('trade-totals').boundingBox())!;
      const total = (await quantities.getByTestId('total-total').boundingBox())!;
      expect(trades.y).toBeLessThan(total.y);
    };
    await inside();
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize(PHONE);
    await page.getByRole('navigation', { name: '편집 패널' }).getByRole('button', { name: '금액' }).click();
    await waitUntil(page.getByRole('dialog', { name: '금액' }));
    await waitUntil(quantities.getByTestId('estimate-line'));
    await inside();
    await page.close();
  });
});
