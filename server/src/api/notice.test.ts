import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

let platform: TestPlatform;
let admin: string;
let designer: string;
let personal: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
  await platform.createUser({
    email: 'designer@test.example',
    password: 'notice-password-1',
    roles: ['Designer'],
  });
  await platform.createUser({
    email: 'personal@test.example',
    password: 'notice-password-1',
    roles: ['PersonalFree'],
  });
  designer = (await platform.api.login('designer@test.example', 'notice-password-1')).token;
  personal = (await platform.api.login('personal@test.example', 'notice-password-1')).token;
});
afterAll(async () => {
  await platform?.stop();
});

const api = () => platform.api;
const day = 86_400_000;
const post = async (body: Record<string, unknown>) => {
  const created = await api().request('POST', '/api/system/notice', {
    token: admin,
    body: { body: '본문', category: 'General', ...body },
  });
  expect(created.status).toBe(201);
  return created.body as { id: number; title: string };
};
const titles = async (token: string, route = 'notice') =>
  ((await api().list(route, token, { range: [0, 99] })).body as { title: string }[]).map((n) => n.title);

describe('notices', () => {
  it('show each reader the published ones for their roles, pinned first, then the newest', async () => {
    const now = Date.now();
    await post({ title: '오래된 공지', publishFrom: new Date(now - 3 * day).toISOString() });
    await post({ title: '새 공지', publishFrom: new Date(now - day).toISOString() });
    await post({ title: '고정 공지', pinned: true, publishFrom: new Date(now - 5 * day).toISOString() });
    await post({
      title: '디자이너 공지',
      audience: ['Designer'],
      publishFrom: new Date(now - 2 * day).toISOString(),
    });
    await post({ title: '예약 공지', publishFrom: new Date(now + day).toISOString() });
    await post({
      title: '지난 공지',
      publishFrom: new Date(now - 9 * day).toISOString(),
      publishTo: new Date(now - day).toISOString(),
    });

    expect(await titles(personal)).toEqual(['고정 공지', '새 공지', '오래된 공지']);
    expect(await titles(designer)).toEqual(['고정 공지', '새 공지', '디자이너 공지', '오래된 공지']);
    // The Admin's screen shows every notice, drafts and past ones too; others see there what they see anyway.
    expect(await titles(admin, 'system/notice')).toHaveLength(6);
    expect(await titles(personal, 'system/notice')).toEqual(['고정 공지', '새 공지', '오래된 공지']);

    const hidden = (await api().list('system/notice', admin, { filter: { q: '예약 공지' } })).body[0] as {
      id: number;
    };
    expect((await api().request('GET', `/api/notice/${hidden.id}`, { token: personal })).status).toBe(404);
    expect((await api().request('POST', `/api/notice/${hidden.id}/view`, { token: personal })).status).toBe(
      404,
    );
    const forDesigners = (await api().list('system/notice', admin, { filter: { q: '디자이너' } }))
      .body[0] as { id: number };
    expect((await api().request('GET', `/api/notice/${forDesigners.id}`, { token: personal })).status).toBe(
      404,
    );
    expect((await api().request('GET', `/api/notice/${forDesigners.id}`, { token: designer })).status).toBe(
      200,
    );
  });

  it('counts each reader once', async () => {
    const notice = await post({ title: '조회수 공지' });
    for (const token of [personal, personal, designer, personal]) {
      expect((await api().request('POST', `/api/notice/${notice.id}/view`, { token })).status).toBe(204);
    }
    const read = await api().request('GET', `/api/notice/${notice.id}`, { token: personal });
    expect(read.body.views).toBe(2);
  });

  it('is written only by the Admin', async () => {
    const refused = await api().request('POST', '/api/system/notice', {
      token: designer,
      body: { title: 'x', body: 'y', category: 'General' },
    });
    expect(refused.status).toBe(403);
  });
});
