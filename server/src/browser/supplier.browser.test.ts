import { messages } from '@interior/contracts';
import {
  describeInBrowser,
  type LaunchedBrowser,
  launchBrowser,
  screenshot,
  seriousViolations,
  signInThroughForm,
  UI_DIR,
  waitUntil,
} from '../testing/browser';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { PNG_BYTES } from '../testing/sample-files';

describeInBrowser('the 견적서 supplier screen', () => {
  let platform: TestPlatform;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    platform = await startTestPlatform({ uiDir: UI_DIR });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('lets the Admin set the supplier, checking the registration number, with a seal image', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${platform.url}/login`);
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/dashboard\/mydesign$/);
    await page.getByRole('menuitem', { name: '견적서 공급자' }).click();
    await page.waitForURL(/\/dashboard\/system\/supplier$/);
    await waitUntil(page.getByText('아직 공급자 정보가 없습니다.', { exact: false }));

    await page.getByLabel('상호').fill('한빛인테리어 주식회사');
    await page.getByLabel('사업자등록번호').fill('124-81-00999');
    await page.getByLabel('대표자').fill('이서연');
    await page.getByLabel('주소').fill('서울특별시 강남구 테헤란로 123, 4층');
    await page.getByLabel('전화').fill('0212345678');
    await page.getByRole('button', { name: '저장' }).click();
    await waitUntil(page.getByText(messages.registrationNumberCheckDigit));

    await page.getByLabel('사업자등록번호').fill('124-81-00998');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: '직인.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await waitUntil(page.getByText('새 직인: 직인.png (저장하면 적용됩니다)'));
    await page.getByRole('button', { name: '저장' }).click();
    await waitUntil(page.getByText('공급자 정보를 저장했습니다.', { exact: false }));

    await page.reload();
    await waitUntil(page.getByText('이미 발행한 견적서는 바뀌지 않습니다.', { exact: false }));
    expect(await page.getByLabel('사업자등록번호').inputValue()).toBe('1248100998');
    await waitUntil(page.getByRole('img', { name: '직인' }));
    const saved = await platform.api.request('GET', '/api/system/supplier', {
      token: (await platform.api.login(ADMIN.email, ADMIN.password)).token,
    });
    expect(saved.body).toMatchObject({
      companyName: '한빛인테리어 주식회사',
      seal: { originalName: '직인.png' },
    });
    await screenshot(page, 'supplier-settings');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
