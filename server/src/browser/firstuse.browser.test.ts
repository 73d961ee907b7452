import {
  AclEventSchemas,
  dashboardRoutes,
  EmailReservationEventSchemas,
  landingAfterSignIn,
  messages,
  roles,
  SessionEventSchemas,
  UserEventSchemas,
  UserGroupEventSchemas,
  userStatuses,
} from '@interior/contracts';
import type { Locator, Page } from 'playwright-core';
import {
  describeInBrowser,
  type LaunchedBrowser,
  launchBrowser,
  openInApp,
  screenshot,
  seriousViolations,
  settledScreen,
  signInThroughForm,
  UI_DIR,
  waitUntil,
} from '../testing/browser';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

/**
 * What a first-time user meets: every screen fits a 390 × 844 phone without sideways scrolling
 * (and the profile saves there), the history reads as words, a deleted group's history opens, and
 * axe-core finds nothing serious or critical on the main pages.
 */

jest.setTimeout(120_000);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1400, height: 900 };
const PERSON = { email: 'first.use@test.example', password: 'first use password 1' };

/** How far the page scrolls sideways: 0 when it fits the window. */
const overflow = (page: Page) =>
  page.evaluate('document.documentElement.scrollWidth - window.innerWidth') as Promise<number>;

/** The screen has drawn its content and the bar is gone; then its layout has a moment to settle. */
async function settled(page: Page) {
  await settledScreen(page);
  await page.waitForTimeout(150);
}

describeInBrowser('a first-time user, on a phone and with assistive technology', () => {
  let platform: TestPlatform;
  let browser: LaunchedBrowser;
  let page: Page;
  let personId: number;
  let groupId: number;
  let deletedGroupId: number;

  beforeAll(async () => {
    platform = await startTestPlatform({ uiDir: UI_DIR });
    const { token } = await platform.api.login(ADMIN.email, ADMIN.password);
    const group = await platform.api.request('POST', '/api/usergroup', {
      token,
      body: { name: '디자인팀', description: '디자이너 모임' },
    });
    groupId = group.body.id;
    const gone = await platform.api.request('POST', '/api/usergroup', {
      token,
      body: { name: '없어질 그룹', description: '곧 삭제됩니다' },
    });
    deletedGroupId = gone.body.id;
    const renamed = await platform.api.request('PUT', `/api/usergroup/${deletedGroupId}`, {
      token,
      headers: { 'if-match': '"0"' },
      body: { name: '없어질 그룹 (이름 바꿈)', description: '곧 삭제됩니다' },
    });
    expect(renamed.status).toBe(200);
    const deleted = await platform.api.request('DELETE', `/api/usergroup/${deletedGroupId}`, {
      token,
      headers: { 'if-match': '"1"' },
    });
    expect(deleted.status).toBe(200);
    personId = await platform.createUser({ ...PERSON, name: '처음 사용자', roles: ['PersonalFree'] });
    // A life worth reading: roles, groups, identifiers and status changed by an Admin.
    const current = (await platform.api.request('GET', `/api/user/${personId}`, { token })).body;
    const edited = await platform.api.request('PUT', `/api/user/${personId}`, {
      token,
      headers: { 'if-match': `"${current.version}"` },
      body: { ...current, roles: ['PersonalPro'], groups: [groupId], erpId: 'ERP00001', status: 'Inactive' },
    });
    expect(edited.status).toBe(200);
    browser = await launchBrowser();
    page = await browser.context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('fits every public page into a phone and a wide window, without sideways scrolling', async () => {
    const wrong: string[] = [];
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      for (const path of [
        '/',
        '/login',
        '/signup-options',
        '/agreement',
        '/signup-personal',
        '/find-password',
        '/no/such/page',
      ]) {
        await page.goto(`${platform.url}${path}`);
        await waitUntil(page.locator('h1'));
        await page.waitForTimeout(100);
        const extra = await overflow(page);
        if (extra > 0) wrong.push(`${path} at ${size.width}: ${extra} px too wide`);
      }
    }
    await page.setViewportSize(PHONE);
    await page.goto(`${platform.url}/agreement`);
    await waitUntil(page.locator('h1'));
    await screenshot(page, 'phone-agreement');
    expect(wrong).toEqual([]);
  });

  it('names the tab after the page, answers an unknown path with 404, and offers sign-up on the landing page', async () => {
    await page.setViewportSize(DESKTOP);
    const answer = await page.goto(`${platform.url}/no/such/page`);
    expect(answer?.status()).toBe(404);
    await waitUntil(page.getByText('페이지를 찾을 수 없습니다'));
    expect(await page.title()).toBe('페이지를 찾을 수 없습니다 - 인테리어 디자인 플랫폼');
    await page.goto(`${platform.url}/login`);
    await waitUntil(page.getByRole('button', { name: '로그인' }));
    expect(await page.title()).toBe('로그인 - 인테리어 디자인 플랫폼');
    await page.goto(`${platform.url}/`);
    await page.getByRole('link', { name: '회원가입' }).first().click();
    await page.waitForURL(/\/signup-options$/);
  });

  it('finds no serious or critical accessibility violation on the public pages', async () => {
    await page.setViewportSize(DESKTOP);
    const found: string[] = [];
    for (const path of ['/', '/login', '/signup-personal']) {
      await page.goto(`${platform.url}${path}`);
      await waitUntil(page.locator('h1'));
      found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);
  });

  it('puts the focus on the password, emptied, after a wrong one', async () => {
    await page.goto(`${platform.url}/login`);
    await signInThroughForm(page, PERSON.email, 'not the password at all');
    const password = page.getByLabel('비밀번호').first();
    await waitUntil(page.getByText('이메일 또는 비밀번호가 올바르지 않습니다'));
    // page.waitForFunction would evaluate text in the page, which its CSP refuses.
    let focused = false;
    for (let tries = 0; tries < 50 && !focused; tries++) {
      focused = (await page.evaluate(
        `document.activeElement?.id === 'login-password' && document.activeElement.value === ''`,
      )) as boolean;
      if (!focused) await page.waitForTimeout(100);
    }
    expect(focused).toBe(true);
    expect(await password.inputValue()).toBe('');
  });

  it('opens every dashboard screen on a phone without sideways scrolling, and saves the profile there', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`${platform.url}/login`);
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForURL((url) => url.pathname === landingAfterSignIn);
    const screens = [
      ...Object.keys(dashboardRoutes).map(
        (route) => `/dashboard/${route.replace(':id', '1').replace('/:tab?', '').replace(':tab?', '')}`,
      ),
      `/dashboard/user/${personId}/show`,
      `/dashboard/user/${personId}/show/history`,
      `/dashboard/user/${personId}`,
      '/dashboard/user/create',
      `/dashboard/usergroup/${groupId}/show`,
      `/dashboard/usergroup/${groupId}/show/history`,
      `/dashboard/usergroup/${groupId}`,
      '/dashboard/usergroup/create',
      '/dashboard/mailbox',
      '/dashboard/clientlog',
      `/dashboard/history/usergroup/${deletedGroupId}`,
      '/dashboard/no-such-screen',
    ];
    const wrong: string[] = [];
    for (const path of screens) {
      await openInApp(page, path);
      try {
        await settled(page);
      } catch (error) {
        // What was on the screen and which wait ran out say whether the screen or the route failed.
        await screenshot(page, `phone-did-not-show-${path.replace(/\W+/g, '-')}`);
        wrong.push(`${path}: did not show (${page.url()}): ${(error as Error).message}`);
        continue;
      }
      if (new URL(page.url()).pathname === '/login') {
        wrong.push(`${path}: signed out`);
        break;
      }
      const extra = await overflow(page);
      if (extra > 0) {
        wrong.push(`${path}: ${extra} px too wide`);
        await screenshot(page, `phone-too-wide-${path.replace(/\W+/g, '-')}`);
      }
    }
    expect(wrong).toEqual([]);
    for (const [name, path] of [
      ['phone-user-list', '/dashboard/user'],
      ['phone-usergroup-list', '/dashboard/usergroup'],
      ['phone-user-history', `/dashboard/user/${personId}/show/history`],
    ] as const) {
      await openInApp(page, path);
      await settled(page);
      await screenshot(page, name);
    }

    // The profile's 저장 is not under the password form's bar: a click reaches it and saves.
    await openInApp(page, '/dashboard/profile');
    await waitUntil(page.getByRole('heading', { name: '기본 정보' }));
    await page.getByLabel('이름').first().fill('관리자 (휴대전화)');
    await page.getByRole('button', { name: '저장' }).first().click({ timeout: 5_000 });
    await waitUntil(page.getByText('저장되었습니다.'));
    await screenshot(page, 'phone-profile-saved');

    // A wrong current password: one error, on its field, and no toast over the fields.
    // The password form's own field (the e-mail change asks for the password too).
    const passwordForm = page.getByRole('region', { name: '비밀번호 변경' });
    await passwordForm.getByLabel('현재 비밀번호').fill('not my password at all');
    await passwordForm.getByLabel('새 비밀번호').first().fill('a brand new password 7');
    await passwordForm.getByLabel('새 비밀번호 확인').fill('a brand new password 7');
    await passwordForm.getByRole('button', { name: '비밀번호 변경' }).click();
    await waitUntil(page.getByText(messages.wrongCurrentPassword));
    await page.waitForTimeout(500);
    expect(await page.getByText(messages.wrongCurrentPassword).count()).toBe(1);
    expect(await page.locator('.notistack-MuiContent-error').count()).toBe(0);
  }, 240_000);

  /**
   * The text of a history table with every event's changes opened one after another (the first
   * event shows the record as it began): one opened at a time, as the tab opens them.
   */
  async function historyText(table: Locator): Promise<string> {
    const rows = table.getByTestId('audit-row');
    await waitUntil(rows);
    let text = (await table.textContent()) ?? '';
    for (const row of await rows.all()) {
      const open = row.getByRole('button', { name: '변경 내용' });
      if ((await open.count()) === 0) continue;
      await open.click();
      const opened = table
        .getByTestId('field-change')
        .or(table.getByTestId('state-caption'))
        .or(table.getByText('바뀐 항목이 없습니다.'))
        .first();
      await waitUntil(opened);
      text += (await table.textContent()) ?? '';
      await open.click();
      await waitUntil(opened, 'detached');
    }
    return text;
  }

  it("shows a user's history in words: no event names, no JSON, no ISO timestamps", async () => {
    await page.setViewportSize(DESKTOP);
    await openInApp(page, `/dashboard/user/${personId}/show/history`);
    const table = page.getByRole('table', { name: '변경 이력' });
    await waitUntil(table);
    const text = await historyText(table);
    let titles = '';
    for (const titled of await table.locator('[title]').all())
      titles += ` ${await titled.getAttribute('title')}`;
    const eventTypes = [
      UserEventSchemas,
      UserGroupEventSchemas,
      AclEventSchemas,
      EmailReservationEventSchemas,
      SessionEventSchemas,
    ].flatMap((schemas) => Object.keys(schemas));
    for (const english of [...eventTypes, ...roles, ...userStatuses, 'true', 'false', 'null']) {
      expect([english, text.includes(english) || titles.includes(english)]).toEqual([english, false]);
    }
    expect(text).not.toMatch(/[{}[\]"]/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}/);
    // People and groups by name, never by number.
    expect(text).not.toMatch(/#\d/);
    expect(text).toMatch(/님이 사용자 ‘처음 사용자’에서 /);
    for (const shown of ['가입', '개인 무료', '개인 프로', '디자인팀', '활성', '비활성', 'ERP00001']) {
      expect([shown, text.includes(shown)]).toEqual([shown, true]);
    }
    await screenshot(page, 'user-history');
  });

  it("opens a deleted group's history from its old address", async () => {
    await openInApp(page, `/dashboard/usergroup/${deletedGroupId}/show/history`);
    await page.waitForURL((url) => url.pathname === `/dashboard/history/usergroup/${deletedGroupId}`);
    await waitUntil(page.getByText(`삭제된 사용자 그룹 #${deletedGroupId}의 이력`));
    const table = page.getByRole('table', { name: '변경 이력' });
    await waitUntil(table.getByTestId('audit-row').filter({ hasText: '삭제를 했습니다.' }));
    const text = await historyText(table);
    expect(text).toContain('없어질 그룹');
    expect(text).toContain('없어질 그룹 (이름 바꿈)');
    await screenshot(page, 'deleted-group-history');
  });

  it('finds no serious or critical accessibility violation on the dashboard pages', async () => {
    await page.setViewportSize(DESKTOP);
    const found: string[] = [];
    for (const path of [
      '/dashboard/mydesign',
      '/dashboard/user',
      '/dashboard/usergroup',
      `/dashboard/usergroup/${groupId}/show/history`,
    ]) {
      await openInApp(page, path);
      await settled(page);
      found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);
  });
});
