import { emptyDesignDocument } from '@interior/contracts';
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

describeInBrowser('designs in the browser', () => {
  let platform: TestPlatform;
  let browser: LaunchedBrowser;
  let page: Page;

  beforeAll(async () => {
    platform = await startTestPlatform({ uiDir: UI_DIR });
    await platform.createUser({
      email: 'owner@designs.example',
      password: 'design-password-1',
      roles: ['BusinessPro'],
      name: '김민준',
    });
    await platform.createUser({
      email: 'colleague@designs.example',
      password: 'design-password-1',
      roles: ['BusinessPro'],
      name: '이서연',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  const signInAs = async (email: string) => {
    page = await browser.context.newPage();
    await page.goto(`${platform.url}/login`);
    await signInThroughForm(page, email, 'design-password-1');
    await page.waitForURL(/\/dashboard\/mydesign$/);
  };

  it('creates a design, shares it, gets a comment from the colleague, trashes and restores it', async () => {
    await signInAs('owner@designs.example');
    await waitUntil(page.getByText('아직 디자인이 없습니다. 새 디자인을 만들어 보세요.'));
    await page.getByRole('button', { name: '새 디자인' }).click();
    await page.getByLabel('디자인 이름').fill('34평 아파트');
    await page.getByRole('button', { name: '확인' }).click();
    // A new design opens in the editor at once; back on the list, it is there.
    await page.waitForURL(/\/designer\/\d+$/);
    await page.goBack();
    await page.waitForURL(/\/dashboard\/mydesign$/);
    const card = page.getByTestId('design-card').filter({ hasText: '34평 아파트' });
    await waitUntil(card);
    await waitUntil(card.getByRole('img', { name: '34평 아파트 도면' }));
    await screenshot(page, 'mydesign-cards');

    await card.getByRole('link').first().click();
    await page.waitForURL(/\/dashboard\/mydesign\/\d+\/overview$/);
    const designUrl = page.url().replace(/\/overview$/, '');
    await page.getByRole('tab', { name: '권한' }).click();
    await page.getByLabel('공유할 이메일').fill('colleague@designs.example');
    await page.getByRole('button', { name: '공유' }).click();
    await waitUntil(page.getByText('공유했습니다. 안내 메일을 보냅니다.'));
    await page.close();

    await signInAs('colleague@designs.example');
    // The share reaches the colleague in the background once they sign in: look again until it has.
    // Each look waits for the list's answer (the card, or that there is none yet).
    const shared = page.getByTestId('design-card').filter({ hasText: '34평 아파트' });
    const none = page.getByText('공유받은 디자인이 없습니다.');
    for (let attempt = 0; ; attempt++) {
      await page.goto(`${platform.url}/dashboard/shared`);
      await waitUntil(shared.or(none));
      if ((await shared.count()) > 0) break;
      if (attempt === 9) {
        await screenshot(page, 'shared-never-arrived');
        throw new Error('the shared design did not reach the colleague');
      }
    }
    await page.goto(`${designUrl}/comments`);
    await waitUntil(page.getByText('아직 댓글이 없습니다.'));
    await page.getByLabel('댓글').fill('거실 창이 넓어서 좋네요');
    await page.getByRole('button', { name: '등록' }).click();
    await waitUntil(page.getByTestId('comment').filter({ hasText: '거실 창이 넓어서 좋네요' }));
    await page.close();

    await signInAs('owner@designs.example');
    await page.goto(`${designUrl}/comments`);
    const comment = page.getByTestId('comment').filter({ hasText: '거실 창이 넓어서 좋네요' });
    await waitUntil(comment);
    expect(await comment.getByText('이서연').count()).toBe(1);
    await page.getByRole('tab', { name: '이력' }).click();
    // The design's 이력 is every record's: the audit log's sentences, each opening what it changed.
    const shareRow = page
      .getByTestId('audit-row')
      .filter({ hasText: '김민준님이 디자인 ‘34평 아파트’에서 공유를 했습니다.' });
    await waitUntil(shareRow);
    await shareRow.getByRole('button', { name: '변경 내용' }).click();
    await waitUntil(
      page.getByRole('table', { name: '항목별 변경' }).or(page.getByText('바뀐 항목이 없습니다.')),
    );
    await waitUntil(page.getByRole('link', { name: '감사 작업대에서 보기' }));
    await screenshot(page, 'design-log');

    await page.goto(`${platform.url}/dashboard/mydesign`);
    const mine = page.getByTestId('design-card').filter({ hasText: '34평 아파트' });
    await mine.getByRole('button', { name: '휴지통' }).click();
    await waitUntil(page.getByText('휴지통으로 옮겼습니다.'));
    await waitUntil(page.getByText('아직 디자인이 없습니다. 새 디자인을 만들어 보세요.'));

    await page.goto(`${platform.url}/dashboard/trash`);
    const row = page.getByRole('row', { name: /34평 아파트/ });
    await row.getByRole('button', { name: '복원' }).click();
    await waitUntil(page.getByText('디자인을 복원했습니다.'));
    await waitUntil(page.getByText('휴지통이 비어 있습니다.'));
    await page.goto(`${platform.url}/dashboard/mydesign`);
    await waitUntil(page.getByTestId('design-card').filter({ hasText: '34평 아파트' }));
  });

  it('starts a design from a plan template inside a folder, then renames and moves the folder', async () => {
    const admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
    const square = (size: number, dx = 0) => [
      { x: dx, y: 0 },
      { x: dx + size, y: 0 },
      { x: dx + size, y: size },
      { x: dx, y: size },
    ];
    const document = {
      ...emptyDesignDocument(),
      rooms: [
        { id: 'living', name: '거실', polygon: square(4000), ceilingHeight: 2400 },
        { id: 'bed', name: '침실', polygon: square(3000, 5000), ceilingHeight: 2400 },
      ],
    };
    const plan = await platform.api.request('POST', '/api/plan', {
      token: admin,
      body: { name: '24평 예시 평면', document },
    });
    expect(plan.status).toBe(201);

    // Whoever the last test left signed in signs out first: this test signs in on its own.
    await page.evaluate('localStorage.clear(); sessionStorage.clear()');
    await page.close();
    await signInAs('owner@designs.example');
    const folders = page.getByRole('navigation', { name: '폴더' });
    for (const name of ['현장 A', '2026년']) {
      await page.getByRole('button', { name: '새 폴더' }).click();
      await page.getByRole('dialog').getByRole('textbox', { name: '폴더 이름' }).fill(name);
      await page.getByRole('button', { name: '확인' }).click();
      await waitUntil(folders.getByText(name));
    }
    await folders.getByText('현장 A').click();
    await page.getByRole('button', { name: '새 디자인' }).click();
    await page.getByLabel('디자인 이름').fill('평면도로 시작한 디자인');
    await page.getByLabel('평면도에서 시작').click();
    await page.getByRole('option', { name: '24평 예시 평면' }).click();
    await page.getByRole('button', { name: '확인' }).click();
    await page.waitForURL(/\/designer\/\d+$/);
    await page.goBack();
    const card = page.getByTestId('design-card').filter({ hasText: '평면도로 시작한 디자인' });
    await waitUntil(card);
    await screenshot(page, 'mydesign-from-plan');

    const owner = (await platform.api.login('owner@designs.example', 'design-password-1')).token;
    const listed = await platform.api.list('mydesign', owner, { filter: { q: '평면도로 시작한' } });
    const design = listed.body[0] as { id: number; planId: number; folderId: number; roomCount: number };
    expect(design).toMatchObject({ planId: plan.body.id, roomCount: 2 });
    const saved = await platform.api.request('GET', `/api/design/${design.id}/document`, { token: owner });
    expect(saved.body).toEqual(document);

    await page.getByRole('button', { name: '폴더 이름 바꾸기' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: '폴더 이름' }).fill('현장 A (잠실)');
    await page.getByRole('button', { name: '확인' }).click();
    await waitUntil(folders.getByText('현장 A (잠실)'));
    await page.getByRole('button', { name: '폴더 옮기기' }).click();
    await page.getByLabel('옮길 위치').click();
    await page.getByRole('option', { name: '2026년' }).click();
    await page.getByRole('button', { name: '옮기기' }).click();
    await waitUntil(page.getByText('폴더를 옮겼습니다.'));
    const rows = (await platform.api.list('designfolder', owner, { range: [0, 99] })).body as {
      id: number;
      name: string;
      parentId: number | null;
    }[];
    const parent = rows.find((f) => f.name === '2026년')!;
    expect(rows.find((f) => f.name === '현장 A (잠실)')).toMatchObject({ parentId: parent.id });
    expect(rows.find((f) => f.name === '현장 A (잠실)')!.id).toBe(design.folderId);
    await page.close();
  });

  it('searches, sorts and pages 내 디자인 with the exact total, as cards and as a table', async () => {
    await platform.createUser({
      email: 'many@designs.example',
      password: 'design-password-1',
      roles: ['BusinessPro'],
      name: '박지훈',
    });
    const token = (await platform.api.login('many@designs.example', 'design-password-1')).token;
    const names = [
      ...Array.from({ length: 29 }, (_, i) => `디자인 ${String(i + 1).padStart(2, '0')}`),
      '가나 서재',
    ];
    for (const name of names) {
      const created = await platform.api.request('POST', '/api/mydesign', { token, body: { name } });
      expect(created.status).toBe(201);
    }
    // Whoever an earlier test left signed in signs out first (the tabs share their storage).
    const blank = await browser.context.newPage();
    await blank.goto(`${platform.url}/login`);
    await blank.evaluate('localStorage.clear(); sessionStorage.clear()');
    await blank.close();
    await signInAs('many@designs.example');
    const cards = page.getByTestId('design-card');
    // 25 to a page, with the exact total.
    await waitUntil(page.getByText('1-25 / 전체 30'));
    expect(await cards.count()).toBe(25);
    await page.getByRole('button', { name: '다음 페이지로 이동' }).click();
    await waitUntil(page.getByText('26-30 / 전체 30'));
    // The previous page's cards stay until the next page's have come.
    await waitUntil(cards.nth(5), 'detached');
    expect(await cards.count()).toBe(5);

    await page.getByLabel('정렬').click();
    await page.getByRole('option', { name: '이름순' }).click();
    // A new order starts again from the first page.
    await waitUntil(page.getByText('1-25 / 전체 30'));
    await waitUntil(cards.first().filter({ hasText: '가나 서재' }));
    expect(page.url()).toContain('name');

    await page.getByRole('textbox', { name: '검색' }).fill('서재');
    await waitUntil(page.getByText('1-1 / 전체 1'));
    await waitUntil(cards.nth(1), 'detached');
    expect(await cards.count()).toBe(1);
    await page.getByRole('textbox', { name: '검색' }).fill('없는 이름');
    await waitUntil(page.getByText('조건에 맞는 디자인이 없습니다.'));
    await page.getByRole('textbox', { name: '검색' }).fill('');
    await waitUntil(page.getByText('1-25 / 전체 30'));

    await page.getByRole('button', { name: '표로 보기' }).click();
    await waitUntil(page.getByRole('row', { name: /디자인 01/ }));
    expect(await cards.count()).toBe(0);
    await screenshot(page, 'mydesign-table');
    // The choice of view is kept: the next visit opens the table again.
    await page.reload();
    await waitUntil(page.getByRole('row', { name: /디자인 01/ }));
    await page.getByRole('button', { name: '카드로 보기' }).click();
    await waitUntil(cards.first());
    await page.close();
  });
});
