import { type Ace, messages, type Role, roles } from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

/**
 * The authorization matrix: every API route, walked by a user of each role, a member of a group
 * holding a grant, direct grantees of Read, Write and Admin, and nobody signed in. No 2xx where
 * nothing was granted; no list total that counts a row the caller cannot read.
 */
interface Persona {
  name: string;
  token: string | null;
  userId: number | null;
  roles: Role[];
  /** Groups this persona may read, write, and manage the ACL of (the Admin role: all). */
  reads: number[];
  writes: number[];
  manages: number[];
}

let platform: TestPlatform;
let admin: Persona;
const personas: Persona[] = [];
const groups: Record<'read' | 'write' | 'managed' | 'byRole' | 'none' | 'team', number> = {} as never;

const api = () => platform.api;
const isAdmin = (p: Persona) => p.roles.includes('Admin');
const mayRead = (p: Persona, id: number) => isAdmin(p) || p.reads.includes(id);
const mayWrite = (p: Persona, id: number) => isAdmin(p) || p.writes.includes(id);
const manages = (p: Persona, id: number) => isAdmin(p) || p.manages.includes(id);
const managesAny = (p: Persona) => isAdmin(p) || p.manages.length > 0;

async function setAcl(id: number, aces: Ace[]) {
  const response = await api().request('PUT', `/api/acl/UserGroup/${id}`, {
    token: admin.token!,
    body: aces,
  });
  expect(response.status).toBe(204);
}

async function persona(
  name: string,
  personaRoles: Role[],
  grants: Partial<Omit<Persona, 'name' | 'token' | 'roles'>> = {},
) {
  const email = `${name.toLowerCase()}@matrix.example`;
  const userId = await platform.createUser({
    email,
    password: 'matrix password 1',
    roles: personaRoles,
    accountType: personaRoles.some((r) => r.startsWith('Business')) ? 'Business' : 'Personal',
  });
  const { token } = await api().login(email, 'matrix password 1');
  const p: Persona = {
    name,
    token,
    userId,
    roles: personaRoles,
    reads: [],
    writes: [],
    manages: [],
    ...grants,
  };
  personas.push(p);
  return p;
}

beforeAll(async () => {
  platform = await startTestPlatform();
  const session = await api().login(ADMIN.email, ADMIN.password);
  admin = {
    name: 'Admin',
    token: session.token,
    userId: 1,
    roles: ['Admin'],
    reads: [],
    writes: [],
    manages: [],
  };
  personas.push(admin);
  for (const key of ['read', 'write', 'managed', 'byRole', 'none', 'team'] as const) {
    const created = await api().request('POST', '/api/usergroup', {
      token: admin.token!,
      body: { name: `권한 ${key}`, description: key },
    });
    groups[key] = created.body.id;
  }
  for (const role of roles.filter((r) => r !== 'Admin' && r !== 'PersonalPro')) await persona(role, [role]);
  await persona('PersonalPro', ['PersonalPro'], { reads: [groups.byRole] });
  const grantee = await persona('Grantee', ['Designer'], { reads: [groups.read] });
  const member = await persona('Member', ['PersonalFree'], { reads: [groups.read] });
  const writer = await persona('Writer', ['PersonalFree'], { reads: [groups.write], writes: [groups.write] });
  const manager = await persona('Manager', ['BusinessFree'], {
    reads: [groups.managed],
    writes: [groups.managed],
    manages: [groups.managed],
  });
  personas.push({
    name: 'Anonymous',
    token: null,
    userId: null,
    roles: [],
    reads: [],
    writes: [],
    manages: [],
  });

  // The member reaches group `read` through group `team`.
  const current = (await api().request('GET', `/api/user/${member.userId}`, { token: admin.token! })).body;
  await api().request('PUT', `/api/user/${member.userId}`, {
    token: admin.token!,
    body: { ...current, groups: [groups.team] },
  });
  member.token = (await api().login('member@matrix.example', 'matrix password 1')).token;

  await setAcl(groups.read, [
    { identity: { type: 'User', id: grantee.userId! }, permission: 'Read' },
    { identity: { type: 'Group', id: groups.team }, permission: 'Read' },
  ]);
  await setAcl(groups.write, [{ identity: { type: 'User', id: writer.userId! }, permission: 'Write' }]);
  await setAcl(groups.managed, [{ identity: { type: 'User', id: manager.userId! }, permission: 'Admin' }]);
  await setAcl(groups.byRole, [{ identity: { type: 'Role', role: 'PersonalPro' }, permission: 'Read' }]);
});
afterAll(async () => {
  await platform?.stop();
});

/** Expected status of an object route: allowed, else 403 when the caller may read it, else 404. */
const objectStatus = (ok: number, allowed: boolean, readable: boolean) =>
  allowed ? ok : readable ? 403 : 404;

interface Route {
  method: string;
  path: (p: Persona) => string;
  body?: (p: Persona) => unknown;
  expected: (p: Persona) => number;
}

const allGroups = () => Object.values(groups);
let unique = 0;

const routes: Route[] = [
  { method: 'GET', path: () => '/api/user/current', expected: () => 200 },
  { method: 'GET', path: () => '/api/usergroup', expected: () => 200 },
  ...(['read', 'write', 'managed', 'byRole', 'none'] as const).flatMap((key): Route[] => [
    {
      method: 'GET',
      path: () => `/api/usergroup/${groups[key]}`,
      expected: (p) => (mayRead(p, groups[key]) ? 200 : 404),
    },
    {
      method: 'GET',
      path: () => `/api/history/UserGroup/${groups[key]}`,
      expected: (p) => (mayRead(p, groups[key]) ? 200 : 404),
    },
    {
      method: 'PUT',
      path: () => `/api/usergroup/${groups[key]}`,
      body: () => ({ name: `권한 ${key}`, description: key }),
      expected: (p) => objectStatus(200, mayWrite(p, groups[key]), mayRead(p, groups[key])),
    },
    {
      method: 'GET',
      path: () => `/api/acl/UserGroup/${groups[key]}`,
      expected: (p) => objectStatus(200, manages(p, groups[key]), mayRead(p, groups[key])),
    },
    {
      method: 'GET',
      path: () => `/api/acl/info/UserGroup/${groups[key]}`,
      expected: (p) => objectStatus(200, manages(p, groups[key]), mayRead(p, groups[key])),
    },
  ]),
  {
    method: 'PUT',
    path: () => `/api/acl/UserGroup/${groups.none}`,
    body: () => [],
    expected: (p) => objectStatus(204, isAdmin(p), false),
  },
  {
    method: 'PUT',
    path: () => `/api/acl/UserGroup/${groups.managed}`,
    body: () => [
      {
        identity: { type: 'User', id: personas.find((x) => x.name === 'Manager')!.userId },
        permission: 'Admin',
      },
    ],
    expected: (p) => objectStatus(204, manages(p, groups.managed), mayRead(p, groups.managed)),
  },
  {
    method: 'DELETE',
    path: () => `/api/usergroup/${groups.none}`,
    expected: (p) => (isAdmin(p) ? -1 : 404),
  },
  {
    method: 'POST',
    path: () => '/api/usergroup',
    body: () => ({ name: `새 그룹 ${unique++}`, description: '권한 확인' }),
    expected: (p) => (isAdmin(p) ? 201 : 403),
  },
  { method: 'GET', path: () => '/api/acl/UserGroup', expected: (p) => (isAdmin(p) ? 200 : 403) },
  {
    method: 'PUT',
    path: () => '/api/acl/UserGroup',
    body: () => [],
    expected: (p) => (isAdmin(p) ? 204 : 403),
  },
  { method: 'GET', path: () => '/api/identity?keyword=matrix', expected: (p) => (managesAny(p) ? 200 : 403) },
  {
    method: 'GET',
    path: () => '/api/permission/target?keyword=matrix',
    expected: (p) => (managesAny(p) ? 200 : 403),
  },
  {
    method: 'POST',
    path: () => '/api/identity/target',
    body: () => [{ type: 'Role', role: 'Designer' }],
    expected: (p) => (managesAny(p) ? 200 : 403),
  },
  { method: 'GET', path: () => '/api/user', expected: () => 200 },
  { method: 'GET', path: () => '/api/user/1', expected: (p) => (isAdmin(p) ? 200 : 404) },
  { method: 'GET', path: () => '/api/history/User/1', expected: (p) => (isAdmin(p) ? 200 : 404) },
  {
    method: 'PUT',
    path: () => '/api/user/1',
    body: () => ({ name: '관리자', roles: ['Admin'], status: 'Active', groups: [] }),
    expected: (p) => (isAdmin(p) ? 200 : 404),
  },
  { method: 'DELETE', path: () => '/api/user/1', expected: (p) => (isAdmin(p) ? 409 : 404) },
  {
    method: 'POST',
    path: () => '/api/user',
    body: () => ({
      email: `made${unique++}@matrix.example`,
      name: '새 계정',
      roles: ['Guest'],
      password: 'made password 12',
    }),
    expected: (p) => (isAdmin(p) ? 201 : 403),
  },
  { method: 'GET', path: () => '/api/mailbox', expected: (p) => (isAdmin(p) ? 200 : 403) },
  { method: 'GET', path: () => '/api/clientlog', expected: (p) => (isAdmin(p) ? 200 : 403) },
  {
    method: 'PUT',
    path: () => '/api/user/current/business',
    body: () => ({
      registrationNumber: '1248100998',
      representative: '대표',
      mobile: '01012345678',
      description: '사업 소개',
    }),
    expected: (p) => (p.roles.some((r) => r.startsWith('Business')) ? 200 : 403),
  },
];

describe('authorization matrix', () => {
  it('answers every route for every persona as granted, and nothing more', async () => {
    const mismatches: string[] = [];
    for (const route of routes) {
      for (const p of personas) {
        if (route.method === 'DELETE' && isAdmin(p)) continue;
        const expected = p.token ? route.expected(p) : 401;
        const response = await api().request(route.method, route.path(p), {
          ...(p.token ? { token: p.token } : {}),
          ...(route.body ? { body: route.body(p) } : {}),
        });
        if (response.status !== expected) {
          mismatches.push(
            `${route.method} ${route.path(p)} as ${p.name}: ${response.status}, expected ${expected}`,
          );
        }
        if (response.status >= 400)
          expect(response.body).toMatchObject({ status: response.status, message: expect.any(String) });
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('lists and counts only the rows each persona may read', async () => {
    for (const p of personas.filter((x) => x.token)) {
      const list = await api().list('usergroup', p.token!, { range: [0, 999] });
      const ids = list.body.map((g: { id: number }) => g.id).sort();
      const expected = isAdmin(p)
        ? ids
        : allGroups()
            .filter((id) => mayRead(p, id))
            .sort();
      expect({ persona: p.name, ids }).toEqual({ persona: p.name, ids: expected });
      expect(list.headers.get('content-range')).toMatch(new RegExp(`/${ids.length}$`));
      const users = await api().list('user', p.token!);
      if (!isAdmin(p)) expect({ persona: p.name, users: users.body }).toEqual({ persona: p.name, users: [] });
    }
  });
});

describe('granting and revoking', () => {
  it('lets a Designer read exactly the granted group, stops at once on revoke, and records both', async () => {
    const designer = personas.find((p) => p.name === 'Designer')!;
    const group = groups.none;
    const other = groups.write;
    expect((await api().request('GET', `/api/usergroup/${group}`, { token: designer.token! })).status).toBe(
      404,
    );

    await setAcl(group, [{ identity: { type: 'User', id: designer.userId! }, permission: 'Read' }]);
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

    const info = await api().request('GET', `/api/acl/info/UserGroup/${group}`, { token: admin.token! });
    expect(info.body).toEqual([
      {
        identity: { type: 'User', id: designer.userId },
        permission: 'Read',
        label: '테스트 사용자 (designer@matrix.example)',
      },
    ]);

    await setAcl(group, []);
    expect((await api().request('GET', `/api/usergroup/${group}`, { token: designer.token! })).status).toBe(
      404,
    );

    const history = await api().request('GET', `/api/history/UserGroup/${group}`, { token: admin.token! });
    const changes = history.body.filter((e: { type: string }) => e.type === 'AclChanged');
    expect(changes.map((e: { data: { aces: Ace[] } }) => e.data.aces.length)).toEqual([1, 0]);
    expect(changes[0].actor).toEqual({ id: 1, name: '관리자' });
  });

  it('validates grants and searches identities with labels', async () => {
    const bad = await api().request('PUT', `/api/acl/UserGroup/${groups.none}`, {
      token: admin.token!,
      body: [{ identity: { type: 'Role', role: 'King' }, permission: 'Read' }],
    });
    expect(bad.status).toBe(400);
    const badPermission = await api().request('PUT', `/api/acl/UserGroup/${groups.none}`, {
      token: admin.token!,
      body: [{ identity: { type: 'User', id: 1 }, permission: 'Owner' }],
    });
    expect(badPermission.body.errors).toEqual({ '0.permission': messages.invalidPermission });
    const twice = await api().request('PUT', `/api/acl/UserGroup/${groups.none}`, {
      token: admin.token!,
      body: [
        { identity: { type: 'User', id: 1 }, permission: 'Read' },
        { identity: { type: 'User', id: 1 }, permission: 'Write' },
      ],
    });
    expect(twice.body.message).toBe(messages.duplicateIdentity);
    const ghost = await api().request('PUT', `/api/acl/UserGroup/${groups.none}`, {
      token: admin.token!,
      body: [{ identity: { type: 'User', id: 99999 }, permission: 'Read' }],
    });
    expect(ghost.body).toEqual({ status: 400, message: messages.unknownIdentity });
    expect(
      (await api().request('PUT', '/api/acl/UserGroup/99999', { token: admin.token!, body: [] })).status,
    ).toBe(404);
    expect((await api().request('GET', '/api/acl/Spaceship/1', { token: admin.token! })).status).toBe(400);

    const found = await api().request('GET', '/api/permission/target?keyword=designer', {
      token: admin.token!,
    });
    expect(found.body).toEqual(
      expect.arrayContaining([
        {
          identity: { type: 'User', id: expect.any(Number) },
          label: '테스트 사용자 (designer@matrix.example)',
        },
        { identity: { type: 'Role', role: 'Designer' }, label: '협력사 디자이너 (Designer)' },
      ]),
    );
    const byGroup = await api().request('GET', '/api/identity?keyword=권한 team', { token: admin.token! });
    expect(byGroup.body).toEqual([{ type: 'Group', id: groups.team }]);
    const resolved = await api().request('POST', '/api/identity/target', {
      token: admin.token!,
      body: [
        { type: 'Group', id: groups.team },
        { type: 'User', id: 1 },
      ],
    });
    expect(resolved.body).toEqual([
      { identity: { type: 'Group', id: groups.team }, label: '권한 team' },
      { identity: { type: 'User', id: 1 }, label: `관리자 (${ADMIN.email})` },
    ]);
    expect((await api().request('GET', '/api/identity', { token: admin.token! })).status).toBe(400);
  });
});
