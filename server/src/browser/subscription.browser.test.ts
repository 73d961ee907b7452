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

describeInBrowser('subscribing in the browser (sandbox provider)', () => {
  let platform: TestPlatform;
  let browser: LaunchedBrowser;
  let page: Page;

  beforeAll(async () => {
    // The embedded default: the sandbox provider and its test card form.
    platform = await startTestPlatform({ uiDir: UI_DIR, embedded: true });
    await platform.createUser({
      email: 'free@browser.example',
      password: 'personal-password-1',
      roles: ['PersonalFree'],
    });
    browser = await launchBrowser();
    page = await browser.context.newPage();
  }, EMBEDDED_START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('subscribes a PersonalFree user to PersonalPro with a test card, and the menu follows the new role', async () => {
    await page.goto(`${platform.url}/dashboard/mydesign`);
    await page.waitForURL(/\/login\?nextPage=/);
    await signInThroughForm(page, 'free@browser.example', 'personal-password-1');
    await page.waitForURL(/\/dashboard\/mydesign$/);
    const subscribeItem = page.getByRole('menuitem', { name: '구독하기' });
    await waitUntil(subscribeItem);
    await subscribeItem.click();

    await page.waitForURL(/\/subscription$/);
    await page.getByRole('button', { name: '연간 결제' }).click();
    await waitUntil(page.getByText('149,000원'));
    await page.getByRole('button', { name: '월간 결제' }).click();
    await waitUntil(page.getByText('14,900원'));
    await page.getByRole('button', { name: '개인 프로 월간 구독하기' }).click();
    const dialog = page.getByRole('dialog');
    await waitUntil(dialog.getByText('카드 등록 (테스트 모드)'));
    await waitUntil(dialog.getByText('테스트 모드입니다.', { exact: false }));

    // A number that is not a test card is refused, and nothing is charged.
    await dialog.getByLabel('카드 번호').fill('5555 5555 5555 4444');
    await dialog.getByRole('button', { name: '결제하고 구독하기' }).click();
    await waitUntil(dialog.getByText('테스트 카드 번호만 사용할 수 있습니다.', { exact: true }));

    await dialog.getByLabel('카드 번호').fill('4242 4242 4242 4242');
    await dialog.getByRole('button', { name: '결제하고 구독하기' }).click();
    await page.waitForURL(/\/dashboard\/my-subscription$/);
    await waitUntil(page.getByText('개인 프로 (월간)'));
    await waitUntil(page.getByText('이용 중'));
    await waitUntil(page.getByText('****-****-****-4242'));
    await waitUntil(page.getByRole('menuitem', { name: '내 구독' }));
    expect(await page.getByRole('menuitem', { name: '구독하기' }).count()).toBe(0);
    await screenshot(page, 'subscription-active');

    await page.getByRole('menuitem', { name: '내 결제 내역' }).click();
    await waitUntil(page.getByText('개인 프로 월간 구독'));
  });

  it('lets an Admin refund part of that payment from the payments screen', async () => {
    const operator = await launchBrowser();
    try {
      const adminPage = await operator.context.newPage();
      await adminPage.goto(`${platform.url}/dashboard/subscription/payment`);
      await adminPage.waitForURL(/\/login\?nextPage=/);
      await signInThroughForm(adminPage, ADMIN.email, ADMIN.password);
      await adminPage.waitForURL(/\/dashboard\/subscription\/payment/);
      await waitUntil(adminPage.getByText('개인 프로 월간 구독'));
      await waitUntil(adminPage.getByRole('menuitem', { name: '구독 상품 관리' }));
      await adminPage.getByRole('button', { name: '환불', exact: true }).first().click();
      const dialog = adminPage.getByRole('dialog');
      await waitUntil(dialog.getByText('환불 가능 금액 14,900원'));
      await dialog.getByLabel('환불 금액 (비우면 전액)').fill('4900');
      await dialog.getByLabel('환불 사유', { exact: false }).fill('서비스 점검 보상');
      await dialog.getByRole('button', { name: '환불하기' }).click();
      await waitUntil(adminPage.getByText('부분 환불'));
      await screenshot(adminPage, 'subscription-refunded');
    } finally {
      await operator.close();
    }
  });
});
