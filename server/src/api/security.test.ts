import { randomBytes, randomUUID } from 'node:crypto';
import { type Ace, messages, streamName } from '@interior/contracts';
import { newRefreshToken, REFRESH_TOKEN_TTL_SECONDS } from '@interior/platform';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

/**
 * Findings of an attack on the running platform, each held here as it
 * was tried: group membership that turned a grant on a user into every grant of a group, keys
 * named after Object.prototype in list filters, JSON nested thousands deep, invalid UTF-8, actor
 * names in a history shown to readers who may not read that user, and the address behind a proxy.
 */
let platform: TestPlatform;
let admin: string;
const PASSWORD = 'security password 1';
let unique = 0;

const api = () => platform.api;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await api().login(ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  await platform?.stop();
});

async function user(roles: ['Designer'] | ['PersonalFree'] = ['Designer']) {
  const email = `security-${++unique}@test.example`;
  const id = await platform.createUser({ email, password: PASSWORD, roles });
  return { id, token: (await api().login(email, PASSWORD)).token };
}
async function group(name: string) {
  const created = await api().request('POST', '/api/usergroup', {
    token: admin,
    body: { name: `${name} ${++unique}`, description: '설명' },
  });
  expect(created.status).toBe(201);
  return created.body.id as number;
}
async function setAcl(path: string, aces: Ace[]) {
  const response = await api().request('PUT', `/api/acl/${path}`, { token: admin, body: aces });
  expect(response.status).toBe(204);
}
/** `PUT /api/user/{id}` as `token`, with the record as it is and `groups` changed. */
async function putGroups(token: string, id: number, groups: number[]) {
  const current = await api().request('GET', `/api/user/${id}`, { token: admin });
  const { name, roles, status } = current.body;
  return api().request('PUT', `/api/user/${id}`, { token, body: { name, roles, status, groups } });
}
const groupsOf = async (id: number) =>
  (await api().request('GET', `/api/user/${id}`, { token: admin })).body.groups as number[];

describe('1. group membership is authorized on the group too', () => {
  let powerful: number;
  beforeAll(async () => {
    // A group whose members administer every group.
    powerful = await group('관리자 그룹');
    await setAcl('UserGroup', [{ identity: { type: 'Group', id: powerful }, permission: 'Admin' }]);
  });

  it('Admin on their own record lets no one join a group they cannot read, nor tells that it exists', async () => {
    const designer = await user();
    await setAcl(`User/${designer.id}`, [
      { identity: { type: 'User', id: designer.id }, permission: 'Admin' },
    ]);
    const joining = await putGroups(designer.token, designer.id, [powerful]);
    const unknown = await putGroups(designer.token, designer.id, [987_654]);
    expect(joining.status).toBe(400);
    expect(joining.body).toEqual(unknown.body);
    expect(joining.body).toEqual({
      status: 400,
      message: messages.unknownGroups,
      errors: { groups: messages.unknownGroups },
    });
    expect(await groupsOf(designer.id)).toEqual([]);
    // So the group's grants stay out of reach.
    const regrant = await api().request('PUT', `/api/acl/UserGroup/${powerful}`, {
      token: designer.token,
      body: [{ identity: { type: 'User', id: designer.id }, permission: 'Admin' }],
    });
    expect(regrant.status).toBe(404);
  });

  it('Read or Write on a group does not let one add anyone to it: 403', async () => {
    const designer = await user();
    const other = await user(['PersonalFree']);
    const readable = await group('읽기 그룹');
    const writable = await group('쓰기 그룹');
    await setAcl(`UserGroup/${readable}`, [
      { identity: { type: 'User', id: designer.id }, permission: 'Read' },
    ]);
    await setAcl(`UserGroup/${writable}`, [
      { identity: { type: 'User', id: designer.id }, permission: 'Write' },
    ]);
    await setAcl(`User/${other.id}`, [{ identity: { type: 'User', id: designer.id }, permission: 'Admin' }]);
    for (const id of [readable, writable]) {
      const response = await putGroups(designer.token, other.id, [id]);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ status: 403, message: messages.forbidden });
    }
    expect(await groupsOf(other.id)).toEqual([]);
  });

  it('Admin on the group and on the user adds and removes; taking someone out of another group is refused', async () => {
    const manager = await user();
    const member = await user(['PersonalFree']);
    const managed = await group('관리 그룹');
    const foreign = await group('남의 그룹');
    await setAcl(`UserGroup/${managed}`, [
      { identity: { type: 'User', id: manager.id }, permission: 'Admin' },
    ]);
    await setAcl(`User/${member.id}`, [{ identity: { type: 'User', id: manager.id }, permission: 'Admin' }]);
    expect((await putGroups(admin, member.id, [foreign])).status).toBe(200);

    const added = await putGroups(manager.token, member.id, [foreign, managed]);
    expect(added.status).toBe(200);
    expect(await groupsOf(member.id)).toEqual([foreign, managed].sort((a, b) => a - b));
    // The group the manager cannot read stays as it was; taking the member out of it is refused.
    const removingForeign = await putGroups(manager.token, member.id, [managed]);
    expect(removingForeign.status).toBe(403);
    const removed = await putGroups(manager.token, member.id, [foreign]);
    expect(removed.status).toBe(200);
    expect(await groupsOf(member.id)).toEqual([foreign]);
  });

  it('the Admin role adds anyone to any group', async () => {
    const member = await user(['PersonalFree']);
    expect((await putGroups(admin, member.id, [powerful])).status).toBe(200);
    expect(await groupsOf(member.id)).toEqual([powerful]);
    expect((await putGroups(admin, member.id, [])).status).toBe(200);
  });
});

describe('2. list filters named after what every object inherits', () => {
  const keys = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf'];
  it.each(['usergroup', 'user', 'clientlog', 'mailbox'])(
    'GET /api/%s answers them with a 400',
    async (resource) => {
      for (const key of [...keys, ...keys.map((k) => `${k}_gte`)]) {
        const filter = `{"${key}":1}`;
        const response = await api().request('GET', `/api/${resource}?filter=${encodeURIComponent(filter)}`, {
          token: admin,
        });
        expect({ key, status: response.status }).toEqual({ key, status: 400 });
        expect(response.body.status).toBe(400);
      }
      const plain = await user(['PersonalFree']);
      const byUser = await api().request(
        'GET',
        `/api/usergroup?filter=${encodeURIComponent('{"constructor":1}')}`,
        {
          token: plain.token,
        },
      );
      expect(byUser.status).toBe(400);
    },
  );
});

describe('3. JSON nested deeper than anything the API takes', () => {
  const deep = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

  it('is a 400 in a public body, before anything walks it', async () => {
    const body = `{"events":[{"level":"info","type":"x","message":"m","occurredAt":"${new Date().toISOString()}","data":{"x":${deep(5000)}}}]}`;
    const before = await platform.server.runtime.db.knex('client_logs').count({ n: '*' });
    const response = await api().request('POST', '/api/log', {
      raw: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: 400, message: messages.invalidJson });
    expect(await platform.server.runtime.db.knex('client_logs').count({ n: '*' })).toEqual(before);
  });

  it('is a 400 in a signed-in body and in a list parameter; 64 levels still pass', async () => {
    const group = await api().request('POST', '/api/usergroup', {
      token: admin,
      raw: `{"name":"깊이","description":"설명","x":${deep(3000)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(group.body).toEqual({ status: 400, message: messages.invalidJson });
    const filter = await api().request(
      'GET',
      `/api/usergroup?filter=${encodeURIComponent(`{"id":${deep(2000)}}`)}`,
      {
        token: admin,
      },
    );
    expect(filter.body).toEqual({ status: 400, message: messages.invalidFilter });
    const shallow = await api().request('POST', '/api/log', {
      raw: `{"events":[{"level":"info","type":"x","message":"m","occurredAt":"${new Date().toISOString()}","data":{"x":${deep(58)}}}]}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(shallow.status).toBe(204);
  });
});

describe('6. text that is no UTF-8, and names in a history', () => {
  it('refuses a JSON body with invalid UTF-8 and stores nothing', async () => {
    const total = async () =>
      Number(
        (await api().list('usergroup', admin, { range: [0, 0] })).headers.get('content-range')?.split('/')[1],
      );
    const before = await total();
    const bytes = Buffer.concat([
      Buffer.from('{"name":"'),
      Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
      Buffer.from('","description":"설명"}'),
    ]);
    const response = await fetch(`${platform.url}/api/usergroup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: bytes,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: 400, message: messages.invalidEncoding });
    expect(await total()).toBe(before);
    // Well-formed Korean text in the same place is stored as sent.
    const korean = await api().request('POST', '/api/usergroup', {
      token: admin,
      body: { name: `한글 ${++unique}`, description: '설명 😀' },
    });
    expect(korean.status).toBe(201);
    expect(korean.body.description).toBe('설명 😀');
  });

  it('names the people of a record the reader may read by their display name only, never by id', async () => {
    const reader = await user();
    const managed = await group('이력 그룹');
    await setAcl(`UserGroup/${managed}`, [
      { identity: { type: 'User', id: reader.id }, permission: 'Admin' },
    ]);
    // The reader changes the group too.
    const own = await api().request('GET', `/api/usergroup/${managed}`, { token: reader.token });
    const edited = await api().request('PUT', `/api/usergroup/${managed}`, {
      token: reader.token,
      body: { name: `${own.body.name} 수정`, description: '설명' },
    });
    expect(edited.status).toBe(200);
    const adminUser = (await api().request('GET', '/api/user/1', { token: admin })).body;

    // Whoever acted on a record the reader may read is named as that record's screens name them:
    // by the display name the users read model has now, as the audit log names them.
    const log = await api().request('GET', `/api/history/UserGroup/${managed}/log`, { token: reader.token });
    expect(log.status).toBe(200);
    const actors = log.body.map((e: { actor: { id: number; name: string } }) => e.actor);
    expect(actors).toContainEqual({ id: 1, name: adminUser.name });
    expect(actors).toContainEqual({ id: reader.id, name: '테스트 사용자' });
    const history = await api().request('GET', `/api/history/UserGroup/${managed}/state?revision=0`, {
      token: reader.token,
    });
    expect(history.status).toBe(200);
    const sentences = log.body.map((e: { sentence: string }) => e.sentence);
    expect(sentences.some((s: string) => s.startsWith(`${adminUser.name}님이 `))).toBe(true);
    for (const answer of [history.body, log.body]) expect(JSON.stringify(answer)).not.toMatch(/#\d/);
    // Nothing more of that person than the name: not their address, and not their account, whose
    // record (and its history) stays as unknown to the reader as any record they may not read.
    for (const answer of [history.body, log.body])
      expect(JSON.stringify(answer)).not.toContain(adminUser.email);
    expect((await api().request('GET', '/api/user/1', { token: reader.token })).status).toBe(404);
    expect((await api().request('GET', '/api/history/User/1/log', { token: reader.token })).status).toBe(404);
    const label = await api().request('POST', '/api/identity/target', {
      token: reader.token,
      body: [{ type: 'User', id: 1 }],
    });
    expect(JSON.stringify(label.body)).not.toContain(adminUser.email);
  });
});

describe('4. sessions end, whatever the tokens say', () => {
  it('a refresh token lives from sign-in, not from its last use: reissuing never extends it', async () => {
    const session = await api().login(ADMIN.email, ADMIN.password);
    for (let i = 0; i < 2; i++) {
      expect(
        (await api().request('POST', '/api/token', { body: { token: session.refreshToken } })).status,
      ).toBe(200);
    }
    const sessionId = session.refreshToken.split('.')[0]!;
    const events = await platform.server.runtime.store.readStream(streamName('Session', sessionId));
    expect(events.map((e) => e.type)).toEqual(['SessionStarted']);
    const { startedAt, expiresAt } = events[0]!.data as { startedAt: string; expiresAt: string };
    expect(Date.parse(expiresAt) - Date.parse(startedAt)).toBe(REFRESH_TOKEN_TTL_SECONDS * 1000);
  });

  it('a session past its lifetime refuses its refresh token and every access token naming it', async () => {
    const { runtime } = platform.server;
    const refresh = newRefreshToken();
    const day = 24 * 60 * 60 * 1000;
    const appended = await runtime.store.append(
      streamName('Session', refresh.sessionId),
      [
        {
          id: randomUUID(),
          type: 'SessionStarted',
          data: {
            sessionId: refresh.sessionId,
            userId: 1,
            refreshTokenHash: refresh.hash,
            startedAt: new Date(Date.now() - 15 * day).toISOString(),
            expiresAt: new Date(Date.now() - day).toISOString(),
          },
          metadata: {
            actorId: 1,
            correlationId: 'expired',
            causationId: null,
            occurredAt: new Date().toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await runtime.waiter.waitFor(appended.position, ['SessionStarted'], 30_000);
    const refused = await api().request('POST', '/api/token', { body: { token: refresh.token } });
    expect(refused.body).toEqual({ status: 401, message: messages.sessionExpired });
    // A well-signed access token that names the expired session, fresh as it is, is refused too.
    const access = await runtime.tokens.issue({ userId: 1, sessionId: refresh.sessionId });
    expect((await api().request('GET', '/api/user/current', { token: access })).status).toBe(401);
  });
});

describe('5. TRUST_PROXY', () => {
  let proxied: TestPlatform;
  beforeAll(async () => {
    proxied = await startTestPlatform({
      env: { TRUST_PROXY: '1' },
      rateLimits: { loginPerIp: { points: 2, duration: 600 } },
    });
  });
  afterAll(async () => {
    await proxied?.stop();
  });

  it('limits sign-ins per visitor behind the proxy, not per proxy', async () => {
    // Addresses of this run only: the limits live in a shared Redis.
    const visitor = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
    const [first, second] = [visitor(), visitor()];
    const signIn = (address: string) =>
      proxied.api.request('POST', '/api/login', {
        body: { email: 'nobody@test.example', password: 'wrong password 1' },
        headers: { 'x-forwarded-for': address },
      });
    expect((await signIn(first)).status).toBe(404);
    expect((await signIn(first)).status).toBe(404);
    expect((await signIn(first)).status).toBe(429);
    // Another visitor behind the same proxy is not locked out with the first.
    expect((await signIn(second)).status).toBe(404);
    // What the client wrote before the proxy's entry is not believed.
    expect((await signIn(`${second}, ${first}`)).status).toBe(429);
  });
});
