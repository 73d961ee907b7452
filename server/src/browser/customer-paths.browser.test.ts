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
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { PNG_BYTES, uploadFile } from '../testing/sample-files';

/**
 * The ways into the product a customer takes: the landing page (pictures of the product, the plans
 * and prices of the plan catalogue, sign-up), the notices of what needs a paid plan and their way
 * to /subscription, the plans page marking one's plan and changing it, and the 카탈로그 page that
 * replaces the catalogue's administration screens in a customer's menu.
 */

jest.setTimeout(120_000);

const PASSWORD = 'paths password 1';
type Body = Record<string, unknown>;

describeInBrowser('the customer’s paths', () => {
  let platform: TestPlatform;
  let browser: LaunchedBrowser;
  let admin: string;
  const plans: Record<string, number> = {};

  const post = async (resource: string, body: Body) => {
    const created = await platform.api.request<Body>('POST', `/api/${resource}`, { token: admin, body });
    expect([resource, created.status]).toEqual([resource, 201]);
    return created.body.id as number;
  };

  /** A PersonalFree user, subscribed to 개인 프로 monthly with the sandbox's test card. */
  const subscribedUser = async (email: string) => {
    await platform.createUser({ email, password: PASSWORD, name: '구독자', roles: ['PersonalFree'] });
    const token = (await platform.api.login(email, PASSWORD)).token;
    const checkout = await platform.api.request<Body>('POST', '/api/subscription/checkout', {
      token,
      body: { planId: plans.PersonalPro, period: 'Monthly' },
    });
    const customerKey = checkout.body.customerKey as string;
    const card = await platform.api.request<Body>('POST', '/api/billing/sandbox/card', {
      token,
      body: { cardNumber: '4242424242424242', customerKey },
    });
    const subscribed = await platform.api.request('POST', '/api/subscription', {
      token,
      body: { planId: plans.PersonalPro, period: 'Monthly', authKey: card.body.authKey, customerKey },
    });
    expect(subscribed.status).toBe(201);
  };

  /**
   * Runs `use` in a browser of its own signed in as `email` (tabs of one browser hand their session
   * to each other), with a screenshot when it fails.
   */
  const asUser = async (email: string, name: string, use: (page: Page) => Promise<void>) => {
    const own = await launchBrowser();
    const page = await own.context.newPage();
    try {
      await page.setViewportSize({ width: 1400, height: 900 });
      await page.goto(`${platform.url}/login`);
      await signInThroughForm(page, email, PASSWORD);
      await page.waitForURL(/\/dashboard\/mydesign$/);
      await use(page);
    } catch (error) {
      await screenshot(page, `${name}-failed`);
      throw error;
    } finally {
      await own.close();
    }
  };

  beforeAll(async () => {
    platform = await startTestPlatform({ uiDir: UI_DIR });
    admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
    for (const plan of (await platform.api.request<Body[]>('GET', '/api/subscription-plan')).body)
      plans[plan.code as string] = plan.id as number;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('shows on the landing page pictures of the product, the plans at their catalogue prices, and sign-up', async () => {
    // The price comes from the plan catalogue: a change there shows here.
    const changed = await platform.api.request('PUT', `/api/subscription-plan/${plans.BusinessPro}`, {
      token: admin,
      body: { monthlyPrice: 51_000 },
    });
    expect(changed.status).toBe(200);
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${platform.url}/`);
    const plansSection = page.getByRole('region', { name: '구독 상품' });
    await waitUntil(plansSection.getByRole('region', { name: '개인 프로' }).getByText('14,900원'));
    await waitUntil(plansSection.getByRole('region', { name: '비즈니스 프로' }).getByText('51,000원'));
    expect(await plansSection.getByTestId('plan-card').count()).toBe(3);
    // Three pictures of the product itself, each loaded.
    const features = page.getByRole('region', { name: '주요 기능' });
    for (const alt of ['디자인 편집기의 평면도', '같은 디자인의 3D 보기', '발행된 견적서']) {
      const image = features.getByRole('img', { name: new RegExp(alt) });
      await image.scrollIntoViewIfNeeded();
      let width = 0;
      for (let tries = 0; tries < 100 && width === 0; tries++) {
        width = await image.evaluate((img: { complete: boolean; naturalWidth: number }) =>
          img.complete ? img.naturalWidth : 0,
        );
        if (width === 0) await page.waitForTimeout(50);
      }
      expect([alt, width > 0]).toEqual([alt, true]);
    }
    await screenshot(page, 'landing-1400');
    await plansSection.getByRole('link', { name: '개인 프로 자세히 보기' }).click();
    await page.waitForURL(/\/subscription$/);
    await page.goto(`${platform.url}/`);
    await page.getByRole('link', { name: '회원가입' }).click();
    await page.waitForURL(/\/signup-options$/);
    await page.close();
  });

  it('gives a free user the way to the plans with every notice that needs one', async () => {
    await platform.createUser({ email: 'free@paths.example', password: PASSWORD, roles: ['PersonalFree'] });
    const token = (await platform.api.login('free@paths.example', PASSWORD)).token;
    const design = await platform.api.request<Body>('POST', '/api/mydesign', {
      token,
      body: { name: '무료 디자인' },
    });
    await asUser('free@paths.example', 'paid-plan-notices', async (page) => {
      // Inline, on the design's 견적 tab and on its sharing tab.
      for (const tab of ['estimates', 'permissions']) {
        await page.goto(`${platform.url}/dashboard/mydesign/${design.body.id}/${tab}`);
        const notice = page.getByTestId('paid-plan-notice');
        await waitUntil(notice);
        expect(await notice.getByRole('link', { name: '구독 상품 보기' }).getAttribute('href')).toBe(
          '/subscription',
        );
      }
      await page.getByTestId('paid-plan-notice').getByRole('link', { name: '구독 상품 보기' }).click();
      await page.waitForURL(/\/subscription$/);
      // As a toast of the server's refusal, where the editor asks for an estimate.
      await page.goto(`${platform.url}/designer/${design.body.id}`);
      await waitUntil(page.getByTestId('plan-canvas'));
      await page.getByRole('button', { name: '견적 요청' }).click();
      const toast = page
        .locator('.notistack-SnackbarContainer')
        .filter({ hasText: messages.estimationFreePlanRefused });
      await waitUntil(toast);
      expect(await toast.getByRole('link', { name: '구독 상품 보기' }).getAttribute('href')).toBe(
        '/subscription',
      );
    });
  });

  it('marks a subscriber’s plan on /subscription and changes it from the next period', async () => {
    await subscribedUser('pro@paths.example');
    await asUser('pro@paths.example', 'subscription-current', async (page) => {
      await page.goto(`${platform.url}/subscription`);
      const mine = page.getByRole('region', { name: '개인 프로' });
      await waitUntil(mine.getByText('이용 중', { exact: true }));
      expect(await mine.getByRole('button', { name: '이용 중인 상품' }).isDisabled()).toBe(true);
      expect(await page.getByText('이용 중', { exact: true }).count()).toBe(1);
      await page.getByRole('button', { name: '연간 결제' }).click();
      await mine.getByRole('button', { name: '개인 프로 연간으로 변경' }).click();
      const dialog = page.getByRole('dialog', { name: '구독 상품 변경' });
      await waitUntil(dialog.getByText('149,000원', { exact: false }));
      await dialog.getByRole('button', { name: '변경' }).click();
      await waitUntil(page.getByText('다음 결제 기간부터 개인 프로(연간)으로 바뀝니다.', { exact: false }));
      await waitUntil(mine.getByText('다음 기간부터 적용'));
      expect(await mine.getByRole('button', { name: '변경 예정' }).isDisabled()).toBe(true);
      await screenshot(page, 'subscription-current-plan');
    });
  });

  it('gives a customer one read-only 카탈로그 to browse and filter, in place of the administration screens', async () => {
    const brand = await post('brand', { name: '한샘 예시' });
    const other = await post('brand', { name: '일룸 예시' });
    const sofas = await post('category/product', { name: '소파 예시' });
    const beds = await post('category/product', { name: '침대 예시' });
    const product = (name: string, code: string, price: number, brandId: number, categoryId: number) =>
      post('product', {
        name,
        code,
        kind: 'Single',
        price,
        unit: 'EA',
        brandId,
        categoryId,
        status: 'Active',
      });
    await product('패브릭 3인 소파 예시', 'P-SOF-1', 1_290_000, brand, sofas);
    await product('2인 소파 컴팩트 예시', 'P-SOF-2', 790_000, brand, sofas);
    await product('퀸 침대 프레임 예시', 'P-BED-1', 890_000, other, beds);
    const stopped = await product('단종 소파 예시', 'P-SOF-3', 990_000, brand, sofas);
    const discontinued = await platform.api.request('PUT', `/api/product/${stopped}`, {
      token: admin,
      body: { status: 'Discontinued' },
    });
    expect(discontinued.status).toBe(200);
    const texture = await uploadFile(
      platform,
      admin,
      { resource: 'material', field: 'texture' },
      { bytes: PNG_BYTES, filename: '오크.png', type: 'image/png' },
    );
    await post('material', {
      name: '강마루 오크 예시',
      code: 'M-FLR-1',
      unit: '㎡',
      price: 42_000,
      spec: '1200×190×7.5T',
      usage: ['Floor'],
      texture: { id: texture.body.id },
      status: 'Active',
    });

    await platform.createUser({
      email: 'customer@paths.example',
      password: PASSWORD,
      roles: ['PersonalPro'],
    });
    await asUser('customer@paths.example', 'customer-catalogue', async (page) => {
      const menu = page.locator('.RaSidebar-fixed');
      await waitUntil(menu.getByRole('menuitem', { name: '카탈로그' }));
      for (const hidden of ['제품', '자재 명세서(BOM)', '모델', '제품 카테고리', 'BOM 상수'])
        expect([hidden, await menu.getByRole('menuitem', { name: hidden, exact: true }).count()]).toEqual([
          hidden,
          0,
        ]);
      await menu.getByRole('menuitem', { name: '카탈로그' }).click();
      await page.waitForURL(/\/dashboard\/catalogue$/);

      const names = async (expected: string[]) => {
        const items = page.getByTestId('catalogue-item').getByRole('heading');
        let seen: string[] = [];
        for (let tries = 0; tries < 100; tries++) {
          seen = (await items.allTextContents()).sort();
          if (JSON.stringify(seen) === JSON.stringify([...expected].sort())) break;
          await page.waitForTimeout(100);
        }
        return seen;
      };
      // On sale only: the 단종 sofa is not there.
      const all = ['2인 소파 컴팩트 예시', '퀸 침대 프레임 예시', '패브릭 3인 소파 예시'];
      expect(await names(all)).toEqual(all);
      await waitUntil(
        page.getByTestId('catalogue-item').filter({ hasText: '퀸 침대 프레임 예시' }).getByText('일룸 예시'),
      );
      await waitUntil(
        page
          .getByTestId('catalogue-item')
          .filter({ hasText: '패브릭 3인 소파 예시' })
          .getByText('1,290,000원'),
      );
      // Search, brand, category and price range.
      await page.getByLabel('검색').fill('소파');
      expect(await names(['2인 소파 컴팩트 예시', '패브릭 3인 소파 예시'])).toEqual([
        '2인 소파 컴팩트 예시',
        '패브릭 3인 소파 예시',
      ]);
      await page.getByLabel('가격 이하').fill('1000000');
      expect(await names(['2인 소파 컴팩트 예시'])).toEqual(['2인 소파 컴팩트 예시']);
      await page.getByLabel('검색').fill('');
      await page.getByLabel('가격 이하').fill('');
      expect(await names(all)).toEqual(all);
      await page.getByLabel('제품 카테고리').fill('침대');
      await page.getByRole('option', { name: '침대 예시' }).click();
      expect(await names(['퀸 침대 프레임 예시'])).toEqual(['퀸 침대 프레임 예시']);
      await page.getByLabel('브랜드').fill('한샘');
      await page.getByRole('option', { name: '한샘 예시' }).click();
      expect(await names([])).toEqual([]);
      await waitUntil(page.getByText('조건에 맞는 제품이(가) 없습니다.'));
      // Materials, with their texture as the picture; nothing to change anywhere.
      await page.getByRole('tab', { name: '자재' }).click();
      expect(await names(['강마루 오크 예시'])).toEqual(['강마루 오크 예시']);
      const card = page.getByTestId('catalogue-item').filter({ hasText: '강마루 오크 예시' });
      await waitUntil(card.getByText('1200×190×7.5T'));
      await waitUntil(card.getByText('용도: 바닥'));
      await waitUntil(card.getByRole('img', { name: '강마루 오크 예시' }));
      expect(await page.getByRole('button', { name: /등록|수정|삭제|내보내기/ }).count()).toBe(0);
      await screenshot(page, 'customer-catalogue');
    });
  });
});
