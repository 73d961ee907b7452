import {
  type Ace,
  businessRoles,
  canAccess,
  type DashboardRoute,
  dashboardRoutes,
  dashboardRouteTitles,
  hasAnyRole,
  landingAfterSignIn,
  messages,
  type Role,
  roles,
  staffRoles,
} from '@interior/contracts';
import type { Locator, Page } from 'playwright-core';
import {
  describeInBrowser,
  type LaunchedBrowser,
  launchBrowser,
  openInApp,
  screenshot,
  signInThroughForm,
  UI_DIR,
  waitUntil,
} from '../testing/browser';
import { ADMIN, EMBEDDED_START_TIMEOUT_MS, startTestPlatform, type TestPlatform } from '../testing/platform';

/**
 * Every dashboard route (contracts/src/routes.ts), and the list, show, create and edit pages of the resources,
 * visited by a user of each of the ten roles in one browser page: a screen the role may open
 * shows, with the menu listing exactly what the role may open; any other shows the warning and
 * lands on /dashboard/mydesign. Then users holding grants: what a grant opens, and the silent
 * guards (the 권한 tab, the 유형 권한 button, the edit button) that are simply not there for others.
 */

const PASSWORD = 'routes password 1';

/** A concrete path for each route pattern. */
const pathOf = (route: DashboardRoute) =>
  `/dashboard/${route.replace('audit/:type/:id/:tab?', 'audit/Design/1/log').replace(':id', '1').replace('/:tab?', '/overview').replace(':tab?', '')}`;

const onLanding = (page: Page) =>
  page.waitForURL((url) => url.pathname === landingAfterSignIn, { timeout: 10_000 });

/**
 * The warning of a denied page, then the landing page. The toast is then made to expire at once
 * (the page's clock jumps past its 4 seconds): toasts suppress duplicates, and the next denied
 * page must show its own.
 */
async function expectDenied(page: Page, path: string, wrong: string[]) {
  const warning = page.getByText(messages.pageForbidden);
  try {
    await waitUntil(warning, 'visible', 10_000);
    await onLanding(page);
  } catch {
    wrong.push(`${path}: no warning and landing page (${page.url()})`);
    return;
  }
  // Each jump fires what is due: the toast's timer, then each step of its exit transition.
  for (let jumps = 0; (await warning.count()) > 0; jumps++) {
    if (jumps === 100) throw new Error(`${path}: the warning stays`);
    await page.clock.fastForward(jumps === 0 ? 5_000 : 500);
    await page.waitForTimeout(15);
  }
}

/** Waits for something of an opened screen, and that the path stayed. */
async function expectOpen(page: Page, path: string, shows: Locator, wrong: string[]) {
  try {
    await waitUntil(shows, 'visible', 10_000);
  } catch {
    wrong.push(`${path}: the screen did not show (${page.url()})`);
    return;
  }
  const at = new URL(page.url()).pathname;
  if (at !== path) wrong.push(`${path}: left for ${at}`);
}

/**
 * The texts of the dashboard menu's items, once they are `expected` (the resource items come as
 * authProvider.canAccess answers for each), or as they are after 10 seconds.
 */
/**
 * The catalogue, settings and notices every signed-in user can use: the 카탈로그 page, plan
 * templates (a design starts from one), their own design properties, the notices.
 */
const everyonesMenu = ['카탈로그', '평면도', '디자인 속성', '공지사항'];
/** The catalogue's administration: for those who may change its records (here, the Admin role). */
const writersMenu = [
  ...['제품', '자재', '브랜드', '자재 명세서(BOM)', '워크스페이스', '모델', '벽면도'],
  ...[
    '제품 카테고리',
    '세트 카테고리',
    '자재 카테고리',
    '바닥 패턴 카테고리',
    '평면도 카테고리',
    '벽면도 카테고리',
  ],
];

async function menuItems(page: Page, expected: string[]): Promise<string[]> {
  const items = page.locator('.RaSidebar-fixed').getByRole('menuitem');
  await waitUntil(items.getByText('내 디자인'));
  const want = JSON.stringify([...expected].sort());
  let seen: string[] = [];
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    seen = (await items.allTextContents()).map((t) => t.trim()).sort();
    if (JSON.stringify(seen) === want) break;
    await page.waitForTimeout(100);
  }
  return seen;
}

async function signIn(page: Page, url: string, email: string, password: string) {
  // One page for everyone: the previous user's session goes with the tab's storage.
  await page.goto(`${url}/login`);
  await page.evaluate('window.sessionStorage.clear(); window.localStorage.clear();');
  await page.goto(`${url}/login`);
  try {
    await signInThroughForm(page, email, password);
  } catch (error) {
    await screenshot(page, `routes-sign-in-${email}`);
    throw error;
  }
  await page.waitForURL(new RegExp(`${landingAfterSignIn}$`));
}

describeInBrowser('dashboard routes for each role', () => {
  let platform: TestPlatform;
  let browser: LaunchedBrowser;
  let page: Page;
  let adminToken: string;
  let group: number;

  const setAcl = async (path: string, aces: Ace[]) => {
    const answer = await platform.api.request('PUT', `/api/acl/${path}`, { token: adminToken, body: aces });
    expect(answer.status).toBe(204);
  };

  beforeAll(async () => {
    platform = await startTestPlatform({ uiDir: UI_DIR, embedded: true });
    adminToken = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
    group = (
      await platform.api.request('POST', '/api/usergroup', {
        token: adminToken,
        body: { name: '화면 권한 그룹', description: '경로 시험' },
      })
    ).body.id;
    browser = await launchBrowser();
    page = await browser.context.newPage();
    // Time runs as usual; expectDenied makes it jump so that a warning's toast expires at once.
    await page.clock.install();
  }, EMBEDDED_START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it.each(roles.map((role) => [role]))(
    'as %s',
    async (role: Role) => {
      const email = role === 'Admin' ? ADMIN.email : `${role.toLowerCase()}@routes.example`;
      if (role !== 'Admin') {
        await platform.createUser({
          email,
          password: PASSWORD,
          name: `${role} 사용자`,
          roles: [role],
          accountType: role.startsWith('Business') ? 'Business' : 'Personal',
        });
      }
      await signIn(page, platform.url, email, role === 'Admin' ? ADMIN.password : PASSWORD);
      const isAdmin = role === 'Admin';

      // The menu: the user's own pages, then the resources the role may open.
      const expectedMenu = [
        '내 디자인',
        '프로필',
        ...(hasAnyRole([role], businessRoles) ? ['사업자 정보'] : []),
        ...everyonesMenu,
        // BOM constants price estimates: the staff's; the administration screens: the writers'.
        ...(hasAnyRole([role], staffRoles) ? ['BOM 상수'] : []),
        ...(isAdmin ? writersMenu : []),
        // Designs: shared is not for PersonalFree; management and analysis are the Admin's.
        '휴지통',
        ...(role === 'PersonalFree' ? [] : ['공유 디자인']),
        ...(hasAnyRole([role], ['DesignManager', 'Admin']) ? ['협력사 디자인 관리'] : []),
        ...(isAdmin ? ['디자인 관리', '디자인 분석'] : []),
        // Estimations: the Admin's list, the managers' and the staff's own work.
        ...(isAdmin ? ['견적 관리', '견적서 공급자'] : []),
        ...(hasAnyRole([role], ['DesignManager', 'Admin']) ? ['협력사 견적 관리'] : []),
        ...(hasAnyRole([role], staffRoles) ? ['내 견적'] : []),
        // Subscriptions: my-subscription and my-payment, subscription/order and payment.
        ...(hasAnyRole([role], ['Admin', 'Developer', 'PersonalPro', 'PersonalFree'])
          ? ['내 구독', '내 결제 내역']
          : []),
        ...(hasAnyRole([role], ['Admin', 'Developer'])
          ? ['구독 주문 관리', '구독 결제 관리', '구독 상품 관리', '감사 로그']
          : []),
        // The read models (rebuild, check): the platform's operators.
        ...(hasAnyRole([role], ['Admin', 'Developer']) ? ['읽기 모델'] : []),
        ...(hasAnyRole([role], ['PersonalFree', 'BusinessFree']) ? ['구독하기'] : []),
        ...(isAdmin
          ? [
              '사용자 그룹',
              '사용자',
              '메일함',
              '클라이언트 로그',
              'BOM 상수 관리',
              '디자인 속성 관리',
              '공지사항 관리',
              '팝업 배너 관리',
            ]
          : []),
      ].sort();
      expect({ role, menu: await menuItems(page, expectedMenu) }).toEqual({ role, menu: expectedMenu });

      const wrong: string[] = [];
      for (const route of Object.keys(dashboardRoutes) as DashboardRoute[]) {
        const path = pathOf(route);
        await openInApp(page, path);
        if (canAccess(dashboardRoutes[route], [role])) {
          // The screen's own title in the app bar (the menu names screens too).
          const title = page
            .locator('#react-admin-title')
            .getByText(dashboardRouteTitles[route], { exact: true });
          await expectOpen(page, path, title, wrong);
        } else {
          await expectDenied(page, path, wrong);
        }
      }

      // The resources' own pages: show, create and edit (Admin only without grants, as the routes' rules say).
      const resourcePages: [path: string, shows: Locator][] = [
        [`/dashboard/usergroup/${group}/show`, page.getByRole('tab', { name: '정보' })],
        [`/dashboard/usergroup/${group}`, page.getByRole('button', { name: '저장' })],
        ['/dashboard/usergroup/create', page.getByRole('button', { name: '저장' })],
        ['/dashboard/user/1/show', page.getByRole('tab', { name: '정보' })],
        ['/dashboard/user/1', page.getByRole('button', { name: '저장' })],
        ['/dashboard/user/create', page.getByRole('button', { name: '저장' })],
        ['/dashboard/mailbox', page.locator('#react-admin-title').getByText('메일함')],
      ];
      for (const [path, shows] of resourcePages) {
        await openInApp(page, path);
        if (isAdmin) await expectOpen(page, path, shows, wrong);
        else await expectDenied(page, path, wrong);
      }
      expect(wrong).toEqual([]);
      // Every role opens every screen, one after another: a busy machine needs more than a minute.
    },
    180_000,
  );

  it('opens what a grant allows, and shows nothing of what it does not', async () => {
    const create = (email: string, userRoles: Role[]) =>
      platform.createUser({ email, password: PASSWORD, name: email.split('@')[0], roles: userRoles });
    const reader = await create('reader@grants.example', ['Designer']);
    const manager = await create('manager@grants.example', ['PersonalFree']);
    const typeAdmin = await create('typeadmin@grants.example', ['Guest']);
    await setAcl(`UserGroup/${group}`, [
      { identity: { type: 'User', id: reader }, permission: 'Read' },
      { identity: { type: 'User', id: manager }, permission: 'Admin' },
    ]);
    await setAcl('UserGroup', [{ identity: { type: 'User', id: typeAdmin }, permission: 'Admin' }]);
    // Write on products: their administration screen is in the menu again.
    await setAcl('Product', [{ identity: { type: 'User', id: reader }, permission: 'Write' }]);
    const wrong: string[] = [];
    const showPath = `/dashboard/usergroup/${group}/show`;

    // Read on one group: the menu item, the list with that group, its page without 권한 or 편집;
    // Write on products: 제품.
    await signIn(page, platform.url, 'reader@grants.example', PASSWORD);
    const readerMenu = [
      '공유 디자인',
      // A Designer's own work (my-estimation).
      '내 견적',
      '내 디자인',
      '사용자 그룹',
      '프로필',
      '휴지통',
      'BOM 상수',
      '제품',
      ...everyonesMenu,
    ].sort();
    expect(await menuItems(page, readerMenu)).toEqual(readerMenu);
    await openInApp(page, '/dashboard/usergroup');
    await waitUntil(page.getByRole('row', { name: /화면 권한 그룹/ }));
    expect(await page.getByRole('button', { name: '유형 권한' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: '등록' }).count()).toBe(0);
    await openInApp(page, showPath);
    await waitUntil(page.getByRole('tab', { name: '이력' }));
    await waitUntil(page.getByText('화면 권한 그룹'));
    expect(await page.getByRole('tab').allTextContents()).toEqual(['정보', '구성원', '이력']);
    expect(await page.getByRole('link', { name: '수정' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '삭제' }).count()).toBe(0);
    expect(await page.getByText(messages.pageForbidden).count()).toBe(0);
    // The history shows the group, not who holds what on it.
    await page.getByRole('tab', { name: '이력' }).click();
    await waitUntil(page.getByText('생성'));
    expect(await page.getByText('권한 변경').count()).toBe(0);
    for (const path of [`/dashboard/usergroup/${group}`, '/dashboard/usergroup/create', '/dashboard/user']) {
      await openInApp(page, path);
      await expectDenied(page, path, wrong);
    }

    // Admin on the group: its 권한 tab, with names (but not the name and address of a user it may
    // not read), and its history tells the changes of its grants, in the audit log's sentences.
    await signIn(page, platform.url, 'manager@grants.example', PASSWORD);
    await openInApp(page, showPath);
    await waitUntil(page.getByRole('link', { name: '수정' }));
    await page.getByRole('tab', { name: '권한' }).click();
    const granted = page.getByRole('table', { name: '부여된 권한' });
    await waitUntil(granted.getByText('manager (manager@grants.example)'));
    // A user it may not read by name alone, as every history names people: never by number.
    await waitUntil(granted.getByRole('cell').filter({ hasText: /^사용자reader$/ }));
    expect(await granted.getByText('reader@grants.example').count()).toBe(0);
    expect(await granted.textContent()).not.toMatch(/사용자 #|#\d/);
    await page.getByRole('tab', { name: '이력' }).click();
    const changes = page.getByRole('table', { name: '변경 이력' }).getByTestId('audit-row');
    await waitUntil(changes.filter({ hasText: '권한 변경을 했습니다.' }));
    for (const text of await changes.allTextContents()) expect(text).not.toMatch(/#\d|@grants\.example/);
    await screenshot(page, 'usergroup-history-grants');

    // Admin on every group: the 유형 권한 dialog of the list, with the type's grants and history.
    await signIn(page, platform.url, 'typeadmin@grants.example', PASSWORD);
    await openInApp(page, '/dashboard/usergroup');
    await page.getByRole('button', { name: '유형 권한' }).click();
    const dialog = page.getByRole('dialog', { name: '사용자 그룹 전체에 대한 권한' });
    await waitUntil(dialog.getByText('typeadmin (typeadmin@grants.example)'));
    await dialog.getByRole('tab', { name: '이력' }).click();
    await waitUntil(dialog.getByText('사용자 typeadmin (typeadmin@grants.example) · 관리'));
    expect(await dialog.textContent()).not.toMatch(/사용자 #|#\d/);
    await screenshot(page, 'usergroup-type-permissions');
    expect(wrong).toEqual([]);
  });

  it('opens a page its user reached while the page before was still asking about access', async () => {
    const creator = await platform.createUser({
      email: 'creator@grants.example',
      password: PASSWORD,
      name: 'creator',
      roles: ['PersonalFree'],
    });
    await setAcl('Product', [{ identity: { type: 'User', id: creator }, permission: 'Write' }]);
    // The grants are answered only when let go. Every signed-in user may read the products, so
    // their list opens at once, while its 등록 is still asking whether this user may create one;
    // opening the form leaves the list, which cancels that question.
    let letGo: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    await page.route('**/api/permission/mine', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await signIn(page, platform.url, 'creator@grants.example', PASSWORD);
      await openInApp(page, '/dashboard/product');
      await waitUntil(page.locator('main table, main h2').first());
      await openInApp(page, '/dashboard/product/create');
      letGo();
      await waitUntil(page.locator('main form'), 'visible', 10_000);
    } finally {
      letGo();
      await page.unroute('**/api/permission/mine');
    }
  });
});
