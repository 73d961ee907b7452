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

describeInBrowser('the catalogue in the browser', () => {
  let platform: TestPlatform;
  let browser: LaunchedBrowser;
  let page: Page;
  let admin: string;

  beforeAll(async () => {
    platform = await startTestPlatform({ uiDir: UI_DIR });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1400, height: 900 });
    admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  const post = async (resource: string, body: Record<string, unknown>) =>
    (await platform.api.request('POST', `/api/${resource}`, { token: admin, body })).body as { id: number };

  it('moves a category under another by dragging it in the tree', async () => {
    const furniture = await post('category/product', { name: '가구' });
    await post('category/product', { name: '침대', parentId: furniture.id });
    const sofa = await post('category/product', { name: '소파' });
    await post('category/product', { name: '조명' });

    await page.goto(`${platform.url}/dashboard/category/product`);
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/dashboard\/category\/product$/);
    await page.getByText('모두 펼치기').click();
    await waitUntil(page.getByRole('link', { name: '침대' }));
    await screenshot(page, 'category-tree-1400');

    const handle = page.getByRole('button', { name: '소파 끌어서 옮기기' });
    const target = page.getByRole('link', { name: '가구' });
    const from = await handle.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('the tree rows are not on the screen');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // dnd-kit starts a drag after a few pixels of movement, then follows the pointer.
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(
        from.x + ((to.x + to.width / 2 - from.x) * step) / 10,
        from.y + ((to.y + to.height / 2 - from.y) * step) / 10,
      );
    }
    const saved = page.waitForResponse(
      (response) =>
        response.url().includes(`/api/category/product/${sofa.id}`) && response.request().method() === 'PUT',
    );
    await page.mouse.up();
    expect((await saved).status()).toBe(200);
    const moved = await platform.api.request('GET', `/api/category/product/${sofa.id}`, { token: admin });
    expect(moved.body.parentId).toBe(furniture.id);

    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'category-tree-390');
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  it('shows how many designs use a product in its delete confirmation, and 단종 as a badge in the list', async () => {
    const used = await post('product', {
      name: '쓰이는 소파',
      code: 'USED-1',
      kind: 'Single',
      price: 500_000,
      unit: 'EA',
      status: 'Active',
    });
    const design = await post('mydesign', { name: '소파 디자인' });
    const saved = await platform.api.request('PUT', `/api/design/${design.id}/document`, {
      token: admin,
      headers: { 'if-match': '"0"' },
      body: {
        version: 1,
        walls: [],
        openings: [],
        rooms: [],
        wallDrawings: [],
        items: [{ id: 'i1', productId: used.id, x: 0, y: 0, rotation: 0 }],
      },
    });
    expect(saved.status).toBe(200);
    const stopped = await platform.api.request('PUT', `/api/product/${used.id}`, {
      token: admin,
      body: { status: 'Discontinued' },
    });
    expect(stopped.status).toBe(200);

    await page.goto(`${platform.url}/dashboard/product`);
    await waitUntil(page.getByRole('row', { name: /쓰이는 소파/ }).getByText('단종'));
    await page.goto(`${platform.url}/dashboard/product/${used.id}/show`);
    await page.getByRole('button', { name: '삭제' }).click();
    await waitUntil(
      page
        .getByTestId('delete-usage')
        .getByText('디자인 1건과 진행 중인 견적 0건에서 사용하고 있어', { exact: false }),
    );
    await screenshot(page, 'catalogue-delete-usage-1400');
  });

  it('creates a product with a brand and a category chosen in autocomplete pickers', async () => {
    await post('brand', { name: '한샘 예시' });
    await page.goto(`${platform.url}/dashboard/product/create`);
    await page.getByLabel('이름').fill('패브릭 소파 예시');
    await page.getByLabel('코드').fill('SOFA-001');
    await page.getByLabel('구분').click();
    await page.getByRole('option', { name: '단품' }).click();
    await page.getByLabel('브랜드').fill('한샘');
    await page.getByRole('option', { name: '한샘 예시' }).click();
    await page.getByLabel('제품 카테고리').fill('소파');
    await page.getByRole('option', { name: '소파' }).click();
    await page.getByLabel('가격').fill('890000');
    await page.getByLabel('단위').click();
    await page.getByRole('option', { name: 'EA' }).click();
    await page.getByLabel('상태').click();
    await page.getByRole('option', { name: '판매중' }).click();
    await screenshot(page, 'product-create-1400');
    await page.getByRole('button', { name: '저장' }).click();
    await page.waitForURL(/\/dashboard\/product\/\d+\/show$/);
    await waitUntil(page.getByText('한샘 예시'));

    const listed = await platform.api.list('product', admin, { filter: { q: 'SOFA-001' } });
    expect(listed.body).toEqual([
      expect.objectContaining({ name: '패브릭 소파 예시', kind: 'Single', price: 890_000, unit: 'EA' }),
    ]);
    await page.goto(`${platform.url}/dashboard/product`);
    await waitUntil(page.getByRole('row', { name: /패브릭 소파 예시/ }));
    await screenshot(page, 'product-list-1400');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'product-list-390');
  });

  it('loads the sample catalogue from an empty material list, and the lists show it', async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${platform.url}/dashboard/material`);
    await page.getByRole('button', { name: '샘플 데이터 불러오기' }).click();
    await waitUntil(page.getByRole('row', { name: /강마루 오크 내추럴 예시/ }), 'visible', 120_000);
    await screenshot(page, 'material-list-1400');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'material-list-390');
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${platform.url}/dashboard/bom`);
    await page.getByRole('row', { name: /욕실 방수 예시/ }).click();
    await waitUntil(page.getByText('액체방수제'));
    await screenshot(page, 'bom-show-1400');
  });

  it('renders a notice’s Markdown as sanitized HTML on its page (the Markdown chunk loads on demand)', async () => {
    const notice = await post('system/notice', {
      title: '정기 점검 안내',
      category: 'General',
      body: '## 점검 시간\n\n**11월 30일 02:00–04:00** 동안 접속할 수 없습니다.\n\n<script>window.injected = 1</script>',
    });
    await page.goto(`${platform.url}/dashboard/notice/${notice.id}`);
    await waitUntil(page.getByRole('heading', { name: '점검 시간' }));
    expect(await page.locator('strong', { hasText: '11월 30일 02:00–04:00' }).count()).toBe(1);
    expect(await page.evaluate('window.injected')).toBeUndefined();
  });

  it('previews a BOM recipe on a base typed in, priced as an estimate prices it', async () => {
    const recipe = await post('bom', {
      name: '마루 시공 미리 보기',
      lines: [
        { trade: '바닥', kind: 'Labour', name: '마루 시공', unit: '㎡', quantity: 'area', unitPrice: 15_000 },
        {
          trade: '목공',
          kind: 'Material',
          name: '걸레받이 몰딩',
          unit: 'm',
          quantity: 'ceil(perimeter / 2.4) * 2.4',
          unitPrice: 3_500,
        },
      ],
    });
    await page.goto(`${platform.url}/dashboard/bom/${recipe.id}/show`);
    const preview = page.getByTestId('bom-preview');
    await preview.getByLabel('면적(㎡)').fill('10');
    // 10 ㎡ × 15,000 + ceil(14 / 2.4) × 2.4 = 14.4 m × 3,500
    await waitUntil(preview.getByTestId('bom-preview-total').getByText('200,400원'));
    await waitUntil(preview.getByText('14.4 m'));
    await preview.getByLabel('둘레(m)').fill('abc');
    await waitUntil(preview.getByText('둘레에 0 이상의 숫자를 넣어 주세요.'));
  });

  it('imports materials from a CSV: a preview with a row in error writes nothing, the fixed file imports all', async () => {
    const file = (rows: string[]) => ({
      name: '자재.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF이름,코드,용도,단위,단가,상태\r\n${rows.join('\r\n')}\r\n`),
    });
    await page.goto(`${platform.url}/dashboard/material`);
    await page.getByRole('button', { name: 'CSV 가져오기' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByLabel('CSV 파일')
      .setInputFiles(
        file([
          '가져온 타일 (CSV),CSV-TILE,바닥,㎡,"25,000",판매중',
          '가져온 벽지 (CSV),CSV-PAPER,벽,㎡,비쌈,판매중',
        ]),
      );
    await waitUntil(
      dialog.getByTestId('import-summary').getByText('2행 중 1행에 오류가 있습니다.', { exact: false }),
    );
    await waitUntil(
      dialog.getByTestId('import-row').filter({ hasText: 'CSV-PAPER' }).getByText('단가: 숫자가 아닙니다.'),
    );
    expect(await dialog.getByRole('button', { name: '가져오기' }).isDisabled()).toBe(true);
    await screenshot(page, 'csv-import-preview');

    await dialog
      .getByLabel('CSV 파일')
      .setInputFiles(
        file([
          '가져온 타일 (CSV),CSV-TILE,바닥,㎡,"25,000",판매중',
          '가져온 벽지 (CSV),CSV-PAPER,벽,㎡,12000,판매중',
        ]),
      );
    await waitUntil(
      dialog.getByTestId('import-summary').getByText('모두 가져올 수 있습니다', { exact: false }),
    );
    await dialog.getByRole('button', { name: '2개 가져오기' }).click();
    await waitUntil(page.getByText('2개를 가져왔습니다.'));
    const listed = await platform.api.list('material', admin, { filter: { q: 'CSV' }, range: [0, 9] });
    expect((listed.body as { code: string }[]).map((m) => m.code).sort()).toEqual(['CSV-PAPER', 'CSV-TILE']);
  });
});
