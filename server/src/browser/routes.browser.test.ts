import {
  canAccess,
  type DashboardRoute,
  dashboardRoutes,
  dashboardRouteTitles,
  landingAfterSignIn,
  messages,
  type Role,
  roles,
} from '@interior/contracts';
import type { Page } from 'playwright-core';
import {
  describeInBrowser,
  type LaunchedBrowser,
  launchBrowser,
  signInThroughForm,
  UI_DIR,
} from '../testing/browser';
import { startTestPlatform, type TestPlatform } from '../testing/platform';

/**
 * Every dashboard route of SPEC §2, visited by a user of each of the ten roles: a route the role
 * may open shows its screen; any other shows the warning and lands on /dashboard/mydesign.
 */

/** A concrete path for each route pattern. */
const pathOf = (route: DashboardRoute) =>
  `/dashboard/${route.replace(':id', '1').replace('/:tab?', '/overview').replace(':tab?', '')}`;

/** Opens a path inside the running app, as a link would (no reload: the session stays). */
async function openInApp(page: Page, path: string) {
  await page.evaluate(
    `window.history.pushState({}, '', ${JSON.stringify(path)}); window.dispatchEvent(new PopStateEvent('popstate'));`,
  );
}

describeInBrowser('dashboard routes for each role', () => {
  let platform: TestPlatform;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    platform = await startTestPlatform({ uiDir: UI_DIR, embedded: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it.each(roles.map((role) => [role]))('as %s', async (role: Role) => {
    const email = `${role.toLowerCase()}@routes.example`;
    await platform.createUser({
      email,
      password: 'routes password 1',
      name: `${role} 사용자`,
      roles: [role],
      accountType: role.startsWith('Business') ? 'Business' : 'Personal',
    });
    const page = await browser.context.newPage();
    try {
      await page.goto(`${platform.url}/login`);
      await signInThroughForm(page, email, 'routes password 1');
      await page.waitForURL(new RegExp(`${landingAfterSignIn}$`));

      const wrong: string[] = [];
      for (const route of Object.keys(dashboardRoutes) as DashboardRoute[]) {
        const path = pathOf(route);
        const allowed = canAccess(dashboardRoutes[route], [role]);
        await openInApp(page, path);
        if (allowed) {
          // The screen's own title in the app bar (the menu names screens too).
          await page
            .locator('#react-admin-title')
            .getByText(dashboardRouteTitles[route], { exact: true })
            .waitFor({ timeout: 10_000 });
          if (new URL(page.url()).pathname !== path) wrong.push(`${route}: left for ${page.url()}`);
        } else {
          try {
            await page.waitForURL((url) => url.pathname === landingAfterSignIn, { timeout: 10_000 });
          } catch {
            wrong.push(`${route}: opened for a role that may not (${page.url()})`);
          }
        }
      }
      expect(wrong).toEqual([]);

      // The warning, on a fresh page (toasts suppress duplicates, so one already showing would
      // hide a second): for a react-admin resource and for a custom route.
      const denied = (Object.keys(dashboardRoutes) as DashboardRoute[]).filter(
        (route) => !canAccess(dashboardRoutes[route], [role]),
      );
      for (const route of [denied.find((r) => r === 'usergroup'), denied.find((r) => r !== 'usergroup')]) {
        if (!route) continue;
        await page.goto(`${platform.url}${pathOf(route)}`);
        await page.getByText(messages.pageForbidden).first().waitFor();
        await page.waitForURL((url) => url.pathname === landingAfterSignIn);
      }
    } finally {
      await page.close();
    }
  });
});
