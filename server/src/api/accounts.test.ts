import { randomBytes, randomUUID } from 'node:crypto';
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

  it('changes the mobile number only with the SMS code sent to the new number, and uses it up', async () => {
    const user = await member('new-number@test.example');
    const mobile = '01012345679';
    const noCode = await api().request('PUT', '/api/user/current', {
      token: user.token,
      body: { name: '회원', mobile },
    });
    expect(noCode.body).toEqual({
      status: 400,
      message: messages.invalidMobileCode,
      errors: { code: messages.invalidMobileCode },
    });

    expect((await api().request('POST', '/api/code', { body: { mobile } })).status).toBe(202);
    const code = platform.sms.lastCodeFor(mobile);
    const wrong = await api().request('PUT', '/api/user/current', {
      token: user.token,
      body: { name: '회원', mobile, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.body.errors).toEqual({ code: messages.invalidMobileCode });
    // A code sent to another number proves nothing about this one.
    const otherNumber = await api().request('PUT', '/api/user/current', {
      token: user.token,
      body: { name: '회원', mobile: '01012345670', code },
    });
    expect(otherNumber.body.errors).toEqual({ code: messages.invalidMobileCode });
    expect(
      (await api().request('GET', '/api/user/current', { token: user.token })).body.user.mobile,
    ).toBeNull();

    const changed = await api().request('PUT', '/api/user/current', {
      token: user.token,
      body: { name: '회원', mobile, code },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.user.mobile).toBe(mobile);
    expect((await api().request('HEAD', `/api/code/${mobile}/${code}`)).status).toBe(404);
    // The same number again needs no code; the name alone changes freely.
    const renamed = await api().request('PUT', '/api/user/current', {
      token: user.token,
      body: { name: '새 이름', mobile },
    });
    expect(renamed.body.user).toMatchObject({ name: '새 이름', mobile });
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
    // Most recent sign-in first: users who never signed in come last, not first.
    await platform.createUser({ email: 'never.signed.in@test.example', password: 'never signed in 1' });
    const recent = await api().list('user', admin, { sort: ['lastConnected', 'DESC'], range: [0, 999] });
    const connected = recent.body.map((u: { lastConnected: string | null }) => u.lastConnected !== null);
    expect(connected[0]).toBe(true);
    expect(connected.indexOf(false)).toBeGreaterThan(0);
    expect(connected.slice(connected.indexOf(false))).not.toContain(true);
    const user = await member('not-admin@test.example');
    const unseen = await api().list('user', user.token);
    expect(unseen.body).toEqual([]);
    expect(unseen.headers.get('content-range')).toBe('user */0');
    expect((await api().request('POST', '/api/user', { token: user.token, body: {} })).status).toBe(403);
  });
});

describe('administering users through an Admin grant', () => {
  const grantOnUser = async (holder: number, target?: number) => {
    const path = target ? `/api/acl/User/${target}` : '/api/acl/User';
    const response = await api().request('PUT', path, {
      token: admin,
      body: [{ identity: { type: 'User', id: holder }, permission: 'Admin' }],
    });
    expect(response.status).toBe(204);
  };

  it('does not let a holder of an Admin grant on their own record make themselves Admin', async () => {
    const user = await member('self.promoter@test.example');
    await grantOnUser(user.id, user.id);
    const self = (await api().request('GET', `/api/user/${user.id}`, { token: user.token })).body;
    const promoted = await api().request('PUT', `/api/user/${user.id}`, {
      token: user.token,
      body: { ...self, roles: ['Admin'] },
    });
    expect(promoted.body).toEqual({ status: 403, message: messages.forbidden });
    // Nor change their own roles or status in any other way.
    const otherRole = await api().request('PUT', `/api/user/${user.id}`, {
      token: user.token,
      body: { ...self, roles: ['PersonalPro'] },
    });
    expect(otherRole.body).toEqual({ status: 403, message: messages.forbidden });
    const status = await api().request('PUT', `/api/user/${user.id}`, {
      token: user.token,
      body: { ...self, status: 'Pending' },
    });
    expect(status.body).toEqual({ status: 403, message: messages.forbidden });
    // What the grant is for still works: the name.
    const renamed = await api().request('PUT', `/api/user/${user.id}`, {
      token: user.token,
      body: { ...self, name: '자기 이름' },
    });
    expect(renamed.status).toBe(200);
    expect((await api().request('GET', `/api/user/${user.id}`, { token: admin })).body.roles).toEqual([
      'PersonalFree',
    ]);
  });

  it('lets a holder of an Admin grant on the User type manage roles, but not give or take Admin', async () => {
    const manager = await member('user.manager@test.example');
    await grantOnUser(manager.id);
    const withAdmin = await api().request('POST', '/api/user', {
      token: manager.token,
      body: {
        email: 'made.admin@test.example',
        name: '관리자 후보',
        roles: ['Admin'],
        password: 'made admin password',
      },
    });
    expect(withAdmin.body).toEqual({ status: 403, message: messages.forbidden });
    expect(
      (
        await api().request('POST', '/api/login', {
          body: { email: 'made.admin@test.example', password: 'made admin password' },
        })
      ).status,
    ).toBe(404);

    const designer = await api().request('POST', '/api/user', {
      token: manager.token,
      body: {
        email: 'made.designer@test.example',
        name: '디자이너',
        roles: ['Designer'],
        password: 'made designer password',
      },
    });
    expect(designer.status).toBe(201);
    const promoted = await api().request('PUT', `/api/user/${designer.body.id}`, {
      token: manager.token,
      body: { ...designer.body, roles: ['Designer', 'Admin'] },
    });
    expect(promoted.body).toEqual({ status: 403, message: messages.forbidden });
    const changed = await api().request('PUT', `/api/user/${designer.body.id}`, {
      token: manager.token,
      body: { ...designer.body, roles: ['DesignManager'] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.roles).toEqual(['DesignManager']);

    // An Admin's role is not the grant holder's to take, nor is the Admin theirs to erase.
    const demoted = await api().request('PUT', '/api/user/1', {
      token: manager.token,
      body: { ...(await api().request('GET', '/api/user/1', { token: admin })).body, roles: ['Designer'] },
    });
    expect(demoted.body).toEqual({ status: 403, message: messages.forbidden });
    expect((await api().request('DELETE', '/api/user/1', { token: manager.token })).body).toEqual({
      status: 403,
      message: messages.forbidden,
    });
    // The Admin role may do all of it.
    const byAdmin = await api().request('PUT', `/api/user/${designer.body.id}`, {
      token: admin,
      body: { ...changed.body, roles: ['Admin'] },
    });
    expect(byAdmin.body.roles).toEqual(['Admin']);
  });
});

describe('erasing a user', () => {
  const knex = () => platform.server.runtime.db.knex;
  const keyOf = async (id: number) =>
    (
      await knex()('pii_keys')
        .where({ subject: `User-${id}` })
        .first('key')
    )?.key as Buffer | undefined;

  it('changes nothing when the append is refused: a stale If-Match leaves the user whole', async () => {
    const email = 'stale.erase@test.example';
    const user = await member(email);
    const seen = await api().request('GET', `/api/user/${user.id}`, { token: admin });
    // Someone else edits the user: the version the Admin's screen shows is stale.
    const edited = await api().request('PUT', `/api/user/${user.id}`, {
      token: admin,
      body: { ...seen.body, erpId: 'E0000001' },
    });
    expect(edited.status).toBe(200);

    const stale = await api().request('DELETE', `/api/user/${user.id}`, {
      token: admin,
      headers: { 'if-match': seen.headers.get('etag')! },
    });
    expect(stale.body).toEqual({ status: 412, message: messages.staleVersion });

    // Fully readable and working: the key is intact, every personal field opens.
    expect((await keyOf(user.id))?.length).toBe(32);
    const record = await api().request('GET', `/api/user/${user.id}`, { token: admin });
    expect(record.body).toMatchObject({ name: '회원', email, status: 'Active' });
    const history = await api().request('GET', `/api/history/User/${user.id}`, { token: admin });
    expect(history.body[0].data).toMatchObject({ email, name: '회원' });
    const renamed = await api().request('PUT', '/api/user/current', {
      token: user.token,
      body: { name: '이름 바꾼 회원' },
    });
    expect(renamed.status).toBe(200);
    const changed = await api().request('PUT', '/api/user/current/password', {
      token: user.token,
      body: { currentPassword: 'member password 1', newPassword: 'member password 2' },
    });
    expect(changed.status).toBe(200);
    expect((await api().request('POST', '/api/password/forgot', { body: { email } })).status).toBe(202);
    expect(await platform.mailTo(email, { subject: /비밀번호/ })).not.toBeNull();

    // A good DELETE, after the name change, erases fully and frees the address.
    const current = await api().request('GET', `/api/user/${user.id}`, { token: admin });
    const erased = await api().request('DELETE', `/api/user/${user.id}`, {
      token: admin,
      headers: { 'if-match': current.headers.get('etag')! },
    });
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ id: user.id, name: '이름 바꾼 회원', email });
    expect((await keyOf(user.id))?.length).toBe(0);
    expect((await api().request('GET', `/api/user/${user.id}`, { token: admin })).body).toMatchObject({
      name: null,
      email: null,
      status: 'Deleted',
    });
    const raw = JSON.stringify(
      (await api().request('GET', `/api/history/User/${user.id}`, { token: admin })).body,
    );
    for (const secret of [email, '이름 바꾼 회원']) expect(raw).not.toContain(secret);
    expect(
      (await api().request('POST', '/api/login', { body: { email, password: 'member password 2' } })).status,
    ).toBe(404);
    const again = await api().request('POST', '/api/user', {
      token: admin,
      body: { email, name: '새 주인', roles: ['PersonalFree'], password: 'the new owner password' },
    });
    expect(again.status).toBe(201);
    expect((await api().login(email, 'the new owner password')).user.user.name).toBe('새 주인');
  });

  it('never makes a new key for an erased person, and their values read as unreadable', async () => {
    const vault = platform.server.runtime.vault;
    const id = await platform.createUser({ email: 'tombstone@test.example', password: 'tombstone password' });
    const subject = `User-${id}`;
    const sealed = await vault.seal(subject, '비밀');
    expect(await vault.open(subject, sealed)).toBe('비밀');
    expect((await api().request('DELETE', `/api/user/${id}`, { token: admin })).status).toBe(200);
    expect(await vault.open(subject, sealed)).toBeNull();
    await expect(vault.seal(subject, '새 비밀')).rejects.toThrow(/erased/);
    await expect(vault.seal(subject, '새 비밀', { createKey: true })).rejects.toThrow(/erased/);
    expect((await keyOf(id))?.length).toBe(0);
  });

  it('finishes an erasure after the fact when the process died before destroying the key', async () => {
    const user = await member('crashed.erase@test.example');
    const photo = await api().request('PUT', '/api/user/current', {
      token: user.token,
      form: photoForm(PNG),
    });
    expect(photo.status).toBe(200);
    const subject = `User-${user.id}`;
    const { store } = platform.server.runtime;
    const revision = (await store.readStream(subject)).length - 1;
    const metadata = {
      actorId: 1,
      correlationId: 'crash-test',
      causationId: null,
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    };
    // What the DELETE appends, and nothing after it: as if the process had died right then.
    await store.append(
      subject,
      [
        {
          id: randomUUID(),
          type: 'UserSessionsRevoked',
          data: { reason: 'user-erased', at: new Date().toISOString() },
          metadata,
        },
        { id: randomUUID(), type: 'UserErased', data: { groups: [] }, metadata },
      ],
      { expectedRevision: revision },
    );
    let key = await keyOf(user.id);
    for (let i = 0; i < 400 && key?.length !== 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      key = await keyOf(user.id);
    }
    expect(key?.length).toBe(0);
    expect(await knex()('files').where({ ownerId: user.id })).toEqual([]);
    const history = await api().request('GET', `/api/history/User/${user.id}`, { token: admin });
    expect(history.body[0].data).toMatchObject({ email: null, name: null });
    // The address was never released; whoever registers it next takes the erased user's place.
    const again = await api().request('POST', '/api/user', {
      token: admin,
      body: {
        email: 'crashed.erase@test.example',
        name: '새 주인',
        roles: ['PersonalFree'],
        password: 'the new owner password',
      },
    });
    expect(again.status).toBe(201);
  });

  it("erases a person whose key an earlier version replaced, and nobody else's mail stalls", async () => {
    // The state the old order (key destroyed, then the append refused, then a name change) left:
    // the person's older fields sealed under a key that no longer exists, newer ones under another.
    const user = await member('replaced.key@test.example');
    await knex()('pii_keys')
      .where({ subject: `User-${user.id}` })
      .update({ key: randomBytes(32) });
    platform.server.runtime.vault.forget(`User-${user.id}`);
    // The vault warns of each value it cannot open: expected here, kept out of the test output.
    const warn = jest.spyOn(platform.server.runtime.logger, 'warn').mockImplementation(() => undefined);
    try {
      // A mail for them cannot be addressed; it must not hold up the mail of anyone else.
      await api().request('POST', '/api/password/forgot', { body: { email: 'replaced.key@test.example' } });
      await member('next.in.line@test.example');
      await api().request('POST', '/api/password/forgot', { body: { email: 'next.in.line@test.example' } });
      expect(await platform.mailTo('next.in.line@test.example', { subject: /비밀번호/ })).not.toBeNull();

      const changed = await api().request('PUT', '/api/user/current/password', {
        token: user.token,
        body: { currentPassword: 'member password 1', newPassword: 'member password 2' },
      });
      expect(changed.status).toBe(200);
      const erased = await api().request('DELETE', `/api/user/${user.id}`, { token: admin });
      expect(erased.status).toBe(200);
      // The address, read from the read model since the key cannot open it, is free again.
      const again = await api().request('POST', '/api/user', {
        token: admin,
        body: {
          email: 'replaced.key@test.example',
          name: '새 주인',
          roles: ['PersonalFree'],
          password: 'the new owner password',
        },
      });
      expect(again.status).toBe(201);
    } finally {
      warn.mockRestore();
    }
  });

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
