import { ORDER_NUMBER_PATTERN } from '@interior/contracts';
import type { Page } from 'playwright-core';
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
import { buildWorkedExample, type WorkedExample } from '../testing/worked-example';

const PASSWORD = 'estimate-password-1';

describeInBrowser('estimations in the browser', () => {
  let platform: TestPlatform;
  let browser: LaunchedBrowser;
  let example: WorkedExample;

  beforeAll(async () => {
    platform = await startTestPlatform({ uiDir: UI_DIR });
    const people: [string, string, 'BusinessPro' | 'DesignManager' | 'Designer'][] = [
      ['owner', '김민준', 'BusinessPro'],
      ['manager', '박관리', 'DesignManager'],
      ['designer', '이디자', 'Designer'],
    ];
    for (const [who, name, role] of people)
      await platform.createUser({
        email: `${who}@estimate-ui.example`,
        password: PASSWORD,
        roles: [role],
        name,
        accountType: role === 'Designer' ? 'Personal' : 'Business',
      });
    const admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
    const owner = (await platform.api.login('owner@estimate-ui.example', PASSWORD)).token;
    example = await buildWorkedExample(platform.api, { admin, owner }, '34평 거실 견적');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  const signIn = async (
    email: string,
    password = PASSWORD,
    viewport?: { width: number; height: number },
  ): Promise<Page> => {
    const page = await browser.context.newPage();
    if (viewport) await page.setViewportSize(viewport);
    await page.goto(`${platform.url}/login`);
    await signInThroughForm(page, email, password);
    await page.waitForURL(/\/dashboard\/mydesign$/);
    return page;
  };
  /** Picks a person in the assign dialog by a part of their name, and assigns them. */
  const assign = async (page: Page, button: string, name: string) => {
    await page
      .getByRole('row', { name: /34평 거실 견적/ })
      .getByRole('button', { name: button })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox').fill(name);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await dialog.getByRole('button', { name: '배정' }).click();
    await waitUntil(page.getByText(`${name} 님에게 배정했습니다.`));
  };

  it('goes from a request on the design to an issued 견적서, accepted as an order with its number', async () => {
    // The owner asks for an estimate on the design's 견적 tab.
    let page = await signIn('owner@estimate-ui.example');
    // The BOM tab shows what the design is made of and what it would cost now (not a quote).
    await page.goto(`${platform.url}/dashboard/mydesign/${example.designId}/bom`);
    await waitUntil(
      page.getByTestId('estimate-line').filter({ hasText: '실크벽지 (예시)' }).getByText('34.88'),
    );
    await waitUntil(page.getByTestId('total-total').getByText('3,902,800원'));
    await page.getByRole('tab', { name: '견적' }).click();
    await waitUntil(page.getByText('이 디자인에는 아직 견적이 없습니다.'));
    // The request is confirmed in a dialog that shows what is asked for, with a note.
    await page.getByRole('button', { name: '견적 요청…' }).click();
    const asked = page.getByRole('dialog');
    await waitUntil(asked.getByText('방 1개: 거실'));
    await waitUntil(asked.getByText('배치한 제품 2개'));
    await waitUntil(asked.getByText('예상 금액 (부가세 포함) 3,902,800원'));
    await asked.getByLabel('요청 메모 (선택)').fill('거실 위주로 봐 주세요');
    await asked.getByRole('button', { name: '이대로 견적 요청' }).click();
    await waitUntil(page.getByText('견적을 요청했습니다.'));
    // While it is open, the tab shows it instead of offering another request.
    await waitUntil(page.getByTestId('estimation-open'));
    const card = page.getByTestId('design-estimation');
    await waitUntil(card.getByText('요청됨'));
    await waitUntil(card.getByText('담당자를 배정하고 있습니다.', { exact: false }));
    await page.close();

    // The Admin assigns the partner's manager from the list of all estimations.
    page = await signIn(ADMIN.email, ADMIN.password);
    await page.goto(`${platform.url}/dashboard/estimation`);
    await waitUntil(page.getByRole('row', { name: /34평 거실 견적/ }).getByText('요청됨'));
    await assign(page, '매니저 배정', '박관리');
    await waitUntil(page.getByRole('row', { name: /34평 거실 견적/ }).getByText('박관리'));
    await page.close();

    // The manager hands it to a designer.
    page = await signIn('manager@estimate-ui.example');
    await page.goto(`${platform.url}/dashboard/design-manager/estimation`);
    await assign(page, '디자이너 배정', '이디자');
    await page.close();

    // The designer computes the draft in one click: the worked example's lines and totals.
    page = await signIn('designer@estimate-ui.example');
    await page.getByRole('menuitem', { name: '내 견적' }).click();
    await page
      .getByRole('row', { name: /34평 거실 견적/ })
      .getByRole('link')
      .click();
    await page.waitForURL(/\/dashboard\/estimation\/\d+$/);
    await page.getByRole('button', { name: '견적 계산' }).click();
    await waitUntil(page.getByText('디자인에서 견적 초안을 계산했습니다.'));
    const lines = page.getByTestId('estimate-line');
    await waitUntil(lines.filter({ hasText: '3인용 소파 (예시)' }));
    expect(await lines.count()).toBe(5);
    expect(await page.getByTestId('total-total').textContent()).toBe('3,902,800원');
    // Each line says where its quantity came from, read when asked for.
    const floor = lines.filter({ hasText: '강마루 (예시)' });
    await floor.getByRole('button', { name: /^출처 \d+건 보기$/ }).click();
    await waitUntil(floor.getByTestId('line-provenance').getByText('× (1 + 0.05)', { exact: false }));
    await screenshot(page, 'estimate-draft');

    // One price changed: the totals follow as the designer types, by the 견적서's own rule.
    await page.getByLabel('3인용 소파 (예시) 단가').fill('1100000');
    await waitUntil(page.getByTestId('total-total').getByText('3,667,400원'));
    expect(await page.getByTestId('total-rounding').textContent()).toBe('−545원');
    // Issuing cannot be undone: it asks first, naming the total; closing the question issues nothing.
    await page.getByRole('button', { name: '견적서 발행' }).click();
    const confirm = page.getByRole('dialog', { name: '견적서 발행' });
    await waitUntil(
      confirm.getByText('합계 3,667,400원 (부가가치세 포함)으로 1차 견적서를 발행합니다.', { exact: false }),
    );
    await confirm.getByRole('button', { name: '닫기' }).click();
    await waitUntil(confirm, 'hidden');
    await page.getByRole('button', { name: '견적서 발행' }).click();
    await confirm.getByRole('button', { name: '발행' }).click();
    await waitUntil(page.getByText('견적서를 발행했습니다. (리비전 1)'));
    await page.getByRole('tab', { name: '발행된 견적서' }).click();
    await waitUntil(page.getByTestId('quote-view').getByTestId('total-total').getByText('3,667,400원'));
    await page.close();

    // The requester reads the quote on the design and accepts it: an order with its number.
    page = await signIn('owner@estimate-ui.example');
    await page.goto(`${platform.url}/dashboard/mydesign/${example.designId}/estimates`);
    const quoted = page.getByTestId('design-estimation');
    await waitUntil(quoted.getByText('견적 발행'));
    await waitUntil(quoted.getByTestId('total-total').getByText('3,667,400원'));
    await screenshot(page, 'estimate-quote');
    await quoted.getByRole('button', { name: '견적 수락' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '수락하고 주문' }).click();
    await waitUntil(page.getByText('견적을 수락했습니다. 주문이 접수되었습니다.'));
    const order = quoted.getByTestId('order-number');
    await waitUntil(order);
    const orderNumber = (await order.locator('strong').textContent()) ?? '';
    expect(orderNumber).toMatch(ORDER_NUMBER_PATTERN);
    await waitUntil(quoted.getByText('주문됨'));
    // The requester reads who did what, in words.
    await quoted.getByRole('button', { name: '이력 보기' }).click();
    const historyRows = quoted.getByTestId('audit-row');
    await waitUntil(historyRows.filter({ hasText: '김민준님이 견적' }));
    // Each event's changes open from its row, in the values the screens show.
    let changes = '';
    for (const row of await historyRows.all()) {
      const open = row.getByRole('button', { name: '변경 내용' });
      // The request made the estimation: it opens the record as it began, not a change.
      if ((await open.count()) === 0 || (await row.textContent())?.includes('견적 요청을')) continue;
      await open.click();
      const shown = quoted
        .getByRole('table', { name: '항목별 변경' })
        .or(quoted.getByText('바뀐 항목이 없습니다.'));
      await waitUntil(shown);
      changes += (await shown.first().textContent()) ?? '';
      await open.click();
      await waitUntil(shown, 'detached');
    }
    expect(changes).toMatch(/ORD-/);
    expect(changes).toContain('합계 3,667,400원 (공급가액 3,334,000원, 부가가치세 333,400원)');
    await page.close();

    // The designer sees the order on the estimation, and its history says who did what.
    page = await signIn('designer@estimate-ui.example');
    await page.goto(`${platform.url}/dashboard/my-estimation`);
    await waitUntil(page.getByRole('row', { name: /34평 거실 견적/ }).getByText(orderNumber));
    await page
      .getByRole('row', { name: /34평 거실 견적/ })
      .getByRole('link')
      .click();
    await waitUntil(page.getByTestId('order-number').getByText(orderNumber, { exact: false }));
    await page.getByRole('tab', { name: '이력' }).click();
    await waitUntil(page.getByText('견적 요청'));
    await screenshot(page, 'estimate-order');
    expect(await seriousViolations(page)).toEqual([]);
    const estimationUrl = page.url();
    await page.close();

    // On a phone the page fits its width; the lines table scrolls inside its own box.
    page = await signIn('designer@estimate-ui.example', PASSWORD, { width: 390, height: 844 });
    await page.goto(estimationUrl);
    await waitUntil(page.getByTestId('estimate-line'));
    await screenshot(page, 'estimate-phone');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
