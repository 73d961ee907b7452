import { messages } from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform, tokenInMail } from '../testing/platform';

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
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function member(email: string, password = 'member password 1') {
  const id = await platform.createUser({ email, password, name: '회원' });
  const session = await api().login(email, password);
  return { id, ...session };
}

function photoForm(data: Buffer, filename = 'me.png', fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set('name', fields.name ?? '사진 회원');
  form.set('attachmentChanged', 'true');
  form.set('filesSize', JSON.stringify({ [filename]: data.length }));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('attachment0', new Blob([data]), filename);
  return form;
}

describe('password recovery', () => {
  it('answers alike for any address, and a mailed link sets a new password once', async () => {
    await member('forgetful@test.example');
    const known = await api().request('POST', '/api/password/forgot', {
      body: { email: 'forgetful@test.example' },
    });
    const unknown = await api().request('POST', '/api/password/forgot', {
      body: { email: 'ghost@test.example' },
    });
    expect(known.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    const token = tokenInMail(await platform.mailTo('forgetful@test.example', { subject: /비밀번호/ }));
    // The unknown address was handled alongside the known one, which has its mail by now.
    expect(await platform.mailTo('ghost@test.example', { waitMs: 300 })).toBeNull();

    const weak = await api().request('POST', '/api/password/reset', { body: { token, password: 'short' } });
    expect(weak.body.errors).toEqual({ password: messages.minLength(12) });
    expect(
      (
        await api().request('POST', '/api/password/reset', {
          body: { token, password: 'a brand new password' },
        })
      ).status,
    ).toBe(204);
    const reused = await api().request('POST', '/api/password/reset', {
      body: { token, password: 'another new password' },
    });
    expect(reused.body).toEqual({ status: 410, message: messages.linkExpired });
    expect(
      (
        await api().request('POST', '/api/login', {
          body: { email: 'forgetful@test.example', password: 'member password 1' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api().request('POST', '/api/login', {
          body: { email: 'forgetful@test.example', password: 'a brand new password' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('changing the password', () => {
  it('needs the current password and ends every session, giving the user a new one', async () => {
    const user = await member('changer@test.example');
    const other = await api().login('changer@test.example', 'member password 1');
    const wrong = await api().request('PUT', '/api/user/current/password', {
      token: user.token,
      body: { currentPassword: 'not it', newPassword: 'the next password' },
    });
    expect(wrong.body).toEqual({
      status: 400,
      message: messages.wrongCurrentPassword,
      errors: { currentPassword: messages.wrongCurrentPassword },
    });
    const changed = await api().request('PUT', '/api/user/current/password', {
      token: user.token,
      body: { currentPassword: 'member password 1', newPassword: 'the next password' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.user.user.id).toBe(user.id);
    for (const stale of [user.token, other.token]) {
      expect((await api().request('GET', '/api/user/current', { token: stale })).status).toBe(401);
    }
    for (const refreshToken of [user.refreshToken, other.refreshToken]) {
      expect((await api().request('POST', '/api/token', { body: { token: refreshToken } })).status).toBe(401);
    }
    expect((await api().request('GET', '/api/user/current', { token: changed.body.token })).status).toBe(200);
    expect(
      (await api().request('POST', '/api/token', { body: { token: changed.body.refreshToken } })).status,
    ).toBe(200);
  });
});

describe('sign-in limits', () => {
  it('pauses an account after ten failed sign-ins, even for the right password', async () => {
    await member('guessed@test.example');
    for (let i = 0; i < 10; i++) {
      const failed = await api().request('POST', '/api/login', {
        body: { email: 'guessed@test.example', password: `guess ${i}` },
      });
      expect(failed.status).toBe(404);
    }
    const paused = await api().request('POST', '/api/login', {
      body: { email: 'guessed@test.example', password: 'member password 1' },
    });
    expect(paused.status).toBe(429);
    expect(paused.body.message).toBe(messages.tooManyRequests);
    expect(
      (await api().request('POST', '/api/login', { body: { email: ADMIN.email, password: ADMIN.password } }))
        .status,
    ).toBe(200);
  });
});

describe('profile', () => {
  it('changes the name and photo with the upload payload, and serves the photo', async () => {
    const user = await member('photo@test.example');
    const saved = await api().request('PUT', '/api/user/current', {
      token: user.token,
      form: photoForm(PNG),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({
      name: '사진 회원',
      image: { id: expect.any(Number), name: expect.stringMatching(/\.png$/) },
    });
    const image = await api().request('GET', `/api/image/user/${user.id}/${saved.body.user.image.name}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    const renamed = await api().request('PUT', '/api/user/current', {
      token: user.token,
      body: { name: '이름만 바꿈' },
    });
    expect(renamed.body.user).toMatchObject({ name: '이름만 바꿈', image: saved.body.user.image });

    const removed = await api().request('PUT', '/api/user/current', {
      token: user.token,
      body: { name: '이름만 바꿈', attachmentChanged: true },
    });
    expect(removed.body.user.image).toBeNull();
    expect(
      (await api().request('GET', `/api/image/user/${user.id}/${saved.body.user.image.name}`)).status,
    ).toBe(404);
  });

  it('checks the photo by its content and size', async () => {
    const user = await member('fake-photo@test.example');
    const text = await api().request('PUT', '/api/user/current', {
      token: user.token,
      form: photoForm(Buffer.from('<svg onload=alert(1)>'), 'innocent.png'),
    });
    expect(text.body).toEqual({
      status: 400,
      message: messages.imageRequired,
      errors: { attachment0: messages.imageRequired },
    });
    const large = Buffer.alloc(10_000_001);
    PNG.copy(large);
    const tooLarge = await api().request('PUT', '/api/user/current', {
      token: user.token,
      form: photoForm(large),
    });
    expect(tooLarge.body).toEqual({ status: 413, message: '10mb maximum' });
    const invalidName = await api().request('PUT', '/api/user/current', {
      token: user.token,
      body: { name: '가'.repeat(51) },
    });
    expect(invalidName.body.errors).toEqual({ name: messages.maxLength(50) });
  });

  it('changes the marketing consent and keeps its version', async () => {
    const user = await member('marketing@test.example');
    const agreed = await api().request('PUT', '/api/user/current/marketing', {
      token: user.token,
      body: { agreed: true },
    });
    expect(agreed.body.user.marketingAgreed).toBe(true);
    expect(agreed.body.agreements).toContainEqual({ code: 'Marketing', agreed: true });
    const withdrawn = await api().request('PUT', '/api/user/current/marketing', {
      token: user.token,
      body: { agreed: false },
    });
    expect(withdrawn.body.agreements).toContainEqual({ code: 'Marketing', agreed: false });
  });

  it('keeps the business profile for business roles', async () => {
    const user = await member('personal-only@test.example');
    const refused = await api().request('PUT', '/api/user/current/business', {
      token: user.token,
      body: {
        registrationNumber: '1248100998',
        representative: '대표',
        mobile: '01012345678',
        description: '설명',
      },
    });
    expect(refused.status).toBe(403);
  });
});

describe('user administration', () => {
  it('creates accounts with a password, or invites the owner to set one', async () => {
    const withPassword = await api().request('POST', '/api/user', {
      token: admin,
      body: {
        email: 'staff@test.example',
        name: '직원',
        roles: ['Designer'],
        password: 'designer password 1',
      },
    });
    expect(withPassword.status).toBe(201);
    expect(withPassword.body).toMatchObject({
      email: 'staff@test.example',
      roles: ['Designer'],
      status: 'Active',
    });
    expect(
      (
        await api().request('POST', '/api/login', {
          body: { email: 'staff@test.example', password: 'designer password 1' },
        })
      ).status,
    ).toBe(200);

    const invited = await api().request('POST', '/api/user', {
      token: admin,
      body: { email: 'partner@test.example', name: '협력사', roles: ['DesignManager'] },
    });
    expect(invited.body.status).toBe('Pending');
    // The record's version is its stream's revision, invitation included: an edit with it works.
    const shown = await api().request('GET', `/api/user/${invited.body.id}`, { token: admin });
    const renamed = await api().request('PUT', `/api/user/${invited.body.id}`, {
      token: admin,
      headers: { 'if-match': shown.headers.get('etag')! },
      body: { ...shown.body, name: '협력사 담당' },
    });
    expect(renamed.status).toBe(200);
    const mail = await platform.mailTo('partner@test.example');
    expect(mail?.subject).toContain('계정이 만들어졌습니다');
    const reset = await api().request('POST', '/api/password/reset', {
      body: { token: tokenInMail(mail), password: 'partner password 1' },
    });
    expect(reset.status).toBe(204);
    const session = await api().login('partner@test.example', 'partner password 1');
    expect(session.user.user.status).toBe('Active');

    const invalid = await api().request('POST', '/api/user', {
      token: admin,
      body: { email: 'x@test.example', name: 'x', roles: [] },
    });
    expect(invalid.body.errors).toEqual({ roles: messages.rolesRequired });
    const badRole = await api().request('POST', '/api/user', {
      token: admin,
      body: { email: 'x@test.example', name: 'x', roles: ['King'] },
    });
    expect(badRole.body.errors).toEqual({ 'roles.0': messages.invalidRole });
  });

  it('edits roles, status, groups and ERP codes; group member counts follow', async () => {
    const user = await member('edited@test.example');
    const group = (
      await api().request('POST', '/api/usergroup', {
        token: admin,
        body: { name: '편집 그룹', description: '회원' },
      })
    ).body;
    const current = (await api().request('GET', `/api/user/${user.id}`, { token: admin })).body;
    const edited = await api().request('PUT', `/api/user/${user.id}`, {
      token: admin,
      headers: { 'if-match': `"${current.version}"` },
      body: {
        ...current,
        name: '편집됨',
        roles: ['Designer', 'PersonalPro'],
        groups: [group.id],
        erpId: 'ERP00001',
        bpCode: 'BP0001',
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: '편집됨',
      roles: ['Designer', 'PersonalPro'],
      groups: [group.id],
      erpId: 'ERP00001',
      bpCode: 'BP0001',
    });
    expect((await api().request('GET', `/api/usergroup/${group.id}`, { token: admin })).body.members).toBe(1);

    const stale = await api().request('PUT', `/api/user/${user.id}`, {
      token: admin,
      headers: { 'if-match': `"${current.version}"` },
      body: { ...current, status: 'Inactive' },
    });
    expect(stale.status).toBe(412);

    const tooLong = await api().request('PUT', `/api/user/${user.id}`, {
      token: admin,
      body: { ...edited.body, erpId: '123456789', bpCode: '1234567' },
    });
    expect(tooLong.body.errors).toEqual({ erpId: messages.maxLength(8), bpCode: messages.maxLength(6) });
    const unknownGroup = await api().request('PUT', `/api/user/${user.id}`, {
      token: admin,
      body: { ...edited.body, groups: [987654] },
    });
    expect(unknownGroup.body.errors).toEqual({ groups: messages.unknownGroups });
    const deletedStatus = await api().request('PUT', `/api/user/${user.id}`, {
      token: admin,
      body: { ...edited.body, status: 'Deleted' },
    });
    expect(deletedStatus.status).toBe(400);

    // Deactivating ends the user's sessions at once.
    const inactive = await api().request('PUT', `/api/user/${user.id}`, {
      token: admin,
      body: { ...edited.body, status: 'Inactive', groups: [] },
    });
    expect(inactive.body.status).toBe('Inactive');
    expect((await api().request('GET', '/api/user/current', { token: user.token })).status).toBe(401);
    expect((await api().request('POST', '/api/token', { body: { token: user.refreshToken } })).status).toBe(
      401,
    );
    expect((await api().request('GET', `/api/usergroup/${group.id}`, { token: admin })).body.members).toBe(0);

    const history = await api().request('GET', `/api/history/User/${user.id}`, { token: admin });
    expect(history.body.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining([
        'UserRolesChanged',
        'UserGroupsChanged',
        'UserErpChanged',
        'UserStatusChanged',
        'UserSessionsRevoked',
      ]),
    );
  });

  it('will not let an Admin lock themselves out', async () => {
    const self = (await api().request('GET', '/api/user/1', { token: admin })).body;
    const demoted = await api().request('PUT', '/api/user/1', {
      token: admin,
      body: { ...self, roles: ['Designer'] },
    });
    expect(demoted.body).toEqual({ status: 409, message: messages.cannotLockOutSelf });
    expect((await api().request('DELETE', '/api/user/1', { token: admin })).body).toEqual({
      status: 409,
      message: messages.cannotEraseSelf,
    });
  });

  it('lists users sorted, searched and filtered by role and status, to those who may read them', async () => {
    const byRole = await api().list('user', admin, { filter: { roles: 'Designer' }, sort: ['email', 'ASC'] });
    expect(byRole.body.every((u: { roles: string[] }) => u.roles.includes('Designer'))).toBe(true);
    expect(byRole.body.length).toBeGreaterThan(0);
    const active = await api().list('user', admin, { filter: { status: 'Active', q: 'test.example' } });
    expect(active.body.every((u: { status: string }) => u.status === 'Active')).toBe(true);
    for (const field of ['name', 'email', 'status', 'registered', 'lastConnected']) {
      expect((await api().list('user', admin, { sort: [field, 'DESC'] })).status).toBe(200);
    }
    const user = await member('not-admin@test.example');
    const unseen = await api().list('user', user.token);
    expect(unseen.body).toEqual([]);
    expect(unseen.headers.get('content-range')).toBe('user */0');
    expect((await api().request('POST', '/api/user', { token: user.token, body: {} })).status).toBe(403);
  });
});

describe('erasing a user', () => {
  it('makes their personal data unreadable everywhere, keeping the history', async () => {
    const mobile = '01055557777';
    await api().request('POST', '/api/code', { body: { mobile } });
    const signup = await api().request('POST', '/api/signup/personal', {
      body: {
        email: 'erase.me@test.example',
        password: 'erase me password',
        name: '지울사람',
        mobile,
        code: platform.sms.lastCodeFor(mobile),
        agreements: [
          { code: 'TOS', agreed: true },
          { code: 'PrivacyPolicy', agreed: true },
          { code: 'PersonalInfoCollection', agreed: true },
        ],
      },
    });
    const id = signup.body.id;
    await platform.mailTo('erase.me@test.example');
    await platform.server.runtime.db.knex('client_logs').insert({
      userId: id,
      level: 'info',
      type: 'navigation',
      message: '지울사람의 화면',
      occurredAt: new Date(),
    });

    const erased = await api().request('DELETE', `/api/user/${id}`, { token: admin });
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ id, email: 'erase.me@test.example' });

    const record = await api().request('GET', `/api/user/${id}`, { token: admin });
    expect(record.body).toMatchObject({ id, name: null, email: null, status: 'Deleted' });
    const history = await api().request('GET', `/api/history/User/${id}`, { token: admin });
    expect(history.body[0].data).toMatchObject({ email: null, name: null, mobile: null });
    expect(history.body.at(-1).type).toBe('UserErased');

    const knex = platform.server.runtime.db.knex;
    const raw = JSON.stringify(await knex('events').select('data', 'metadata', 'stream'));
    for (const secret of ['erase.me@test.example', '지울사람', mobile]) expect(raw).not.toContain(secret);
    expect(await knex('mail_outbox').where({ userId: id })).toEqual([]);
    expect(await knex('client_logs').where({ userId: id })).toEqual([]);
    expect(JSON.stringify(await knex('users').where({ id }))).not.toContain('지울사람');

    // A rebuilt read model cannot open the sealed fields either.
    const { requestRebuild, allProjections } = await import('@interior/projections');
    const users = allProjections.find((p) => p.name === 'users')!;
    const generation = await requestRebuild(knex, users);
    for (let i = 0; i < 200; i++) {
      const row = await knex('projection_generations').where({ name: 'users', generation }).first('status');
      if (row?.status === 'active') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(
      (await knex('projection_generations').where({ name: 'users', generation }).first('status')).status,
    ).toBe('active');
    expect(await knex('users').where({ id }).first('name', 'email', 'mobile', 'status')).toEqual({
      name: null,
      email: null,
      mobile: null,
      status: 'Deleted',
    });

    expect(
      (
        await api().request('POST', '/api/login', {
          body: { email: 'erase.me@test.example', password: 'erase me password' },
        })
      ).status,
    ).toBe(404);
    expect((await api().request('DELETE', `/api/user/${id}`, { token: admin })).status).toBe(404);
    // The address is free again.
    const again = await api().request('POST', '/api/user', {
      token: admin,
      body: {
        email: 'erase.me@test.example',
        name: '새 사람',
        roles: ['PersonalFree'],
        password: 'a new person password',
      },
    });
    expect(again.status).toBe(201);
  });
});

describe('erasing a signed-in user', () => {
  it('ends their sessions at once, in the API and in the sessions read model', async () => {
    const user = await member('erased.while.signed.in@test.example');
    expect((await api().request('GET', '/api/user/current', { token: user.token })).status).toBe(200);

    expect((await api().request('DELETE', `/api/user/${user.id}`, { token: admin })).status).toBe(200);

    expect((await api().request('GET', '/api/user/current', { token: user.token })).status).toBe(401);
    expect((await api().request('POST', '/api/token', { body: { token: user.refreshToken } })).status).toBe(
      401,
    );
    const knex = platform.server.runtime.db.knex;
    const sessions = await knex('user_sessions').where({ userId: user.id }).select('revokedAt');
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s: { revokedAt: Date | null }) => s.revokedAt !== null)).toBe(true);
  });
});

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
