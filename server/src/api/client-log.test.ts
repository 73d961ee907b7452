import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

let platform: TestPlatform;
let admin: string;
beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  await platform?.stop();
});

const api = () => platform.api;

async function member(email: string, password = 'member password 1') {
  const id = await platform.createUser({ email, password, name: '회원' });
  const session = await api().login(email, password);
  return { id, ...session };
}

describe('client log', () => {
  it('stores bounded batches of browser events for Admins to read', async () => {
    const user = await member('logger@test.example');
    const events = [
      {
        type: 'navigation',
        level: 'info',
        message: '내 디자인 열기',
        path: '/dashboard/mydesign',
        occurredAt: new Date().toISOString(),
      },
      {
        type: 'error',
        level: 'error',
        message: 'TypeError',
        data: { stack: 'at x' },
        occurredAt: new Date().toISOString(),
      },
    ];
    expect((await api().request('POST', '/api/log', { token: user.token, body: { events } })).status).toBe(
      204,
    );
    expect((await api().request('POST', '/api/log', { body: { events: [] } })).status).toBe(204);
    const listed = await api().list('clientlog', admin, { filter: { userId: user.id }, sort: ['id', 'ASC'] });
    expect(listed.body.map((e: { type: string; userId: number }) => [e.type, e.userId])).toEqual([
      ['navigation', user.id],
      ['error', user.id],
    ]);
    const tooMany = await api().request('POST', '/api/log', { body: { events: Array(101).fill(events[0]) } });
    expect(tooMany.status).toBe(400);
    const bad = await api().request('POST', '/api/log', {
      body: { events: [{ type: 'x', occurredAt: 'yesterday' }] },
    });
    expect(bad.status).toBe(400);
    expect((await api().list('clientlog', user.token)).status).toBe(403);
  });
});
