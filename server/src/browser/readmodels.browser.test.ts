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
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

describeInBrowser('the read-models screen', () => {
  let platform: TestPlatform;
  let browser: LaunchedBrowser;
  let page: Page;

  beforeAll(async () => {
    platform = await startTestPlatform({ uiDir: UI_DIR });
    browser = await launchBrowser();
    page = await browser.context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('lists the read models, rebuilds one with live progress and the switch, and verifies it', async () => {
    // A row to rebuild and to check.
    const { token } = await platform.api.login(ADMIN.email, ADMIN.password);
    const created = await platform.api.request('POST', '/api/usergroup', {
      token,
      body: { name: '검증할 그룹', description: '읽기 모델 화면' },
    });
    expect(created.status).toBe(201);
    await page.goto(`${platform.url}/dashboard/audit/readmodels`);
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/dashboard\/audit\/readmodels$/);
    await waitUntil(page.getByRole('heading', { name: '읽기 모델', level: 1 }));
    for (const header of ['이름', '버전', '세대', '위치', '지연(이벤트)'])
      await waitUntil(page.getByRole('columnheader', { name: header, exact: true }));
    const row = page.getByRole('row', { name: /^usergroups / });
    await waitUntil(row);
    // The name is the row's header; its cells are version, generation, position, lag.
    const generation = Number(await row.getByRole('cell').nth(1).textContent());
    expect(generation).toBeGreaterThan(0);

    await row.getByRole('button', { name: '재구성' }).click();
    // The progress while the new generation fills, then the switch.
    await waitUntil(page.getByRole('status', { name: '재구성 진행' }).getByText(/처리 속도 .* 이벤트\/초/));
    await waitUntil(
      page.getByText(`재구성이 끝나 새 세대 ${generation + 1}(으)로 전환했습니다.`),
      'visible',
      60_000,
    );
    await waitUntil(row.getByRole('cell', { name: String(generation + 1), exact: true }));

    await row.getByRole('button', { name: '검증' }).click();
    await waitUntil(
      page.getByText('행 1개, 그중 2개를 로그의 결과와 비교했습니다. 차이가 없습니다.'),
      'visible',
      60_000,
    );
    await screenshot(page, 'readmodels');
  }, 120_000);
});
