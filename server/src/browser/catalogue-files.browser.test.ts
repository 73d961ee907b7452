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
import { glbBytes, PNG_BYTES, uploadFile } from '../testing/sample-files';

describeInBrowser('files and pop-up banners in the browser', () => {
  let platform: TestPlatform;
  let browser: LaunchedBrowser;
  let page: Page;
  let admin: string;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    platform = await startTestPlatform({ uiDir: UI_DIR });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('console', (message) => {
      // Failed loads are told apart below, by their address.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        consoleErrors.push(message.text());
    });
    page.on('requestfailed', (request) => {
      // The profile avatar falls back to Gravatar, which this offline machine cannot reach.
      if (!request.url().startsWith('https://www.gravatar.com/'))
        consoleErrors.push(`failed: ${request.url()}`);
    });
    await page.setViewportSize({ width: 1400, height: 900 });
    admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('uploads a .glb on the model form and turns it around in the 3D view', async () => {
    await page.goto(`${platform.url}/dashboard/model/create`);
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/dashboard\/model\/create$/);
    await page.getByLabel('이름').fill('소파 모델 예시');
    const uploaded = page.waitForResponse(
      (r) => r.url().includes('/api/file?') && r.request().method() === 'POST',
    );
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: '소파.glb', mimeType: 'model/gltf-binary', buffer: glbBytes() });
    expect((await uploaded).status()).toBe(201);
    await waitUntil(page.getByRole('link', { name: '소파.glb' }));
    await page.getByRole('button', { name: '저장' }).click();
    await page.waitForURL(/\/dashboard\/model\/\d+\/show$/);
    await waitUntil(page.getByRole('img', { name: '소파.glb 3D 미리 보기' }));
    await waitUntil(page.getByText('끌어서 돌리고'));
    await screenshot(page, 'model-3d-1400');
    const id = Number(page.url().match(/model\/(\d+)\/show/)![1]);
    const saved = await platform.api.request('GET', `/api/model/${id}`, { token: admin });
    expect(saved.body.file).toMatchObject({ originalName: '소파.glb', contentType: 'model/gltf-binary' });
    expect(consoleErrors).toEqual([]);
  });

  it('refuses a text file renamed .glb with the Korean message, on the form', async () => {
    await page.goto(`${platform.url}/dashboard/model/create`);
    await waitUntil(page.getByLabel('이름'));
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: '가짜.glb', mimeType: 'model/gltf-binary', buffer: Buffer.from('텍스트') });
    await waitUntil(page.getByText('3D 모델은 GLB 파일만 올릴 수 있습니다.'));
  });

  it('shows a banner after sign-in, and not again that day after "오늘 하루 보지 않기"', async () => {
    const image = await uploadFile(
      platform,
      admin,
      { resource: 'system/popupbanner', field: 'image' },
      { bytes: PNG_BYTES, filename: 'banner.png', type: 'image/png' },
    );
    const banner = await platform.api.request('POST', '/api/system/popupbanner', {
      token: admin,
      body: { title: '봄맞이 인테리어 할인', image: { id: image.body.id }, position: 'Center', active: true },
    });
    expect(banner.status).toBe(201);
    await platform.createUser({
      email: 'banner@files.example',
      password: 'banner-password-1',
      roles: ['PersonalPro'],
    });

    // Another browser profile: the reader's own storage, apart from the Admin's.
    const readerBrowser = await launchBrowser();
    const reader = readerBrowser.context;
    const readerPage = await reader.newPage();
    try {
      await readerPage.goto(`${platform.url}/login`);
      await signInThroughForm(readerPage, 'banner@files.example', 'banner-password-1');
      const dialog = readerPage.getByRole('dialog', { name: '봄맞이 인테리어 할인' });
      await waitUntil(dialog);
      await screenshot(readerPage, 'popup-banner');
      await dialog.getByRole('button', { name: '오늘 하루 보지 않기' }).click();
      await waitUntil(dialog, 'detached');

      // A new tab the same day (the browser's storage is shared): still hidden.
      const second = await reader.newPage();
      const banners = second.waitForResponse((r) => r.url().includes('/api/popupbanner?'));
      await second.goto(`${platform.url}/dashboard/mydesign`);
      expect((await (await banners).json()).map((b: { title: string }) => b.title)).toEqual([
        '봄맞이 인테리어 할인',
      ]);
      await second.waitForLoadState('networkidle');
      expect(await second.getByRole('dialog', { name: '봄맞이 인테리어 할인' }).count()).toBe(0);

      // The next day (Korean midnight passed): shown again.
      await second.evaluate(
        `localStorage.setItem('popupbanner.hiddenUntil.${banner.body.id}', String(Date.now() - 1000))`,
      );
      const third = await reader.newPage();
      await third.goto(`${platform.url}/dashboard/mydesign`);
      await waitUntil(third.getByRole('dialog', { name: '봄맞이 인테리어 할인' }));
    } finally {
      await readerBrowser.close();
    }
  });
});
