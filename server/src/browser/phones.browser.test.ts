import { type DashboardRoute, dashboardRoutes } from '@interior/contracts';
import type { Locator, Page } from 'playwright-core';
import {
  describeInBrowser,
  type LaunchedBrowser,
  launchBrowser,
  screenshot,
  signInThroughForm,
  UI_DIR,
  waitUntil,
} from '../testing/browser';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { buildWorkedExample } from '../testing/worked-example';

/**
 * On a 390 × 844 phone every page of a design (`/dashboard/mydesign/…`, each of its tabs) and
 * every estimation list fits the screen's width: nothing scrolls sideways, so no button or
 * number is off screen. The design has a whole estimation behind it (an order number, a quote),
 * the widest things its pages show.
 */

jest.setTimeout(180_000);

const PHONE = { width: 390, height: 844 };
const PASSWORD = 'phone-password-1';

/** The routes under test: the design pages and the estimation lists, from the route table. */
const designRoutes = (Object.keys(dashboardRoutes) as DashboardRoute[]).filter((r) =>
  r.startsWith('mydesign'),
);
const estimationRoutes = (Object.keys(dashboardRoutes) as DashboardRoute[]).filter(
  (r) => r.endsWith('estimation') || r === 'estimation/:id',
);

/** How far the page is wider than its window: 0 when it fits. */
const overflow = (page: Page) =>
  page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  ) as Promise<number>;

/** Waits until nothing on the page is loading: the top bar and every progress bar are gone. */
async function loaded(page: Page, shows: Locator) {
  await waitUntil(shows, 'visible', 15_000);
  await waitUntil(page.getByTestId('top-progress-bar'), 'detached', 15_000);
  await waitUntil(page.locator('main [role="progressbar"]'), 'detached', 15_000);
}

describeInBrowser('pages on a phone', () => {
  let platform: TestPlatform;
  let browser: LaunchedBrowser;
  let designId: number;
  let estimationId: number;

  beforeAll(async () => {
    platform = await startTestPlatform({ uiDir: UI_DIR });
    const ids: Record<string, number> = {};
    for (const [who, role, accountType] of [
      ['owner', 'BusinessPro', 'Business'],
      ['manager', 'DesignManager', 'Business'],
      ['designer', 'Designer', 'Personal'],
    ] as const)
      ids[who] = await platform.createUser({
        email: `${who}@phone.example`,
        password: PASSWORD,
        roles: [role],
        name: `${who} 사용자`,
        accountType,
      });
    const token = async (who: string) => (await platform.api.login(`${who}@phone.example`, PASSWORD)).token;
    const admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
    const owner = await token('owner');
    // A long name, as people give them: it wraps instead of widening the page.
    designId = (
      await buildWorkedExample(platform.api, { admin, owner }, '서울 송파구 잠실동 34평 아파트 거실 리모델링')
    ).designId;
    const step = async (as: string, path: string, body: unknown = {}) => {
      const answer = await platform.api.request('POST', path, { token: as, body });
      if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    };
    estimationId = (await step(owner, `/api/design/${designId}/estimation`, { note: '거실 위주로' })).id;
    await step(admin, `/api/estimation/${estimationId}/assign`, { managerId: ids.manager });
    await step(await token('manager'), `/api/estimation/${estimationId}/assign`, {
      designerId: ids.designer,
    });
    const designer = await token('designer');
    await step(designer, `/api/estimation/${estimationId}/draft`);
    await step(designer, `/api/estimation/${estimationId}/quote`);
    await step(owner, `/api/estimation/${estimationId}/accept`, { revision: 1 });
    await step(owner, '/api/comment', { designId, body: '창가 쪽 소파 배치를 한 번 더 봐 주세요.' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  const signIn = async (email: string, password = PASSWORD): Promise<Page> => {
    const page = await browser.context.newPage();
    await page.setViewportSize(PHONE);
    // The pages share the browser's storage: whoever signed in before leaves first.
    await page.goto(`${platform.url}/login`);
    await page.evaluate('window.sessionStorage.clear(); window.localStorage.clear();');
    await page.goto(`${platform.url}/login`);
    await signInThroughForm(page, email, password);
    await page.waitForURL(/\/dashboard\/mydesign$/);
    return page;
  };

  it('fits every page of a design, each tab of it, into 390 px', async () => {
    expect(designRoutes).toEqual(['mydesign', 'mydesign/:id/:tab?']);
    const page = await signIn('owner@phone.example');
    const wide: string[] = [];
    const check = async (path: string, shows: Locator) => {
      await page.goto(`${platform.url}${path}`);
      await loaded(page, shows);
      await screenshot(page, `phone${path.replaceAll('/', '-')}`);
      const by = await overflow(page);
      if (by > 0) wide.push(`${path}: ${by} px too wide`);
    };
    await check('/dashboard/mydesign', page.getByTestId('design-card'));
    // What each tab shows once it has loaded; a tab this test does not know fails it.
    const tabShows: Record<string, Locator> = {
      개요: page.getByRole('link', { name: '편집기에서 열기' }),
      평면도: page.getByRole('img', { name: /평면도$/ }),
      'BOM 수량': page.getByTestId('total-total'),
      견적: page.getByTestId('order-number'),
      댓글: page.getByTestId('comment'),
      이력: page.locator('main tbody tr'),
      권한: page.getByLabel('공유할 이메일'),
    };
    await page.goto(`${platform.url}/dashboard/mydesign/${designId}/overview`);
    const tabs = page.getByRole('tab');
    await waitUntil(tabs);
    const labels = (await tabs.allTextContents()).map((t) => t.trim());
    expect(labels.filter((label) => !tabShows[label])).toEqual([]);
    for (const label of labels) {
      await page.goto(`${platform.url}/dashboard/mydesign/${designId}/overview`);
      await page.getByRole('tab', { name: label }).click();
      await loaded(page, tabShows[label]!);
      await screenshot(page, `phone-design-${label}`);
      const by = await overflow(page);
      if (by > 0) wide.push(`${label}: ${by} px too wide`);
    }
    expect(wide).toEqual([]);
    // The button that opens the editor is on screen.
    await page.goto(`${platform.url}/dashboard/mydesign/${designId}/overview`);
    const open = page.getByRole('link', { name: '편집기에서 열기' });
    await waitUntil(open);
    const box = await open.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await page.close();
  });

  it('fits every estimation list and an estimation into 390 px, for whoever works on them', async () => {
    expect([...estimationRoutes].sort()).toEqual(
      ['design-manager/estimation', 'estimation', 'estimation/:id', 'my-estimation'].sort(),
    );
    const wide: string[] = [];
    const who: Record<string, [string, string]> = {
      estimation: [ADMIN.email, ADMIN.password],
      'design-manager/estimation': ['manager@phone.example', PASSWORD],
      'my-estimation': ['designer@phone.example', PASSWORD],
      'estimation/:id': ['designer@phone.example', PASSWORD],
    };
    for (const route of estimationRoutes) {
      const [email, password] = who[route]!;
      const page = await signIn(email, password);
      const path = `/dashboard/${route.replace(':id', String(estimationId))}`;
      await page.goto(`${platform.url}${path}`);
      await loaded(
        page,
        route === 'estimation/:id'
          ? page.getByTestId('order-number')
          : page.getByText('잠실동 34평', { exact: false }),
      );
      await screenshot(page, `phone${path.replaceAll('/', '-')}`);
      const by = await overflow(page);
      if (by > 0) wide.push(`${path}: ${by} px too wide`);
      await page.close();
    }
    expect(wide).toEqual([]);
  });
});
