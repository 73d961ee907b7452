import { type Ace, messages } from '@interior/contracts';
import {
  admin,
  api,
  groups,
  groupTypeAces,
  named,
  type Persona,
  platform,
  setAcl,
  setUpPersonas,
  stopPlatform,
  subject,
  userAce,
} from '../testing/authorization-matrix';
import { ADMIN } from '../testing/platform';
import { recordedEvents, recordLog } from '../testing/record-history';

beforeAll(setUpPersonas);
afterAll(stopPlatform);

describe('granting and revoking', () => {
  it('lets a Designer read exactly the granted group, stops at once on revoke, and records both', async () => {
    const designer = named('Designer');
    const group = groups.none;
    const other = groups.write;
    expect((await api().request('GET', `/api/usergroup/${group}`, { token: designer.token! })).status).toBe(
      404,
    );

    await setAcl(`UserGroup/${group}`, [userAce(designer, 'Read')]);
    expect((await api().request('GET', `/api/usergroup/${group}`, { token: designer.token! })).status).toBe(
      200,
    );
    expect((await api().request('GET', `/api/usergroup/${other}`, { token: designer.token! })).status).toBe(
      404,
    );
    const list = await api().list('usergroup', designer.token!);
    expect(list.body.map((g: { id: number }) => g.id)).toEqual([group]);
    expect(list.headers.get('content-range')).toBe('usergroup 0-0/1');
    expect(
      (
        await api().request('PUT', `/api/usergroup/${group}`, {
          token: designer.token!,
          body: { name: 'x', description: 'y' },
        })
      ).status,
    ).toBe(403);
    // Read on the group is not Read on its grants: the ACL and the grant changes stay hidden.
    expect(
      (await api().request('GET', `/api/acl/UserGroup/${group}`, { token: designer.token! })).status,
    ).toBe(403);
    const seen = await recordLog(api(), designer.token!, `UserGroup/${group}`);
    expect(seen.rows.map((e) => e.type)).toEqual(['UserGroupCreated']);

    const info = await api().request('GET', `/api/acl/info/UserGroup/${group}`, { token: admin.token! });
    expect(info.body).toEqual([
      {
        identity: { type: 'User', id: designer.userId },
        permission: 'Read',
        label: '테스트 사용자 (designer@matrix.example)',
      },
    ]);

    await setAcl(`UserGroup/${group}`, []);
    expect((await api().request('GET', `/api/usergroup/${group}`, { token: designer.token! })).status).toBe(
      404,
    );

    const history = await recordLog(api(), admin.token!, `UserGroup/${group}`);
    const changes = history.rows.filter((e) => e.type === 'AclChanged');
    expect(changes.map((e) => e.revision)).toEqual([null, null]);
    expect(changes[0]!.actor).toEqual({ id: 1, name: '관리자' });
    const recorded = await recordedEvents(platform, 'Acl-UserGroup', group);
    expect(recorded.map((e) => (e.data as { aces: Ace[] }).aces.length)).toEqual([1, 0]);
  });

  it('answers each user what it holds, per type and per record', async () => {
    const mine = async (p: Persona) =>
      (await api().request('GET', '/api/permission/mine', { token: p.token! })).body.types;
    expect((await mine(admin)).UserGroup).toEqual({ type: 'Admin', records: null });
    expect((await mine(named('TypeReader'))).UserGroup).toEqual({ type: 'Read', records: null });
    expect((await mine(named('Grantee'))).UserGroup).toEqual({ type: null, records: 'Read' });
    expect((await mine(named('Member'))).UserGroup).toEqual({ type: null, records: 'Read' });
    expect((await mine(named('Manager'))).UserGroup).toEqual({ type: null, records: 'Admin' });
    expect((await mine(named('UserReader'))).User).toEqual({ type: null, records: 'Read' });
    const designer = await mine(named('Designer'));
    expect(designer.Notice).toEqual({ type: 'Read', records: null });
    expect(designer.UserGroup).toEqual({ type: null, records: null });
    const one = (p: Persona, path: string) =>
      api().request('GET', `/api/permission/mine/${path}`, { token: p.token! });
    expect((await one(named('Manager'), `UserGroup/${groups.managed}`)).body).toEqual({
      permission: 'Admin',
    });
    expect((await one(named('Manager'), `UserGroup/${groups.read}`)).body).toEqual({ permission: null });
    expect((await one(named('TypeAdmin'), `UserGroup/${groups.read}`)).body).toEqual({ permission: 'Admin' });
    expect((await one(admin, 'UserGroup/abc')).status).toBe(400);
  });

  it('validates grants: ids within int4, numbers only, no unknown keys, at most 500', async () => {
    const token = admin.token!;
    const put = (path: string, body: unknown) => api().request('PUT', `/api/acl/${path}`, { token, body });
    const none = `UserGroup/${groups.none}`;
    for (const path of [
      '/api/acl/UserGroup/2147483648',
      '/api/acl/info/UserGroup/2147483648',
      '/api/history/UserGroup/2147483648/log',
      '/api/acl/UserGroup/1e3',
      '/api/acl/UserGroup/-1',
    ]) {
      const answer = await api().request('GET', path, { token });
      expect({ path, answer: answer.body }).toEqual({
        path,
        answer: { status: 400, message: messages.invalidId, errors: { id: messages.invalidId } },
      });
    }
    const tooBig = await put(none, [{ identity: { type: 'User', id: 2147483648 }, permission: 'Read' }]);
    expect(tooBig.body.errors).toEqual({ '0.identity.id': messages.invalidId });
    const targetTooBig = await api().request('POST', '/api/identity/target', {
      token,
      body: [{ type: 'User', id: 2147483648 }],
    });
    expect(targetTooBig.status).toBe(400);
    const asText = await put(none, [
      { identity: { type: 'User', id: String(admin.userId) }, permission: 'Read' },
    ]);
    expect(asText.body.errors).toEqual({ '0.identity.id': messages.invalidId });
    const extraKey = await put(none, [
      { identity: { type: 'User', id: 1, role: 'Admin' }, permission: 'Read' },
    ]);
    expect(extraKey.body.errors).toEqual({ '0.identity': messages.unknownFields(['role']) });
    const extraAceKey = await put(none, [
      { identity: { type: 'User', id: 1 }, permission: 'Read', until: 'x' },
    ]);
    expect(extraAceKey.status).toBe(400);
    const many = Array.from({ length: 501 }, (_, i) => ({
      identity: { type: 'User', id: i + 1 },
      permission: 'Read',
    }));
    expect((await put(none, many)).body).toMatchObject({ status: 400, message: messages.tooManyGrants(500) });
    const manyTargets = await api().request('POST', '/api/identity/target', {
      token,
      body: many.map((a) => a.identity),
    });
    expect(manyTargets.body).toMatchObject({ status: 400, message: messages.tooManyIdentities(500) });

    const bad = await put(none, [{ identity: { type: 'Role', role: 'King' }, permission: 'Read' }]);
    expect(bad.status).toBe(400);
    const badPermission = await put(none, [{ identity: { type: 'User', id: 1 }, permission: 'Owner' }]);
    expect(badPermission.body.errors).toEqual({ '0.permission': messages.invalidPermission });
    const twice = await put(none, [
      { identity: { type: 'User', id: 1 }, permission: 'Read' },
      { identity: { type: 'User', id: 1 }, permission: 'Write' },
    ]);
    expect(twice.body.message).toBe(messages.duplicateIdentity);
    const ghost = await put(none, [{ identity: { type: 'User', id: 99999 }, permission: 'Read' }]);
    expect(ghost.body).toEqual({ status: 400, message: messages.unknownIdentity });
    expect((await api().request('GET', '/api/acl/Spaceship/1', { token })).status).toBe(400);
  });

  it('knows no record that never existed: 404 for its ACL and history, even to an Admin', async () => {
    const token = admin.token!;
    for (const [method, path] of [
      ['GET', '/api/acl/UserGroup/999999'],
      ['GET', '/api/acl/info/UserGroup/999999'],
      ['PUT', '/api/acl/UserGroup/999999'],
      ['GET', '/api/history/UserGroup/999999/log'],
      ['GET', '/api/history/User/999999/state?revision=0'],
      // 0 is a well-formed object id (ids are non-negative) that no record has.
      ['GET', '/api/acl/UserGroup/0'],
      ['GET', '/api/acl/info/UserGroup/0'],
      ['PUT', '/api/acl/UserGroup/0'],
      ['GET', '/api/history/UserGroup/0/log'],
    ] as const) {
      const answer = await api().request(method, path, { token, ...(method === 'PUT' ? { body: [] } : {}) });
      expect({ method, path, status: answer.status }).toEqual({ method, path, status: 404 });
    }
    // A deleted group keeps its history.
    const created = await api().request('POST', '/api/usergroup', {
      token,
      body: { name: '지울 그룹', description: '이력 확인' },
    });
    await api().request('DELETE', `/api/usergroup/${created.body.id}`, { token });
    const history = await recordLog(api(), token, `UserGroup/${created.body.id}`);
    expect(history.rows.filter((e) => e.revision !== null).map((e) => e.type)).toEqual([
      'UserGroupCreated',
      'UserGroupDeleted',
    ]);
  });

  it('keeps the directory to what each caller may read', async () => {
    const manager = named('Manager');
    const search = await api().request('GET', '/api/permission/target?keyword=@', { token: manager.token! });
    expect(search.status).toBe(200);
    // Nobody's address but its own.
    expect(search.body).toEqual([
      { identity: { type: 'User', id: manager.userId }, label: '테스트 사용자 (manager@matrix.example)' },
    ]);
    const byName = await api().request('GET', '/api/permission/target?keyword=권한', {
      token: manager.token!,
    });
    expect(byName.body).toEqual([{ identity: { type: 'Group', id: groups.managed }, label: '권한 managed' }]);
    const roleFound = await api().request('GET', '/api/identity?keyword=디자이너', { token: manager.token! });
    expect(roleFound.body).toEqual([{ type: 'Role', role: 'Designer' }]);
    const resolved = await api().request('POST', '/api/identity/target', {
      token: manager.token!,
      body: [
        { type: 'User', id: named('Grantee').userId },
        { type: 'Group', id: groups.managed },
        { type: 'Group', id: groups.none },
      ],
    });
    expect(resolved.body).toEqual([
      { identity: { type: 'User', id: named('Grantee').userId } },
      { identity: { type: 'Group', id: groups.managed }, label: '권한 managed' },
      { identity: { type: 'Group', id: groups.none } },
    ]);
    // The user administrator reads the users it holds Admin on, and only those.
    const userAdmin = named('UserAdmin');
    const found = await api().request('GET', '/api/identity?keyword=subject', { token: userAdmin.token! });
    expect(found.body).toEqual([{ type: 'User', id: subject }]);
    expect(
      (await api().request('GET', '/api/identity?keyword=admin@test', { token: userAdmin.token! })).body,
    ).toEqual([]);
    // Nor can a manager grant to someone it may not read (the same answer as for no one at all).
    const unseen = await api().request('PUT', `/api/acl/UserGroup/${groups.managed}`, {
      token: manager.token!,
      body: [userAce(manager, 'Admin'), userAce(named('Grantee'), 'Read')],
    });
    expect(unseen.body).toEqual({ status: 400, message: messages.unknownIdentity });

    const admins = await api().request('GET', '/api/permission/target?keyword=designer', {
      token: admin.token!,
    });
    expect(admins.body).toEqual(
      expect.arrayContaining([
        {
          identity: { type: 'User', id: named('Designer').userId },
          label: '테스트 사용자 (designer@matrix.example)',
        },
        { identity: { type: 'Role', role: 'Designer' }, label: '협력사 디자이너 (Designer)' },
      ]),
    );
    const byGroup = await api().request('GET', '/api/identity?keyword=권한 team', { token: admin.token! });
    expect(byGroup.body).toEqual([{ type: 'Group', id: groups.team }]);
    const labelled = await api().request('POST', '/api/identity/target', {
      token: admin.token!,
      body: [
        { type: 'Group', id: groups.team },
        { type: 'User', id: 1 },
      ],
    });
    expect(labelled.body).toEqual([
      { identity: { type: 'Group', id: groups.team }, label: '권한 team' },
      { identity: { type: 'User', id: 1 }, label: `관리자 (${ADMIN.email})` },
    ]);
    expect((await api().request('GET', '/api/identity', { token: admin.token! })).status).toBe(400);
  });

  it('records type-level grants in the history of the type', async () => {
    const history = await api().request('GET', '/api/history/UserGroup', { token: admin.token! });
    expect(history.status).toBe(200);
    expect(history.body.length).toBeGreaterThan(0);
    // Newest first: the type's first grants are the last row.
    expect(history.body.at(-1)).toMatchObject({
      type: 'AclChanged',
      data: { type: 'UserGroup', id: null, aces: groupTypeAces },
      revision: 0,
      actor: { id: 1, name: '관리자' },
      occurredAt: expect.any(String),
      position: expect.any(String),
    });
    const typeAdmin = await api().request('GET', '/api/history/UserGroup', {
      token: named('TypeAdmin').token!,
    });
    expect(typeAdmin.status).toBe(200);
    expect((await api().request('GET', '/api/history/Notice', { token: admin.token! })).body).toEqual([]);
    expect((await api().request('GET', '/api/history/Spaceship', { token: admin.token! })).status).toBe(400);
  });
});
