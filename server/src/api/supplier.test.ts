import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { messages, ORDER_NUMBER_PATTERN } from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { PNG_BYTES } from '../testing/sample-files';
import { buildWorkedExample } from '../testing/worked-example';

/**
 * The 견적서's supplier (`/api/system/supplier`), the first page of the PDF it is printed on, and the
 * mails of assignment and order.
 */
let platform: TestPlatform;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let designId: number;
const PASSWORD = 'supplier-password-1';
const api = () => platform.api;

const supplier = {
  companyName: '한빛인테리어 주식회사',
  registrationNumber: '124-81-00998',
  representative: '이서연',
  address: '서울특별시 강남구 테헤란로 123, 4층',
  phone: '0212345678',
};

/** The text of each page of a PDF as a reader extracts it (pdfjs-dist, in a child process). */
function pdfPages(pdf: Buffer): string[][] {
  const script = path.resolve(__dirname, '../../../platform/src/pdf/pdf-text.mjs');
  return JSON.parse(
    execFileSync(process.execPath, [script], { input: pdf, maxBuffer: 64 * 1024 * 1024 }).toString(),
  ).pages;
}

async function quotePdf(estimationId: number, revision: number) {
  const response = await fetch(`${platform.url}/api/estimation/${estimationId}/quote/${revision}.pdf`, {
    headers: { authorization: `Bearer ${tokens.owner}` },
  });
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { bytes, pages: pdfPages(bytes) };
}

/** PUT as the supplier screen sends it: the upload payload, the seal as `attachment0`. */
async function putSupplier(
  fields: Record<string, string>,
  seal?: { bytes: Buffer; name: string },
  token = tokens.admin,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('attachmentChanged', seal ? 'true' : 'false');
  if (seal) {
    form.set('filesSize', JSON.stringify({ [seal.name]: seal.bytes.length }));
    form.set('attachment0', new Blob([seal.bytes]), seal.name);
  }
  const response = await fetch(`${platform.url}/api/system/supplier`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const act = (who: string, id: number, step: string, body: unknown = {}) =>
  api().request('POST', `/api/estimation/${id}/${step}`, { token: tokens[who]!, body });

/** Every mail to an address whose subject matches, once the outbox has them. */
async function mailsTo(email: string, subject: RegExp) {
  await platform.mailTo(email, { subject });
  const rows = await platform.server.runtime.db.knex('mail_outbox').where({ to: email });
  return (rows as { subject: string; text: string }[]).filter((m) => subject.test(m.subject));
}

beforeAll(async () => {
  platform = await startTestPlatform();
  tokens.admin = (await api().login(ADMIN.email, ADMIN.password)).token;
  const people: [string, string, string[]][] = [
    ['owner', '김민준', ['BusinessPro']],
    ['manager', '박관리', ['DesignManager']],
    ['designer', '이디자', ['Designer']],
  ];
  for (const [key, name, roles] of people) {
    ids[key] = await platform.createUser({
      email: `${key}@supplier.example`,
      password: PASSWORD,
      roles: roles as never,
      name,
    });
    tokens[key] = (await api().login(`${key}@supplier.example`, PASSWORD)).token;
  }
  designId = (await buildWorkedExample(api(), { admin: tokens.admin!, owner: tokens.owner! })).designId;
});
afterAll(async () => {
  await platform?.stop();
});

describe('the 견적서 supplier', () => {
  it('is set by the Admin alone, with a checked registration number and a PNG or JPEG seal', async () => {
    expect((await api().request('GET', '/api/system/supplier', { token: tokens.owner })).body).toBeNull();
    expect((await putSupplier(supplier, undefined, tokens.manager)).status).toBe(403);

    const badNumber = await putSupplier({ ...supplier, registrationNumber: '1248100999' });
    expect(badNumber.status).toBe(400);
    expect(badNumber.body.errors.registrationNumber).toBe(messages.registrationNumberCheckDigit);
    const missing = await putSupplier({ ...supplier, address: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.address).toBeTruthy();
    const notAnImage = await putSupplier(supplier, { bytes: Buffer.from('도장 아님'), name: '도장.png' });
    expect(notAnImage.status).toBe(400);
    expect(notAnImage.body.errors.seal).toBeTruthy();
    expect((await api().request('GET', '/api/system/supplier', { token: tokens.admin })).body).toBeNull();

    const saved = await putSupplier(supplier, { bytes: PNG_BYTES, name: '직인.png' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...supplier, registrationNumber: '1248100998' });
    expect(saved.body.seal).toMatchObject({ originalName: '직인.png', contentType: 'image/png' });
    // Everyone who reads a quote reads it; JSON keeps the seal when it leaves `seal` out.
    expect((await api().request('GET', '/api/system/supplier', { token: tokens.owner })).body).toEqual(
      saved.body,
    );
    const json = await api().request('PUT', '/api/system/supplier', {
      token: tokens.admin,
      body: { ...supplier, phone: '0298765432' },
    });
    expect(json.status).toBe(200);
    expect(json.body.seal).toEqual(saved.body.seal);
    const history = await platform.server.runtime.store.readStream('Supplier-1');
    expect(history.map((e) => e.type)).toEqual(['SupplierChanged', 'SupplierChanged']);
  });

  it('is printed on every quote issued after it is set, and an issued quote never changes', async () => {
    const requested = await api().request('POST', `/api/design/${designId}/estimation`, {
      token: tokens.owner,
      body: { note: '거실만 봐 주세요' },
    });
    expect(requested.status).toBe(201);
    const id = requested.body.id as number;

    // Assignment mails the one newly assigned, once each.
    expect((await act('admin', id, 'assign', { managerId: ids.manager })).status).toBe(200);
    expect((await act('manager', id, 'assign', { designerId: ids.designer })).status).toBe(200);
    const toManager = await mailsTo('manager@supplier.example', /담당 매니저로 배정되었습니다/);
    const toDesigner = await mailsTo('designer@supplier.example', /담당 디자이너로 배정되었습니다/);
    expect(toDesigner).toHaveLength(1);
    expect(toDesigner[0]!.text).toContain(`/dashboard/estimation/${id}`);
    expect(toDesigner[0]!.text).toContain('요청 메모: 거실만 봐 주세요');
    expect(toManager).toHaveLength(1);

    expect((await act('designer', id, 'draft')).status).toBe(200);
    expect((await act('designer', id, 'quote')).status).toBe(201);
    const first = await quotePdf(id, 1);
    const page1 = first.pages[0]!;
    for (const expected of [
      '공급자',
      '한빛인테리어 주식회사',
      '124-81-00998',
      '이서연',
      '0298765432',
      '김민준 귀하',
    ]) {
      expect(page1).toContain(expected);
    }
    // The plan at the quoted revision (its room and area) and the totals are on the first page.
    expect(page1).toContain('평면도');
    expect(page1).toContain('거실');
    expect(page1).toContain('공사비 집계');
    expect(page1[page1.indexOf('합계', page1.indexOf('공사비 집계')) + 1]).toBe('3,902,800원');
    // No page holds the totals alone: the lines come after them.
    for (const page of first.pages.slice(1)) expect(page).not.toContain('공사비 집계');
    expect(first.bytes.toString('latin1')).toMatch(/\/Subtype \/Image/);

    // A new supplier reaches the next revision only.
    expect((await putSupplier({ ...supplier, companyName: '새이름 인테리어' })).status).toBe(200);
    expect((await quotePdf(id, 1)).pages[0]).toContain('한빛인테리어 주식회사');
    expect((await act('designer', id, 'quote')).status).toBe(201);
    const second = (await quotePdf(id, 2)).pages[0]!;
    expect(second).toContain('새이름 인테리어');
    expect(second).not.toContain('한빛인테리어 주식회사');

    // The order: the requester is told with its number and a link to it, exactly once.
    const accepted = await act('owner', id, 'accept', { revision: 2 });
    expect(accepted.status).toBe(200);
    const orderNumber = accepted.body.orderNumber as string;
    expect(orderNumber).toMatch(ORDER_NUMBER_PATTERN);
    const orders = await mailsTo('owner@supplier.example', /주문이 접수되었습니다/);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.subject).toContain(orderNumber);
    expect(orders[0]!.text).toContain(`주문번호: ${orderNumber}`);
    expect(orders[0]!.text).toContain(`/dashboard/mydesign/${designId}/estimates`);
  });
});
