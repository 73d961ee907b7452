import { landingAfterSignIn } from '@interior/contracts';
import {
  describeInBrowser,
  type LaunchedBrowser,
  launchBrowser,
  screenshot,
  seriousViolations,
  UI_DIR,
  waitUntil,
} from '../testing/browser';
import { FakeOAuthProviders } from '../testing/oauth-providers';
import { EMBEDDED_START_TIMEOUT_MS, startTestPlatform, type TestPlatform } from '../testing/platform';

/**
 * Social sign-in in the browser, through a stand-in Kakao: the first time the SNS sign-up, the
 * second time straight to the dashboard through /sns-login, with the tokens gone from the address.
 */
describeInBrowser('Kakao sign-in in the browser', () => {
  let fake: FakeOAuthProviders;
  let platform: TestPlatform;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    fake = await FakeOAuthProviders.start();
    platform = await startTestPlatform({ uiDir: UI_DIR, embedded: true, env: fake.env() });
    browser = await launchBrowser();
  }, EMBEDDED_START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
    await fake?.stop();
  });

  it('goes from the Kakao button through the provider to the dashboard', async () => {
    fake.kakaoAccount = {
      id: 5_000_000_001,
      nickname: '브라우저 카카오',
      email: 'kakao.browser@test.example',
      verified: true,
    };
    const page = await browser.context.newPage();
    await page.goto(`${platform.url}/login`);
    await waitUntil(page.getByRole('link', { name: '네이버 로그인' }));
    await screenshot(page, 'login-sns-buttons');
    // The brands' buttons are readable too (the other tests' /login has no provider configured).
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: '카카오 로그인' }).click();
    await page.waitForURL(/\/signup-sns\?ticket=/);
    await waitUntil(page.getByRole('heading', { name: '카카오 계정으로 가입' }));
    expect(await page.getByLabel('이름').inputValue()).toBe('브라우저 카카오');
    expect(await page.getByRole('textbox', { name: '이메일' }).inputValue()).toBe(
      'kakao.browser@test.example',
    );
    await page.getByLabel('전체 동의').check();
    await screenshot(page, 'sns-signup');
    await page.getByRole('button', { name: '가입하기' }).click();
    await page.waitForURL(new RegExp(`${landingAfterSignIn}$`));

    await page.goto(`${platform.url}/dashboard/profile`);
    await waitUntil(page.getByTestId('sns-accounts').getByText('연결됨'));
    await page.close();

    // Another browser: the known Kakao account signs straight in.
    const other = await launchBrowser();
    try {
      const second = await other.context.newPage();
      const visited: string[] = [];
      second.on('framenavigated', (frame) => {
        if (frame === second.mainFrame()) visited.push(frame.url());
      });
      await second.goto(`${platform.url}/login`);
      await second.getByRole('link', { name: '카카오 로그인' }).click();
      await second.waitForURL(new RegExp(`${landingAfterSignIn}$`));
      expect(visited.some((url) => url.includes('/sns-login?accessToken='))).toBe(true);
      expect(second.url()).not.toContain('accessToken');
      await waitUntil(second.getByRole('button', { name: '내 정보' }));
      await screenshot(second, 'sns-login-dashboard');
    } finally {
      await other.close();
    }
  });

  it('signs a Cafe24 shop operator up from /cafe24-admin with their mall id', async () => {
    fake.cafe24Operator = { userId: 'browserowner', shopName: '브라우저 상점', email: 'owner@shop.example' };
    const page = await browser.context.newPage();
    await page.goto(`${platform.url}/cafe24-admin`);
    await page.getByLabel('쇼핑몰 ID').fill('not a mall');
    await page.getByRole('button', { name: '카페24로 로그인' }).click();
    await waitUntil(page.getByText('쇼핑몰 ID는 영문 소문자와 숫자로 된 4~16자입니다.'));
    await page.getByLabel('쇼핑몰 ID').fill('browsermall');
    await page.getByRole('button', { name: '카페24로 로그인' }).click();
    await page.waitForURL(/\/signup-sns\?ticket=/);
    await waitUntil(page.getByRole('heading', { name: '카페24 관리자 계정으로 가입' }));
    await page.getByLabel('전체 동의').check();
    await page.getByRole('button', { name: '가입하기' }).click();
    await page.waitForURL(/\/mail-sent\?kind=verify$/);
    await waitUntil(page.getByText('owner@shop.example'));
    expect(fake.tokenCalls.at(-1)?.path).toBe('/cafe24/browsermall/api/v2/oauth/token');
    await page.close();
  });

  it('explains a declined consent on /sns-login', async () => {
    fake.declining.add('kakao');
    const page = await browser.context.newPage();
    await page.goto(`${platform.url}/login`);
    await page.getByRole('link', { name: '카카오 로그인' }).click();
    await waitUntil(
      page.getByTestId('sns-login-error').getByText('로그인 동의가 취소되었습니다', { exact: false }),
    );
    expect(page.url()).toBe(`${platform.url}/sns-login`);
    await page.close();
  });
});
