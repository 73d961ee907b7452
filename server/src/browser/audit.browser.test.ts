import fs from 'node:fs';
import type { Page, Route } from 'playwright-core';
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
import { recordLog } from '../testing/record-history';
import { buildWorkedExample } from '../testing/worked-example';

const PASSWORD = 'audit-ui-password-1';

/**
 * The auditor's workbench: the log filtered by who and what, a record as it was, a draft's edit
 * line by line, a replay stepped with the arrow keys, and the filtered log exported.
 */
describeInBrowser('the auditor’s workbench in the browser', () => {
  let platform: TestPlatform;
  let browser: LaunchedBrowser;
  let page: Page;
  let estimationId: number;
  let designId: number;
  let designerId: number;
  let adminToken: string;
  /** The revisions of the estimation: the computed draft, the first and the second edit. */
  const revisions: Record<'computed' | 'raised' | 'cut', number> = { computed: 0, raised: 0, cut: 0 };

  beforeAll(async () => {
    platform = await startTestPlatform({ uiDir: UI_DIR });
    const ids: Record<string, number> = {};
    const tokens: Record<string, string> = {};
    const people: [string, string, 'BusinessPro' | 'DesignManager' | 'Designer'][] = [
      ['owner', '김민준', 'BusinessPro'],
      ['manager', '박관리', 'DesignManager'],
      ['designer', '이디자', 'Designer'],
    ];
    for (const [who, name, role] of people) {
      const email = `${who}@audit-ui.example`;
      ids[who] = await platform.createUser({ email, password: PASSWORD, roles: [role], name });
      tokens[who] = (await platform.api.login(email, PASSWORD)).token;
    }
    const admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
    designId = (await buildWorkedExample(platform.api, { admin, owner: tokens.owner! }, '감사 거실'))
      .designId;
    designerId = ids.designer!;
    const created = await platform.api.request('POST', `/api/design/${designId}/estimation`, {
      token: tokens.owner,
      body: { note: '거실 위주' },
    });
    estimationId = created.body.id as number;
    const act = (who: string, step: string, body: unknown = {}) =>
      platform.api.request('POST', `/api/estimation/${estimationId}/${step}`, { token: tokens[who]!, body });
    tokens.admin = admin;
    adminToken = admin;
    const assigned = await act('admin', 'assign', { managerId: ids.manager, designerId: ids.designer });
    if (assigned.status !== 200) throw new Error(JSON.stringify(assigned.body));
    const computed = await act('designer', 'draft');
    if (computed.status !== 200) throw new Error(JSON.stringify(computed.body));
    // The designer prices the sofa at 1,290,000원, then cuts it to 1,190,000원.
    let etag = computed.headers.get('etag')!;
    for (const unitPrice of [1_290_000, 1_190_000]) {
      const lines = computed.body.lines.map((line: { name: string }) =>
        line.name === '3인용 소파 (예시)' ? { ...line, unitPrice } : line,
      );
      const edited = await platform.api.request('PUT', `/api/estimation/${estimationId}/draft`, {
        token: tokens.designer,
        body: { lines },
        headers: { 'if-match': etag },
      });
      if (edited.status !== 200) throw new Error(JSON.stringify(edited.body));
      etag = edited.headers.get('etag')!;
    }
    const history = (await recordLog(platform.api, admin, `Estimation/${estimationId}`)).rows;
    const edits = history.filter((entry) => entry.type === 'EstimationDraftEdited');
    revisions.computed = history.find((entry) => entry.type === 'EstimationDraftComputed')!.revision!;
    revisions.raised = edits[0]!.revision!;
    revisions.cut = edits[1]!.revision!;

    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.goto(`${platform.url}/login`);
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/dashboard\/mydesign$/);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('filters the log by actor and record type, each row one sentence', async () => {
    await page.getByRole('menuitem', { name: '감사 로그' }).click();
    const log = page.getByRole('table', { name: '감사 로그' });
    await waitUntil(log);
    await page.getByLabel('사용자 (이름 또는 이메일)').fill('이디자');
    await page.getByRole('option', { name: /이디자/ }).click();
    await page.getByLabel('대상 종류').click();
    await page.getByRole('option', { name: '견적', exact: true }).click();
    // Every row left is the designer's, on an estimation: the draft and its two edits.
    const rows = log.getByTestId('audit-row');
    // The rows change as each filter applies: wait until the list is the filtered one.
    const designersEstimationRows = async () => {
      const texts = await rows.allTextContents();
      return texts.length === 3 && texts.every((text) => text.includes('이디자님이 견적'));
    };
    for (const deadline = Date.now() + 10_000; !(await designersEstimationRows()); ) {
      if (Date.now() > deadline) break;
      await page.waitForTimeout(100);
    }
    const texts = await rows.allTextContents();
    expect(texts).toHaveLength(3);
    expect(texts.filter((text) => text.includes('초안 수정'))).toHaveLength(2);
    for (const text of texts) expect(text).not.toMatch(/#\d|Estimation/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'audit-log-filtered');

    // A row leads to the record's history in the workbench.
    await rows.first().getByRole('link', { name: '이력' }).click();
    await page.waitForURL(new RegExp(`/dashboard/audit/Estimation/${estimationId}$`));
    await waitUntil(
      page.getByRole('table', { name: '변경 이력' }).getByText('담당자 배정', { exact: false }),
    );
  });

  it('opens the estimation as it was at an earlier revision, with its lines and totals', async () => {
    await page.goto(
      `${platform.url}/dashboard/audit/Estimation/${estimationId}/asof?revision=${revisions.raised}`,
    );
    const state = page.getByTestId('record-state');
    await waitUntil(
      state.getByTestId('estimate-line').filter({ hasText: '3인용 소파 (예시)' }).getByText('1,290,000원'),
    );
    await waitUntil(page.getByTestId('state-caption').getByText(`리비전 ${revisions.raised}`));
    await waitUntil(state.getByText('담당 매니저'));
    await waitUntil(state.getByText('박관리'));
    await screenshot(page, 'audit-as-of');
  });

  it('opens a design as it was with its plan drawing, and a record’s 이력 tab leads to the workbench', async () => {
    await page.goto(`${platform.url}/dashboard/audit/Design/${designId}/asof?revision=0`);
    await waitUntil(page.getByTestId('state-caption').getByText('리비전 0'));
    await waitUntil(page.getByRole('img', { name: '감사 거실 리비전 0 평면도' }));
    await page.getByRole('slider').focus();
    await page.keyboard.press('ArrowRight');
    await waitUntil(page.getByRole('img', { name: '감사 거실 리비전 1 평면도' }));
    await screenshot(page, 'audit-design-as-of');

    await page.goto(`${platform.url}/dashboard/user/${designerId}/show/history`);
    await page.getByRole('link', { name: '감사 작업대에서 보기' }).click();
    await page.waitForURL(new RegExp(`/dashboard/audit/User/${designerId}$`));
    await waitUntil(
      page.getByRole('table', { name: '변경 이력' }).getByText('사용자 ‘이디자’', { exact: false }),
    );
  });

  it('pages a record’s 이력 tab in the log’s sentences, with its diffs, people by name', async () => {
    // Three rows a page, so the estimation's few events take several: the real cursor, a short page.
    const pageSize = async (route: Route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('range', '[0,2]');
      await route.continue({ url: url.toString() });
    };
    await page.route('**/api/history/Estimation/*/log?*', pageSize);
    await page.goto(`${platform.url}/dashboard/estimation/${estimationId}`);
    await page.getByRole('tab', { name: '이력' }).click();
    const table = page.getByRole('table', { name: '변경 이력' });
    const rows = table.getByTestId('audit-row');
    await waitUntil(rows.nth(2));
    expect(await rows.count()).toBe(3);
    // Newest first: the designer's last edit, told as the audit log tells it.
    expect(await rows.first().textContent()).toMatch(
      /이디자님이 견적 EST-\d{8}-\d{4}에서 초안 수정을 했습니다\./,
    );
    const more = page.getByRole('button', { name: '더 보기' });
    for (let pages = 1; await more.isVisible(); pages++) {
      await more.click();
      // The next page's first row: a page is asked for only while one follows.
      await waitUntil(rows.nth(pages * 3));
    }
    // Every row of the record's log, once: as many as the log filtered by the record holds.
    const all = await platform.api.request(
      'GET',
      `/api/audit?${new URLSearchParams({
        filter: JSON.stringify({ objectType: 'Estimation', objectId: estimationId }),
        range: '[0,99]',
      })}`,
      { token: adminToken },
    );
    expect(await rows.count()).toBe(all.body.length);
    expect(all.body.length).toBeGreaterThanOrEqual(revisions.cut + 1);
    const shown = await rows.allTextContents();
    expect(shown.some((text) => text.includes('김민준님이 견적'))).toBe(true);
    for (const text of shown) expect(text).not.toMatch(/#\d/);
    // Each row opens what it changed: the draft line by line, the people assigned by name.
    await rows.first().getByRole('button', { name: '변경 내용' }).click();
    await waitUntil(
      page
        .getByTestId('line-change')
        .filter({ hasText: '3인용 소파 (예시)' })
        .getByText('단가 1,290,000원 → 1,190,000원', { exact: false }),
    );
    await rows.filter({ hasText: '담당자 배정' }).getByRole('button', { name: '변경 내용' }).click();
    await waitUntil(
      page.getByTestId('field-change').filter({ hasText: '담당 디자이너' }).getByText('이디자'),
    );
    await waitUntil(page.getByTestId('field-change').filter({ hasText: '담당 매니저' }).getByText('박관리'));
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'estimation-history-tab');
    await page.unroute('**/api/history/Estimation/*/log?*', pageSize);
  });

  it('shows the edit of a draft line by line', async () => {
    await page.goto(`${platform.url}/dashboard/audit/Estimation/${estimationId}/diff`);
    const change = page.getByTestId('line-change').filter({ hasText: '3인용 소파 (예시)' });
    await waitUntil(change.getByText('단가 1,290,000원 → 1,190,000원', { exact: false }));
    expect(await change.textContent()).toContain('변경');
    await waitUntil(page.getByTestId('field-change').filter({ hasText: '금액' }));
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'audit-diff');
  });

  it('replays the stream with the arrow keys', async () => {
    await page.goto(`${platform.url}/dashboard/audit/Estimation/${estimationId}/replay?revision=0`);
    const step = page.getByTestId('replay-step');
    await waitUntil(step.getByText(`1 / ${revisions.cut + 1}번째 이벤트`));
    await waitUntil(page.getByTestId('state-caption').getByText('리비전 0'));
    await page.keyboard.press('ArrowRight');
    await waitUntil(step.getByText(`2 / ${revisions.cut + 1}번째 이벤트`));
    await waitUntil(page.getByTestId('state-caption').getByText('리비전 1'));
    await page.keyboard.press('ArrowLeft');
    await waitUntil(step.getByText(`1 / ${revisions.cut + 1}번째 이벤트`));
    // To the last edit: what it changed, then the record after it.
    await page.goto(
      `${platform.url}/dashboard/audit/Estimation/${estimationId}/replay?revision=${revisions.raised}`,
    );
    await waitUntil(page.getByTestId('state-caption').getByText(`리비전 ${revisions.raised}`));
    await page.keyboard.press('ArrowRight');
    await waitUntil(page.getByTestId('state-caption').getByText(`리비전 ${revisions.cut}`));
    await waitUntil(page.getByTestId('line-change').getByText('1,190,000원', { exact: false }));
    await screenshot(page, 'audit-replay');
  });

  it('shows someone without the Admin role only the events of records they may read', async () => {
    // A browser of their own: the Admin's session is this browser's.
    const theirs = await launchBrowser();
    const own = await theirs.context.newPage();
    await own.goto(`${platform.url}/login`);
    await signInThroughForm(own, 'owner@audit-ui.example', PASSWORD);
    await own.waitForURL(/\/dashboard\/mydesign$/);
    // Not in their menu, but open: what it shows is what the API lets them read.
    expect(await own.getByRole('menuitem', { name: '감사 로그' }).count()).toBe(0);
    await own.goto(`${platform.url}/dashboard/audit`);
    const rows = own.getByTestId('audit-row');
    await waitUntil(rows);
    const texts = await rows.allTextContents();
    expect(texts.some((text) => text.includes('디자인 ‘감사 거실’'))).toBe(true);
    // Other people's records (the staff's own accounts) are not theirs to read.
    for (const text of texts) expect(text).not.toMatch(/사용자 ‘(이디자|박관리)’/);
    // The designer acted on their estimation: the owner finds them by name among the people shown.
    await own.getByLabel('사용자 (이름 또는 이메일)').fill('이디자');
    await own.getByRole('option', { name: '이디자' }).click();
    await waitUntil(own.getByTestId('audit-row').filter({ hasText: '이디자님이 견적' }));
    await theirs.close();
  });

  it('exports the filtered log as CSV, showing its progress', async () => {
    const filter = JSON.stringify({ objectType: 'Estimation', objectId: estimationId });
    await page.goto(`${platform.url}/dashboard/audit?filter=${encodeURIComponent(filter)}`);
    await waitUntil(page.getByTestId('audit-row'));
    const shown = await page.getByTestId('audit-row').count();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV로 내보내기' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('audit.csv');
    await waitUntil(page.getByRole('status').getByText(`내보내기 완료: ${shown}건`, { exact: false }));
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toContain('위치');
    expect(lines).toHaveLength(shown + 1);
    expect(csv).toContain('이디자님이 견적');
  });
});
