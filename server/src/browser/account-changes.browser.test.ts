import { messages } from '@interior/contracts';
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
import { SmtpMailbox } from '../testing/smtp';

/**
 * Accounts and groups as a person meets them, without PUBLIC_URL: mailed links lead to
 * the address the browser used. A Pending sign-in offers the mail again; the group page lists and
 * manages its members; the profile changes the e-mail address and closes the account.
 */
describeInBrowser('account changes in the browser', () => {
  let smtp: SmtpMailbox;
  let platform: TestPlatform;
  let browser: LaunchedBrowser;
  const PASSWORD = 'browser member password';

  beforeAll(async () => {
    smtp = await SmtpMailbox.start();
    platform = await startTestPlatform({ uiDir: UI_DIR, embedded: true, env: { SMTP_URL: smtp.url } });
    browser = await launchBrowser();
  }, EMBEDDED_START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
    await smtp?.stop();
  });

  const openMailedLink = async (page: Page, mail: { text: string }) => {
    const link = mail.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error(`no link in the mail: ${mail.text}`);
    expect(new URL(link).origin).toBe(new URL(platform.url).origin);
    await page.goto(link);
  };

  it('offers the verification mail again when a Pending account signs in', async () => {
    const email = 'browser.pending@test.example';
    await platform.createUser({ email, password: PASSWORD, status: 'Pending' });
    const page = await browser.context.newPage();
    await page.goto(`${platform.url}/login`);
    await signInThroughForm(page, email, PASSWORD);
    await waitUntil(page.getByText(messages.emailNotVerified));
    await page.getByRole('button', { name: '인증 메일 다시 보내기' }).click();
    await waitUntil(page.getByText('인증 메일을 다시 보냈습니다.', { exact: false }));
    await screenshot(page, 'login-unverified-resend');

    await openMailedLink(page, await smtp.waitFor(email, /이메일 주소를 인증/));
    await page.waitForURL(/\/email-confirmed$/);
    await page.getByRole('link', { name: '로그인하기' }).click();
    await signInThroughForm(page, email, PASSWORD);
    await page.waitForURL(/\/dashboard/);
    await page.close();
  });

  it('lists, adds and removes the members of a group on its page', async () => {
    const memberId = await platform.createUser({
      email: 'browser.member@test.example',
      password: PASSWORD,
      name: '구성원후보',
    });
    const { token } = await platform.api.login(ADMIN.email, ADMIN.password);
    const group = await platform.api.request('POST', '/api/usergroup', {
      token,
      body: { name: '브라우저 그룹', description: '구성원 화면' },
    });
    const page = await browser.context.newPage();
    await page.goto(`${platform.url}/login`);
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/dashboard/);
    await page.goto(`${platform.url}/dashboard/usergroup/${group.body.id}/show`);
    await page.getByRole('tab', { name: '구성원' }).click();
    await waitUntil(page.getByText('이 그룹에 속한 사용자가 없습니다.'));

    await page.getByLabel('구성원 추가 (사용자 검색)').fill('구성원후보');
    await page.getByRole('option', { name: /구성원후보/ }).click();
    const row = page.getByRole('table', { name: '구성원' }).getByRole('row', { name: /구성원후보/ });
    await waitUntil(row);
    await screenshot(page, 'usergroup-members');
    // On a phone the list fits the screen: no sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await waitUntil(row);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(page, 'usergroup-members-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    const user = await platform.api.request('GET', `/api/user/${memberId}`, { token });
    expect(user.body.groups).toEqual([group.body.id]);

    await row.getByRole('button', { name: /구성원에서 제외/ }).click();
    await waitUntil(page.getByText('이 그룹에 속한 사용자가 없습니다.'));
    await page.close();
  });

  it('changes the e-mail address from the profile, confirmed by the mailed link', async () => {
    await platform.createUser({ email: 'browser.mover@test.example', password: PASSWORD });
    const page = await browser.context.newPage();
    await page.goto(`${platform.url}/login`);
    await signInThroughForm(page, 'browser.mover@test.example', PASSWORD);
    await page.waitForURL(/\/dashboard/);
    await page.goto(`${platform.url}/dashboard/profile`);
    const form = page.getByRole('form', { name: '이메일 변경' });
    await form.getByLabel('새 이메일 주소').fill('browser.moved@test.example');
    await form.getByLabel('현재 비밀번호').fill(PASSWORD);
    await form.getByRole('button', { name: '이메일 변경 요청' }).click();
    await waitUntil(form.getByText(messages.emailChangeMailSent));
    await screenshot(page, 'profile-email-change');

    await openMailedLink(page, await smtp.waitFor('browser.moved@test.example', /새 이메일 주소/));
    await page.waitForURL(/\/email-confirmed\?changed=1$/);
    await waitUntil(page.getByText('이메일 주소 변경 완료'));
    await smtp.waitFor('browser.mover@test.example', /이메일 주소가 변경되었습니다/);
    await page.close();
  });

  it('closes the account from the profile: password, confirmation, then 탈퇴가 완료되었습니다', async () => {
    await platform.createUser({ email: 'browser.leaver@test.example', password: PASSWORD });
    const page = await browser.context.newPage();
    await page.goto(`${platform.url}/login`);
    await signInThroughForm(page, 'browser.leaver@test.example', PASSWORD);
    await page.waitForURL(/\/dashboard/);
    await page.goto(`${platform.url}/dashboard/profile`);
    const form = page.getByRole('form', { name: '회원 탈퇴' });
    await form.getByLabel('비밀번호 확인').fill('a wrong password');
    await form.getByLabel('위 내용을 확인했으며 탈퇴에 동의합니다.').check();
    await form.getByRole('button', { name: '회원 탈퇴' }).click();
    await waitUntil(form.getByText(messages.wrongPassword));

    await form.getByLabel('비밀번호 확인').fill(PASSWORD);
    await form.getByRole('button', { name: '회원 탈퇴' }).click();
    await page.waitForURL(/\/account-closed$/);
    await waitUntil(page.getByRole('heading', { name: '탈퇴가 완료되었습니다' }));
    await screenshot(page, 'account-closed');
    // The session is over: the dashboard asks for a sign-in.
    await page.goto(`${platform.url}/dashboard/profile`);
    await page.waitForURL(/\/login/);
    await page.close();
  });
});
