import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { stateCacheOf } from '@interior/command-service/state-cache';
import {
  closedEstimationStates,
  ESTIMATE_LIMITS,
  ESTIMATE_NUMBER_PATTERN,
  type EstimationState,
  messages,
  ORDER_NUMBER_PATTERN,
  workedExampleDocument,
  workedExampleTotals,
} from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { recordedEvents, recordLog } from '../testing/record-history';
import { signInToShare } from '../testing/shares';
import { buildWorkedExample } from '../testing/worked-example';

let platform: TestPlatform;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const catalogue: Record<string, number> = {};
let designId: number;

const api = () => platform.api;
const PASSWORD = 'estimate-password-1';

/** The text of a PDF as a reader extracts it (pdfjs-dist in a child process, as the PDF tests do). */
function pdfText(pdf: Buffer): string {
  const script = path.resolve(__dirname, '../../../platform/src/pdf/pdf-text.mjs');
  const { pages } = JSON.parse(
    execFileSync(process.execPath, [script], { input: pdf, maxBuffer: 64 * 1024 * 1024 }).toString(),
  ) as { pages: string[][] };
  return pages.flat().join(' ');
}

beforeAll(async () => {
  platform = await startTestPlatform();
  tokens.admin = (await api().login(ADMIN.email, ADMIN.password)).token;
  const people: [string, string[], 'Business' | 'Personal'][] = [
    ['owner', ['BusinessPro'], 'Business'],
    ['manager', ['DesignManager'], 'Business'],
    ['designer', ['Designer'], 'Personal'],
    ['outsider', ['Designer'], 'Personal'],
    ['free', ['PersonalFree'], 'Personal'],
  ];
  for (const [name, roles, accountType] of people) {
    ids[name] = await platform.createUser({
      email: `${name}@estimate.example`,
      password: PASSWORD,
      roles: roles as never,
      accountType,
      name: { owner: '김민준', manager: '박관리', designer: '이디자', outsider: '최외부', free: '정무료' }[
        name
      ],
    });
    tokens[name] = (await api().login(`${name}@estimate.example`, PASSWORD)).token;
  }

  // The worked example's catalogue and design (docs/estimates.md), through the API.
  const built = await buildWorkedExample(api(), { admin: tokens.admin!, owner: tokens.owner! });
  Object.assign(catalogue, { bom: built.bom, floor: built.floor, wall: built.wall, sofa: built.sofa });
  designId = built.designId;
});
afterAll(async () => {
  await platform?.stop();
  // The 견적서 rendered in a thread of the pool: the thread ends with the service.
  if (platform) expect(platform.server.runtime.estimatePdfs.threads).toBe(0);
});

const act = (who: string, id: number, step: string, body?: unknown, headers?: Record<string, string>) =>
  api().request('POST', `/api/estimation/${id}/${step}`, { token: tokens[who]!, body: body ?? {}, headers });

/** Closes the design's open estimations (one is open at a time), so each test starts its own. */
async function closeOpen(design: number) {
  const listed = await api().request('GET', `/api/design/${design}/estimation`, { token: tokens.owner });
  for (const { id, state } of listed.body as { id: number; state: EstimationState }[]) {
    if (state === 'Ordered') expect((await act('admin', id, 'complete')).status).toBe(200);
    else if (!closedEstimationStates.includes(state))
      expect((await act('admin', id, 'cancel')).status).toBe(200);
  }
}

async function request(note = '거실 위주로 봐 주세요', design = designId) {
  await closeOpen(design);
  const created = await api().request('POST', `/api/design/${design}/estimation`, {
    token: tokens.owner,
    body: { note },
  });
  expect(created.status).toBe(201);
  return created.body as { id: number; estimateNumber: string; state: string };
}

describe('estimations', () => {
  it('goes from the design to a 견적서 with the worked example’s totals, in the quote and its PDF, and to an order', async () => {
    const estimation = await request();
    expect(estimation).toMatchObject({ state: 'Requested', designRevision: 1, requesterName: '김민준' });
    expect(estimation.estimateNumber).toMatch(ESTIMATE_NUMBER_PATTERN);

    // Not assigned yet: the designer does not know it exists.
    expect(
      (await api().request('GET', `/api/estimation/${estimation.id}`, { token: tokens.designer })).status,
    ).toBe(404);
    const early = await act('owner', estimation.id, 'accept', { revision: 1 });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(messages.estimationStateConflict('요청됨', '수락'));

    // Only the Admin assigns a manager, only a DesignManager can be one; the manager picks the designer.
    expect((await act('owner', estimation.id, 'assign', { managerId: ids.manager })).status).toBe(403);
    const wrongRole = await act('admin', estimation.id, 'assign', { managerId: ids.designer });
    expect(wrongRole.status).toBe(400);
    expect(wrongRole.body.message).toBe(messages.estimationNotDesignManager);
    expect((await act('admin', estimation.id, 'assign', { managerId: ids.manager })).body).toMatchObject({
      state: 'Assigned',
      managerName: '박관리',
    });
    expect((await act('manager', estimation.id, 'assign', { designerId: ids.designer })).body).toMatchObject({
      designerId: ids.designer,
      designerName: '이디자',
    });

    const draft = await act('designer', estimation.id, 'draft');
    expect(draft.status).toBe(200);
    expect(draft.body.totals).toEqual(workedExampleTotals);
    const floorLine = draft.body.lines.find((l: { name: string }) => l.name === '강마루 (예시)');
    expect(floorLine).toMatchObject({ trade: '바닥', quantity: 12.6, amount: 378_000 });
    // A line's sources are read on their own, by whoever reads the draft.
    expect(floorLine.sources).toBeUndefined();
    const floorSources = await api().request(
      'GET',
      `/api/estimation/${estimation.id}/draft/lines/${floorLine.id}/sources`,
      { token: tokens.designer },
    );
    expect(floorSources.status).toBe(200);
    expect(floorSources.body).toHaveLength(floorLine.sourceCount);
    expect(floorSources.body[0].explanation).toContain('거실');

    const quote = await act('designer', estimation.id, 'quote');
    expect(quote.status).toBe(201);
    expect(quote.body).toMatchObject({ revision: 1, totals: workedExampleTotals });
    const pdf = await fetch(`${platform.url}/api/estimation/${estimation.id}/quote/1.pdf`, {
      headers: { authorization: `Bearer ${tokens.owner}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(platform.server.runtime.estimatePdfs.threads).toBe(1);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(estimation.estimateNumber);
    expect(text).toContain('3,902,800');
    expect(text).toContain('3,548,000');

    // The requester hears of it; then accepts, and it is an order with a number.
    const mail = await platform.mailTo('owner@estimate.example', { subject: /견적서가 발행되었습니다/ });
    expect(mail?.text).toContain('3,902,800원');
    expect((await act('designer', estimation.id, 'accept', { revision: 1 })).status).toBe(403);
    const accepted = await act('owner', estimation.id, 'accept', { revision: 1 });
    expect(accepted.status).toBe(200);
    expect(accepted.body.orderNumber).toMatch(ORDER_NUMBER_PATTERN);
    expect(accepted.body.state).toBe('Ordered');
    expect(await platform.mailTo('designer@estimate.example', { subject: /수락/ })).toBeTruthy();

    const cancel = await act('owner', estimation.id, 'cancel');
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(messages.estimationStateConflict('주문됨', '취소'));
    expect((await act('designer', estimation.id, 'complete')).body.state).toBe('Completed');

    const history = await recordLog(api(), tokens.owner!, `Estimation/${estimation.id}`);
    expect(history.status).toBe(200);
    expect(history.rows.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'EstimationRequested',
        'EstimationQuoted',
        'EstimationAccepted',
        'EstimationCompleted',
      ]),
    );
  });

  it('computes a draft in a process that keeps nothing in memory yet (just started) as in one that does', async () => {
    const estimation = await request('재시작 직후 초안');
    await act('admin', estimation.id, 'assign', { managerId: ids.manager, designerId: ids.designer });
    stateCacheOf(platform.server.runtime.store).clear();
    const draft = await act('designer', estimation.id, 'draft');
    expect(draft.status).toBe(200);
    expect(draft.body.totals).toEqual(workedExampleTotals);
  });

  it('keeps an issued revision as it was when prices change; the next draft takes the new price', async () => {
    const estimation = await request('가격 변경 확인');
    await act('admin', estimation.id, 'assign', { managerId: ids.manager, designerId: ids.designer });
    await act('designer', estimation.id, 'draft');
    await act('designer', estimation.id, 'quote');
    // The record answers the quoted total as a number, for the lists and the screens.
    const quoted = await api().request('GET', `/api/estimation/${estimation.id}`, { token: tokens.owner });
    expect(quoted.body).toMatchObject({ quotedTotal: workedExampleTotals.total, quoteRevision: 1 });

    const material = await api().request('GET', `/api/material/${catalogue.floor}`, { token: tokens.admin });
    const changed = await api().request('PUT', `/api/material/${catalogue.floor}`, {
      token: tokens.admin,
      body: { price: 40_000 },
      headers: { 'if-match': `"${material.body.version}"` },
    });
    expect(changed.status).toBe(200);
    try {
      const redraft = await act('designer', estimation.id, 'draft');
      expect(redraft.body.totals.total).toBeGreaterThan(workedExampleTotals.total);
      const issued = await api().request('GET', `/api/estimation/${estimation.id}/quote/1`, {
        token: tokens.owner,
      });
      expect(issued.body.totals).toEqual(workedExampleTotals);
      const second = await act('designer', estimation.id, 'quote');
      expect(second.body.revision).toBe(2);
      expect(
        (await api().request('GET', `/api/estimation/${estimation.id}/quote/1`, { token: tokens.owner })).body
          .totals,
      ).toEqual(workedExampleTotals);
    } finally {
      const now = await api().request('GET', `/api/material/${catalogue.floor}`, { token: tokens.admin });
      await api().request('PUT', `/api/material/${catalogue.floor}`, {
        token: tokens.admin,
        body: { price: 30_000 },
        headers: { 'if-match': `"${now.body.version}"` },
      });
    }
  });

  it('edits the draft with If-Match: a changed price and a line added by hand, and a stale save is refused', async () => {
    const estimation = await request('초안 수정');
    await act('admin', estimation.id, 'assign', { managerId: ids.manager, designerId: ids.designer });
    const computed = await act('designer', estimation.id, 'draft');
    const etag = computed.headers.get('etag')!;
    const lines = computed.body.lines.map((l: { name: string; unitPrice: number }) =>
      l.name === '3인용 소파 (예시)' ? { ...l, unitPrice: 1_000_000 } : l,
    );
    lines.push({
      trade: '기타',
      kind: 'Expense',
      name: '폐기물 처리',
      spec: '',
      unit: '식',
      quantity: 1,
      unitPrice: 120_000,
    });
    const put = (headers: Record<string, string>) =>
      api().request('PUT', `/api/estimation/${estimation.id}/draft`, {
        token: tokens.designer,
        body: { lines },
        headers,
      });
    expect((await put({})).status).toBe(400);
    const saved = await put({ 'if-match': etag });
    expect(saved.status).toBe(200);
    // The answer is the draft as GET gives it, so a screen can go on from it.
    const current = await api().request('GET', `/api/estimation/${estimation.id}/draft`, {
      token: tokens.designer,
    });
    expect(saved.body).toEqual(current.body);
    expect(saved.headers.get('etag')).toBe(current.headers.get('etag'));
    const sofa = saved.body.lines.find((l: { name: string }) => l.name === '3인용 소파 (예시)');
    expect(sofa).toMatchObject({ unitPrice: 1_000_000, amount: 2_000_000 });
    const computedSofa = computed.body.lines.find((l: { id: string }) => l.id === sofa.id);
    expect(sofa.sourceCount).toBe(computedSofa.sourceCount);
    expect(sofa.sourceCount).toBeGreaterThan(0);
    const added = saved.body.lines.find((l: { name: string }) => l.name === '폐기물 처리');
    expect(added).toMatchObject({ refType: null, amount: 120_000, sourceCount: 0 });
    // The edited line keeps its sources; a line added by hand has none; another is not found.
    const sourcesOf = (lineId: string) =>
      api().request('GET', `/api/estimation/${estimation.id}/draft/lines/${lineId}/sources`, {
        token: tokens.designer,
      });
    const sofaSources = await sourcesOf(sofa.id);
    expect(sofaSources.body).toHaveLength(sofa.sourceCount);
    expect(sofaSources.body[0].label).toEqual(expect.any(String));
    expect((await sourcesOf(added.id)).body).toEqual([]);
    for (const unknown of ['L999', 'no%20such'])
      expect((await sourcesOf(unknown)).body).toMatchObject({
        status: 404,
        message: messages.estimationDraftLineNotFound,
      });
    expect(saved.body.totals.expense).toBe(workedExampleTotals.expense + 120_000);
    expect((await put({ 'if-match': etag })).status).toBe(412);
    const read = await api().request('GET', `/api/estimation/${estimation.id}/draft`, {
      token: tokens.designer,
    });
    expect(read.body.totals).toEqual(saved.body.totals);
  });

  it('refuses amounts that would not stay exact, naming the line, and keeps the draft as it was', async () => {
    const estimation = await request('금액 한도');
    await act('admin', estimation.id, 'assign', { managerId: ids.manager, designerId: ids.designer });
    const computed = await act('designer', estimation.id, 'draft');
    const etag = computed.headers.get('etag')!;
    const free = { trade: '기타', kind: 'Expense', name: '큰 항목', spec: '', unit: '식' };
    const put = (line: Record<string, unknown>) =>
      api().request('PUT', `/api/estimation/${estimation.id}/draft`, {
        token: tokens.designer,
        body: { lines: [...computed.body.lines, { ...free, ...line }] },
        headers: { 'if-match': etag },
      });
    const no = computed.body.lines.length + 1;
    const field = (name: string) => `lines.${no - 1}.${name}`;
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { quantity: 999_999_999.99, unitPrice: 2_147_483_647 },
        field('quantity'),
        messages.estimateLineQuantityTooLarge(no, '큰 항목', ESTIMATE_LIMITS.quantity),
      ],
      [
        { quantity: 1, unitPrice: 2_147_483_647 },
        field('unitPrice'),
        messages.estimateLineUnitPriceTooLarge(no, '큰 항목', ESTIMATE_LIMITS.unitPrice),
      ],
      [
        { quantity: 100, unitPrice: 1_000_000_000 },
        field('quantity'),
        messages.estimateLineAmountTooLarge(no, '큰 항목', ESTIMATE_LIMITS.lineAmount),
      ],
    ];
    for (const [line, at, message] of cases) {
      const refused = await put(line);
      expect([line, refused.status, refused.body.errors?.[at]]).toEqual([line, 400, message]);
    }
    // Lines each within bounds whose total is not: refused as a whole.
    const many = Array.from({ length: 1_001 }, (_, i) => ({
      ...free,
      name: `항목 ${i + 1}`,
      quantity: 10,
      unitPrice: 1_000_000_000,
    }));
    const total = await api().request('PUT', `/api/estimation/${estimation.id}/draft`, {
      token: tokens.designer,
      body: { lines: many },
      headers: { 'if-match': etag },
    });
    expect([total.status, total.body.message]).toEqual([
      400,
      messages.estimateTotalTooLarge(ESTIMATE_LIMITS.total),
    ]);
    const kept = await api().request('GET', `/api/estimation/${estimation.id}/draft`, {
      token: tokens.designer,
    });
    expect(kept.headers.get('etag')).toBe(etag);
    expect(kept.body.totals).toEqual(computed.body.totals);
  });

  it('shows each estimation only to its requester, its assignees and the Admin', async () => {
    const estimation = await request('권한 확인');
    await act('admin', estimation.id, 'assign', { managerId: ids.manager, designerId: ids.designer });
    await act('designer', estimation.id, 'draft');
    await act('designer', estimation.id, 'quote');
    for (const path of [
      `/api/estimation/${estimation.id}`,
      `/api/estimation/${estimation.id}/draft`,
      `/api/estimation/${estimation.id}/quote/1`,
      `/api/estimation/${estimation.id}/quote/1.pdf`,
      `/api/history/Estimation/${estimation.id}/log`,
    ]) {
      expect([path, (await api().request('GET', path, { token: tokens.outsider })).status]).toEqual([
        path,
        404,
      ]);
      expect([path, (await api().request('GET', path, { token: tokens.designer })).status]).toEqual([
        path,
        200,
      ]);
    }
    expect((await act('outsider', estimation.id, 'draft')).status).toBe(404);
    const listed = async (who: string, route: string) =>
      ((await api().list(route, tokens[who]!, { range: [0, 99] })).body as { id: number }[]).map((e) => e.id);
    expect(await listed('designer', 'my-estimation')).toContain(estimation.id);
    expect(await listed('outsider', 'my-estimation')).not.toContain(estimation.id);
    expect(await listed('manager', 'design-manager/estimation')).toContain(estimation.id);
    expect(await listed('admin', 'estimation')).toContain(estimation.id);
    const quoted = (
      await api().list('estimation', tokens.admin!, { filter: { state: 'Quoted' }, range: [0, 99] })
    ).body as { state: string }[];
    expect(quoted.every((e) => e.state === 'Quoted')).toBe(true);
    const mine = await api().request('GET', `/api/design/${designId}/estimation`, { token: tokens.owner });
    expect((mine.body as { id: number }[]).map((e) => e.id)).toContain(estimation.id);
  });

  it('offers the Admin managers and designers to assign, the manager only designers, nobody else anyone', async () => {
    const estimation = await request('배정 후보');
    const assignees = (who: string, role: string, q = '') =>
      api().request(
        'GET',
        `/api/estimation/${estimation.id}/assignees?role=${role}${q ? `&q=${encodeURIComponent(q)}` : ''}`,
        { token: tokens[who]! },
      );
    const managers = await assignees('admin', 'DesignManager');
    expect(managers.status).toBe(200);
    expect(managers.body).toContainEqual({
      id: ids.manager,
      name: '박관리',
      email: 'manager@estimate.example',
    });
    expect((managers.body as { id: number }[]).map((u) => u.id)).not.toContain(ids.designer);
    const searched = await assignees('admin', 'Designer', '이디');
    expect((searched.body as { id: number }[]).map((u) => u.id)).toEqual([ids.designer]);
    // Before the manager is assigned the manager does not know the estimation; after, designers only.
    expect((await assignees('manager', 'Designer')).status).toBe(404);
    await act('admin', estimation.id, 'assign', { managerId: ids.manager });
    expect((await assignees('manager', 'Designer')).status).toBe(200);
    expect((await assignees('manager', 'DesignManager')).status).toBe(403);
    expect((await assignees('owner', 'Designer')).status).toBe(403);
    expect((await assignees('outsider', 'Designer')).status).toBe(404);
    const bad = await assignees('admin', 'Admin');
    expect(bad.status).toBe(400);
  });

  it('orders only the revision the requester names, when it is the latest issued, and records it', async () => {
    const estimation = await request('리비전 확인');
    await act('admin', estimation.id, 'assign', { managerId: ids.manager, designerId: ids.designer });
    await act('designer', estimation.id, 'draft');
    await act('designer', estimation.id, 'quote');
    // A second revision is issued while the requester still reads the first.
    await act('designer', estimation.id, 'quote');
    for (const body of [{}, { revision: '1' }, { revision: 0 }, { revision: 1.5 }]) {
      const refused = await act('owner', estimation.id, 'accept', body);
      expect([body, refused.status, refused.body.message]).toEqual([
        body,
        400,
        messages.estimationAcceptRevisionRequired,
      ]);
    }
    for (const revision of [1, 3]) {
      const stale = await act('owner', estimation.id, 'accept', { revision });
      expect([revision, stale.status, stale.body.message]).toEqual([
        revision,
        409,
        messages.estimationQuoteNotLatest(revision, 2),
      ]);
    }
    const unchanged = await api().request('GET', `/api/estimation/${estimation.id}`, { token: tokens.owner });
    expect(unchanged.body).toMatchObject({ state: 'Quoted', orderNumber: null });

    const accepted = await act('owner', estimation.id, 'accept', { revision: 2 });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ state: 'Ordered', quoteRevision: 2 });
    const order = (await recordedEvents(platform, 'Estimation', estimation.id)).find(
      (e) => e.type === 'EstimationAccepted',
    );
    expect(order?.data).toEqual({ revision: 2, orderNumber: accepted.body.orderNumber });
  });

  it('takes the design back from staff taken off it (reassigned, cancelled, completed), not what the owner shared', async () => {
    const copied = await api().request('POST', `/api/mydesign/${designId}/copy`, {
      token: tokens.owner,
      body: { name: '배정 권한 확인' },
    });
    expect(copied.status).toBe(201);
    const design = copied.body.id as number;
    // Each thing a reader of the design may do, with the status a reader gets.
    const reads = (who: string) =>
      Promise.all(
        [
          ['GET', `/api/mydesign/${design}`],
          ['GET', `/api/design/${design}/document`],
          ['GET', `/api/design/${design}/document?revision=0`],
          ['GET', `/api/design/${design}/log`],
          ['GET', `/api/comment?filter=${encodeURIComponent(JSON.stringify({ designId: design }))}`],
          ['POST', '/api/comment', { designId: design, body: `${who}의 의견` }],
          ['POST', `/api/mydesign/${design}/copy`, {}],
        ].map(async ([method, path, body]) => {
          const answer = await api().request(method as 'GET' | 'POST', path as string, {
            token: tokens[who]!,
            body,
          });
          return answer.status === 404 ? 404 : answer.status < 300 ? 'reads' : answer.status;
        }),
      );
    const reader = Array(7).fill('reads');
    const stranger = Array(7).fill(404);
    // The owner shares the design with a designer who is later assigned too.
    const shared = await api().request('POST', `/api/design/${design}/share`, {
      token: tokens.owner,
      body: { email: 'outsider@estimate.example', permission: 'Read' },
    });
    expect(shared.status).toBe(202);
    tokens.outsider = await signInToShare(
      platform,
      { email: 'outsider@estimate.example', password: PASSWORD },
      design,
    );

    const first = (await request('첫 번째', design)).id;
    await act('admin', first, 'assign', { managerId: ids.manager, designerId: ids.designer });
    expect(await reads('designer')).toEqual(reader);
    expect(await reads('manager')).toEqual(reader);

    // Reassigned: the former designer loses the design; the new one (shared before) keeps it.
    expect((await act('manager', first, 'assign', { designerId: ids.outsider })).status).toBe(200);
    expect(await reads('designer')).toEqual(stranger);
    expect(await reads('manager')).toEqual(reader);
    expect(await reads('outsider')).toEqual(reader);

    // Cancelled: the manager loses it too; the owner's share was not the assignment's to take.
    expect((await act('owner', first, 'cancel')).status).toBe(200);
    expect(await reads('manager')).toEqual(stranger);
    expect(await reads('outsider')).toEqual(reader);

    // Completed: the work is done and the design is the owner's again.
    const third = (await request('세 번째', design)).id;
    await act('admin', third, 'assign', { managerId: ids.manager, designerId: ids.designer });
    expect(await reads('designer')).toEqual(reader);
    expect((await act('designer', third, 'draft')).status).toBe(200);
    expect((await act('designer', third, 'quote')).status).toBe(201);
    expect((await act('owner', third, 'accept', { revision: 1 })).status).toBe(200);
    expect((await act('designer', third, 'complete')).status).toBe(200);
    expect(await reads('designer')).toEqual(stranger);
    expect(await reads('manager')).toEqual(stranger);
    expect(await reads('owner')).toEqual(reader);
  });

  it('refuses PersonalFree, and a rejected quote may be quoted again; an unanswered quote expires after 30 days', async () => {
    const freeDesign = await api().request('POST', '/api/mydesign', {
      token: tokens.free,
      body: { name: '무료 디자인' },
    });
    const refused = await api().request('POST', `/api/design/${freeDesign.body.id}/estimation`, {
      token: tokens.free,
      body: {},
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messages.estimationFreePlanRefused);

    const estimation = await request('거절 후 재견적');
    await act('admin', estimation.id, 'assign', { managerId: ids.manager, designerId: ids.designer });
    await act('designer', estimation.id, 'draft');
    await act('designer', estimation.id, 'quote');
    expect((await act('owner', estimation.id, 'reject', {})).status).toBe(400);
    const rejected = await act('owner', estimation.id, 'reject', { reason: '예산을 넘습니다' });
    expect(rejected.body).toMatchObject({ state: 'Rejected', rejectReason: '예산을 넘습니다' });
    expect((await act('designer', estimation.id, 'quote')).body.revision).toBe(2);

    const later = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000).toISOString();
    expect((await act('designer', estimation.id, '../expire', { asOf: later })).status).toBe(403);
    const expired = await api().request('POST', '/api/estimation/expire', {
      token: tokens.admin,
      body: { asOf: later },
    });
    expect(expired.status).toBe(200);
    expect(expired.body.expired).toBeGreaterThanOrEqual(1);
    const row = await api().request('GET', `/api/estimation/${estimation.id}`, { token: tokens.owner });
    expect(row.body.state).toBe('Expired');
    expect((await act('owner', estimation.id, 'accept', { revision: 2 })).body.message).toBe(
      messages.estimationStateConflict('만료됨', '수락'),
    );
  });

  it('previews what the editor’s unsaved document would cost, without saving it', async () => {
    const document = workedExampleDocument();
    document.rooms[0]!.floorMaterialId = catalogue.floor;
    document.rooms[0]!.wallMaterialId = catalogue.wall;
    for (const item of document.items) item.productId = catalogue.sofa!;
    const preview = await api().request('POST', `/api/design/${designId}/estimate-preview`, {
      token: tokens.owner,
      body: { document },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.totals).toEqual(workedExampleTotals);
    const bad = await api().request('POST', `/api/design/${designId}/estimate-preview`, {
      token: tokens.owner,
      body: { document: { ...document, rooms: [{ ...document.rooms[0], floorMaterialId: 999_999 }] } },
    });
    expect(bad.status).toBe(400);
    expect(
      (
        await api().request('POST', `/api/design/${designId}/estimate-preview`, {
          token: tokens.outsider,
          body: {},
        })
      ).status,
    ).toBe(404);
  });
});
