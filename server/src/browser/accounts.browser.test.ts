import net from 'node:net';
import { landingAfterSignIn } from '@interior/contracts';
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
import { EMBEDDED_START_TIMEOUT_MS, startTestPlatform, type TestPlatform } from '../testing/platform';
import { SmtpMailbox } from '../testing/smtp';

/**
 * A visitor's whole account life in the browser: sign-up with the mobile code and consents, the
 * verification mail read from a real SMTP server, sign-in, a new profile photo, password recovery
 * from a second mail; and sessions shared and ended across tabs (signing out in one signs out all).
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describeInBrowser('accounts in the browser', () => {
  let smtp: SmtpMailbox;
  let platform: TestPlatform;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    smtp = await SmtpMailbox.start();
    // Links in mails point to PUBLIC_URL: the platform's own address, so a port chosen beforehand.
    const port = await freePort();
    platform = await startTestPlatform({
      uiDir: UI_DIR,
      embedded: true,
      env: { SMTP_URL: smtp.url, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    });
    browser = await launchBrowser();
  }, EMBEDDED_START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
    await smtp?.stop();
  });

  /** Opens the link a mail gives, exactly as written in its body (as the person would click it). */
  const openMailedLink = async (page: Page, path: string, mail: { text: string }) => {
    const link = mail.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error(`no link in the mail: ${mail.text}`);
    expect(new URL(link).pathname).toBe(path);
    expect(link.startsWith(platform.url)).toBe(true);
    await page.goto(link);
  };

  it('signs up, verifies the address by mail, signs in, changes the photo and recovers the password', async () => {
    const page = await browser.context.newPage();
    const email = 'browser.person@test.example';
    const mobile = '01077778888';

    await page.goto(`${platform.url}/login`);
    await page.getByRole('link', { name: '회원가입' }).click();
    await page.getByRole('link', { name: '개인 회원으로 가입' }).click();
    await page.waitForURL(/\/agreement\?type=personal$/);
    await page.getByLabel('전체 동의').check();
    await page.getByRole('button', { name: '다음' }).click();
    await waitUntil(page.getByRole('button', { name: '가입하기' }));
    await page.getByRole('textbox', { name: '이메일' }).fill(email);
    await page.getByRole('textbox', { name: '비밀번호', exact: true }).fill('browser person password');
    await page.getByLabel('비밀번호 확인').fill('browser person password');
    await page.getByLabel('이름').fill('박브라우저');
    await page.getByLabel('휴대전화 번호').fill(mobile);
    await page.getByRole('button', { name: '인증번호 받기' }).click();
    await waitUntil(page.getByText('인증번호를 보냈습니다.'));
    await page.getByLabel('인증번호').fill(platform.sms.lastCodeFor(mobile));
    await page.getByRole('button', { name: '확인' }).click();
    await waitUntil(page.getByText('휴대전화 번호가 인증되었습니다.'));
    await page.getByRole('button', { name: '가입하기' }).click();
    await page.waitForURL(/\/mail-sent\?kind=verify$/);

    await openMailedLink(page, '/email-verification', await smtp.waitFor(email, /인증/));
    await page.waitForURL(/\/email-confirmed$/);
    await page.getByRole('link', { name: '로그인하기' }).click();
    await signInThroughForm(page, email, 'browser person password');
    await page.waitForURL(new RegExp(`${landingAfterSignIn}$`));

    await page.goto(`${platform.url}/dashboard/profile`);
    await waitUntil(page.getByRole('heading', { name: '기본 정보' }));
    await page.getByLabel('사진 변경').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await waitUntil(page.getByText('새 사진: me.png'));
    await page.getByRole('button', { name: '저장' }).first().click();
    await waitUntil(page.getByText('저장되었습니다.'));
    const avatar = page.locator('header img[src*="/api/image/user/"]').first();
    await waitUntil(avatar);
    const photo = await page.request.get(`${platform.url}${await avatar.getAttribute('src')}`);
    expect(photo.status()).toBe(200);
    expect(photo.headers()['content-type']).toBe('image/png');
    await screenshot(page, 'profile-photo');

    // A new mobile number needs the code sent to it.
    const newMobile = '01077779999';
    await page.getByLabel('휴대전화 번호').fill(newMobile);
    await page.getByRole('button', { name: '저장' }).first().click();
    await waitUntil(page.getByText('번호를 바꾸려면 새 번호로 인증번호를 받아 입력해 주세요.'));
    await page.getByRole('button', { name: '인증번호 받기' }).click();
    await waitUntil(page.getByText('인증번호를 보냈습니다.'));
    await page.getByLabel('인증번호').fill(platform.sms.lastCodeFor(newMobile));
    await page.getByRole('button', { name: '확인' }).click();
    await waitUntil(page.getByText('휴대전화 번호가 인증되었습니다.'));
    await page.getByRole('button', { name: '저장' }).first().click();
    // Saved: the form shows the new number as the account's, and asks for no code any more.
    await waitUntil(page.getByLabel('인증번호'), 'detached');
    expect(await page.getByLabel('휴대전화 번호').inputValue()).toBe(newMobile);

    await page.getByRole('button', { name: '내 정보' }).click();
    await page.getByRole('menuitem', { name: '로그아웃' }).click();
    await page.waitForURL(/\/login/);
    await page.getByRole('link', { name: '비밀번호 찾기' }).click();
    // Pages load on demand: the previous page stays on screen until this one's code arrives.
    await waitUntil(page.getByRole('button', { name: '재설정 메일 받기' }));
    await page.getByRole('textbox', { name: '이메일' }).fill(email);
    await page.getByRole('button', { name: '재설정 메일 받기' }).click();
    await page.waitForURL(/\/mail-sent\?kind=reset$/);
    await openMailedLink(page, '/reset-password', await smtp.waitFor(email, /비밀번호 재설정/));
    await waitUntil(page.getByRole('button', { name: '비밀번호 설정' }));
    await page.getByRole('textbox', { name: '새 비밀번호', exact: true }).fill('a recovered password');
    await page.getByLabel('새 비밀번호 확인').fill('a recovered password');
    await page.getByRole('button', { name: '비밀번호 설정' }).click();
    await page.waitForURL(/\/login/);
    await signInThroughForm(page, email, 'a recovered password');
    await page.waitForURL(new RegExp(`${landingAfterSignIn}$`));
    await page.close();
  });

  it('hands the session to a new tab, and signs every tab out together', async () => {
    await platform.createUser({ email: 'tabs@test.example', password: 'tabs password 12' });
    const first = await browser.context.newPage();
    await first.goto(`${platform.url}/login`);
    await signInThroughForm(first, 'tabs@test.example', 'tabs password 12');
    await first.waitForURL(new RegExp(`${landingAfterSignIn}$`));

    const second = await browser.context.newPage();
    await second.goto(`${platform.url}/dashboard/profile`);
    await waitUntil(second.getByRole('heading', { name: '기본 정보' }));

    await first.getByRole('button', { name: '내 정보' }).click();
    await first.getByRole('menuitem', { name: '로그아웃' }).click();
    await second.waitForURL(/\/login/);
    await first.close();
    await second.close();
  });

  it('keeps the other tabs working after a password change, and signs out everywhere', async () => {
    await platform.createUser({ email: 'renewed@test.example', password: 'renewed password 1' });
    const first = await browser.context.newPage();
    await first.goto(`${platform.url}/login`);
    await signInThroughForm(first, 'renewed@test.example', 'renewed password 1');
    await first.waitForURL(new RegExp(`${landingAfterSignIn}$`));
    await first.goto(`${platform.url}/dashboard/profile`);
    await waitUntil(first.getByRole('heading', { name: '비밀번호 변경' }));

    const second = await browser.context.newPage();
    await second.goto(`${platform.url}/dashboard/profile`);
    await waitUntil(second.getByRole('heading', { name: '기본 정보' }));

    // The first tab changes the password: every session ends, the tab gets a new one.
    await first.locator('input[name="currentPassword"]').fill('renewed password 1');
    await first.locator('input[name="newPassword"]').fill('renewed password 2');
    await first.locator('input[name="confirmPassword"]').fill('renewed password 2');
    await first.getByRole('button', { name: '비밀번호 변경' }).click();
    await waitUntil(first.getByText('비밀번호가 변경되었습니다.'));
    await waitUntil(first.getByRole('heading', { name: '기본 정보' }));

    // The second tab calls the API with the new session it was handed, and nobody is signed out.
    await second.getByLabel('마케팅 정보 수신 동의').click();
    await waitUntil(second.getByText('저장되었습니다.'));
    await first.getByLabel('마케팅 정보 수신 동의').click();
    await waitUntil(first.getByText('저장되었습니다.'));
    expect(new URL(first.url()).pathname).toBe('/dashboard/profile');
    expect(new URL(second.url()).pathname).toBe('/dashboard/profile');

    await second.getByRole('button', { name: '모든 기기에서 로그아웃' }).click();
    await second.waitForURL(/\/login/);
    await first.waitForURL(/\/login/);
    await first.close();
    await second.close();
  });
});

/** A port free right now on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
