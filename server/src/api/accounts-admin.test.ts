import { messages } from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform, tokenInMail } from '../testing/platform';
import { recordLog } from '../testing/record-history';

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

    const history = await recordLog(api(), admin, `User/${user.id}`);
    expect(history.rows.map((e) => e.type)).toEqual(
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
