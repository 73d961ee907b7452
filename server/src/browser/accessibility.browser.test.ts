import {
  canAccess,
  type DashboardRoute,
  dashboardRoutes,
  dashboardRouteTitles,
  designerPath,
  landingAfterSignIn,
  publicPagePaths,
  type Role,
  roles,
} from '@interior/contracts';
import type { Page } from 'playwright-core';
import {
  describeInBrowser,
  type LaunchedBrowser,
  launchBrowser,
  openInApp,
  seriousViolations,
  settledScreen,
  signInThroughForm,
  UI_DIR,
  waitUntil,
} from '../testing/browser';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

/**
 * axe-core over every page of the app, as each role that may open it sees it: the public pages
 * signed out; every dashboard route of contracts' dashboardRoutes for each of the ten roles that
 * may open it, on records of their own where the route names one; and the editor of their design.
 * Nothing serious or critical may be found.
 */

const PASSWORD = 'axe password 1';

/** A concrete path for each route pattern, on the user's own records where there are some. */
const pathOf = (route: DashboardRoute, ids: { design: number; notice: number }) =>
  `/dashboard/${route
    .replace('mydesign/:id/:tab?', `mydesign/${ids.design}/overview`)
    .replace('audit/:type/:id/:tab?', `audit/Design/${ids.design}/asof`)
    .replace('notice/:id', `notice/${ids.notice}`)
    .replace(':id', '1')}`;

describeInBrowser('accessibility of every route, for each role that may open it', () => {
  let platform: TestPlatform;
  let browser: LaunchedBrowser;
  let page: Page;
  let notice: number;

  beforeAll(async () => {
    platform = await startTestPlatform({ uiDir: UI_DIR });
    const admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
    const created = await platform.api.request('POST', '/api/system/notice', {
      token: admin,
      body: { title: '점검 안내', category: 'General', body: '**토요일** 새벽에 점검합니다.' },
    });
    expect(created.status).toBe(201);
    notice = created.body.id as number;
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1400, height: 900 });
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('finds nothing serious on the public pages', async () => {
    const found: string[] = [];
    for (const path of publicPagePaths) {
      await page.goto(`${platform.url}${path}`);
      await settledScreen(page);
      found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);
  });

  it.each(roles.map((role) => [role]))(
    'finds nothing serious on the screens %s may open, nor in the editor',
    async (role: Role) => {
      const email = role === 'Admin' ? ADMIN.email : `${role.toLowerCase()}@axe.example`;
      const password = role === 'Admin' ? ADMIN.password : PASSWORD;
      if (role !== 'Admin')
        await platform.createUser({
          email,
          password,
          name: `${role} 사용자`,
          roles: [role],
          accountType: role.startsWith('Business') ? 'Business' : 'Personal',
        });
      const token = (await platform.api.login(email, password)).token;
      const design = await platform.api.request('POST', '/api/mydesign', {
        token,
        body: { name: `${role}의 디자인` },
      });
      expect(design.status).toBe(201);
      const ids = { design: design.body.id as number, notice };

      await page.goto(`${platform.url}/login`);
      await page.evaluate('window.sessionStorage.clear(); window.localStorage.clear();');
      await page.goto(`${platform.url}/login`);
      await signInThroughForm(page, email, password);
      await page.waitForURL(new RegExp(`${landingAfterSignIn}$`));

      const found: string[] = [];
      for (const route of Object.keys(dashboardRoutes) as DashboardRoute[]) {
        if (!canAccess(dashboardRoutes[route], [role])) continue;
        const path = pathOf(route, ids);
        await openInApp(page, path);
        try {
          // The screen's own title first: the previous screen's content must not be the one checked.
          await waitUntil(
            page.locator('#react-admin-title').getByText(dashboardRouteTitles[route], { exact: true }),
          );
          await settledScreen(page);
        } catch {
          found.push(`${path}: the screen did not settle (${page.url()})`);
          continue;
        }
        found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
      }

      const editor = `${designerPath}/${ids.design}`;
      await page.goto(`${platform.url}${editor}`);
      await waitUntil(page.getByTestId('plan-canvas'));
      found.push(...(await seriousViolations(page)).map((v) => `${editor}: ${v}`));
      expect(found).toEqual([]);
    },
    240_000,
  );
});
