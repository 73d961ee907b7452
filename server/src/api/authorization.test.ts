import {
  type Ace,
  canAccess,
  dashboardRoutes,
  defaultPermission,
  emptyDesignDocument,
  messages,
  type ObjectType,
  type Permission,
  permits,
  type Role,
  resources,
  roles,
  strongest,
} from '@interior/contracts';
import { ADMIN, type ApiResponse, startTestPlatform, type TestPlatform } from '../testing/platform';
import { pricedDesign as pricedDesignOf } from '../testing/priced-design';

/**
 * The authorization matrix: every API route (checked against the routes the server registers),
 * walked by a user of each role, a member of a group holding a grant, direct grantees of Read,
 * Write and Admin on a group, holders of Read and Admin on every group (type-level grants),
 * holders of Read and Admin on a user, and nobody signed in. No 2xx where nothing was granted; no
 * list total that counts a row the caller cannot read; no name or e-mail of a user the caller
 * may not read.
 */
interface Persona {
  name: string;
  token: string | null;
  userId: number | null;
  roles: Role[];
  email: string | null;
  /** Record-level grants this persona holds, by object type and id. */
  records: Partial<Record<ObjectType, Map<number, Permission>>>;
  /** Type-level grants this persona holds. */
  types: Partial<Record<ObjectType, Permission>>;
}

const PASSWORD = 'matrix password 1';
let platform: TestPlatform;
let admin: Persona;
const personas: Persona[] = [];
const groups: Record<'read' | 'write' | 'managed' | 'byRole' | 'none' | 'team', number> = {} as never;
/** A user nobody acts as, on whom the user grantees hold their grants. */
let subject: number;
let mailId: number;
let unique = 0;

const api = () => platform.api;
const named = (name: string) => personas.find((p) => p.name === name)!;
const isAdmin = (p: Persona) => p.roles.includes('Admin');
const isBusiness = (p: Persona) => p.roles.some((r) => r.startsWith('Business'));

/** The strongest permission a persona holds on a record (or, without id, on the whole type). */
function held(p: Persona, type: ObjectType, id?: number): Permission | null {
  if (isAdmin(p)) return 'Admin';
  const onType = p.types[type] ?? null;
  return id === undefined ? onType : strongest(onType, p.records[type]?.get(id) ?? null);
}
const may = (p: Persona, wanted: Permission, type: ObjectType, id?: number) => {
  const permission = held(p, type, id);
  return permission !== null && permits(permission, wanted);
};
const mayRead = (p: Persona, id: number) => may(p, 'Read', 'UserGroup', id);
const mayWrite = (p: Persona, id: number) => may(p, 'Write', 'UserGroup', id);
const manages = (p: Persona, id: number) => may(p, 'Admin', 'UserGroup', id);
const managesAny = (p: Persona) =>
  isAdmin(p) ||
  Object.values(p.types).includes('Admin') ||
  Object.values(p.records).some((grants) => [...grants.values()].includes('Admin'));

function grant(p: Persona, type: ObjectType, id: number, permission: Permission) {
  p.records[type] ??= new Map();
  p.records[type].set(id, permission);
}

async function setAcl(path: string, aces: Ace[]) {
  const response = await api().request('PUT', `/api/acl/${path}`, { token: admin.token!, body: aces });
  expect(response.status).toBe(204);
}

async function persona(name: string, personaRoles: Role[]) {
  const email = `${name.toLowerCase()}@matrix.example`;
  const userId = await platform.createUser({
    email,
    password: PASSWORD,
    roles: personaRoles,
    accountType: personaRoles.some((r) => r.startsWith('Business')) ? 'Business' : 'Personal',
  });
  const { token } = await api().login(email, PASSWORD);
  const p: Persona = { name, token, userId, email, roles: personaRoles, records: {}, types: {} };
  personas.push(p);
  return p;
}

const userAce = (p: Persona, permission: Permission): Ace => ({
  identity: { type: 'User', id: p.userId! },
  permission,
});
/** The type-level ACL of UserGroup the matrix keeps (its PUT route puts it back unchanged). */
let groupTypeAces: Ace[];
/** The ACL of the subject user. */
let subjectAces: Ace[];

beforeAll(async () => {
  platform = await startTestPlatform();
  const session = await api().login(ADMIN.email, ADMIN.password);
  admin = {
    name: 'Admin',
    token: session.token,
    userId: 1,
    email: ADMIN.email,
    roles: ['Admin'],
    records: {},
    types: {},
  };
  personas.push(admin);
  for (const key of ['read', 'write', 'managed', 'byRole', 'none', 'team'] as const) {
    const created = await api().request('POST', '/api/usergroup', {
      token: admin.token!,
      body: { name: `권한 ${key}`, description: key },
    });
    groups[key] = created.body.id;
  }
  for (const role of roles.filter((r) => r !== 'Admin')) await persona(role, [role]);
  const grantee = await persona('Grantee', ['Designer']);
  const member = await persona('Member', ['PersonalFree']);
  const writer = await persona('Writer', ['PersonalFree']);
  const manager = await persona('Manager', ['BusinessFree']);
  const typeReader = await persona('TypeReader', ['Guest']);
  const typeAdmin = await persona('TypeAdmin', ['Guest']);
  const userReader = await persona('UserReader', ['Guest']);
  const userAdmin = await persona('UserAdmin', ['Guest']);
  personas.push({
    name: 'Anonymous',
    token: null,
    userId: null,
    email: null,
    roles: [],
    records: {},
    types: {},
  });
  subject = await platform.createUser({
    email: 'subject@matrix.example',
    password: PASSWORD,
    roles: ['Guest'],
  });

  // The member reaches group `read` through group `team`.
  const current = (await api().request('GET', `/api/user/${member.userId}`, { token: admin.token! })).body;
  await api().request('PUT', `/api/user/${member.userId}`, {
    token: admin.token!,
    body: { ...current, groups: [groups.team] },
  });
  member.token = (await api().login(member.email!, PASSWORD)).token;

  await setAcl(`UserGroup/${groups.read}`, [
    userAce(grantee, 'Read'),
    { identity: { type: 'Group', id: groups.team }, permission: 'Read' },
  ]);
  grant(grantee, 'UserGroup', groups.read, 'Read');
  grant(member, 'UserGroup', groups.read, 'Read');
  await setAcl(`UserGroup/${groups.write}`, [userAce(writer, 'Write')]);
  grant(writer, 'UserGroup', groups.write, 'Write');
  await setAcl(`UserGroup/${groups.managed}`, [userAce(manager, 'Admin')]);
  grant(manager, 'UserGroup', groups.managed, 'Admin');
  await setAcl(`UserGroup/${groups.byRole}`, [
    { identity: { type: 'Role', role: 'PersonalPro' }, permission: 'Read' },
  ]);
  grant(named('PersonalPro'), 'UserGroup', groups.byRole, 'Read');
  groupTypeAces = [userAce(typeReader, 'Read'), userAce(typeAdmin, 'Admin')];
  await setAcl('UserGroup', groupTypeAces);
  typeReader.types.UserGroup = 'Read';
  typeAdmin.types.UserGroup = 'Admin';
  subjectAces = [userAce(userReader, 'Read'), userAce(userAdmin, 'Admin')];
  await setAcl(`User/${subject}`, subjectAces);
  grant(userReader, 'User', subject, 'Read');
  grant(userAdmin, 'User', subject, 'Admin');

  // A mail in the mailbox, for GET /api/mailbox/{id}.
  await api().request('POST', '/api/password/forgot', { body: { email: 'guest@matrix.example' } });
  await platform.mailTo('guest@matrix.example');
  mailId = (await api().list('mailbox', admin.token!)).body[0].id;
});
afterAll(async () => {
  await platform?.stop();
});

/** Expected status of an object route: allowed, else 403 when the caller may read it, else 404. */
const objectStatus = (ok: number, allowed: boolean, readable: boolean) =>
  allowed ? ok : readable ? 403 : 404;

interface Prepared {
  path?: string;
  token?: string;
}

interface Route {
  method: string;
  /** The route as the server registers it, e.g. `/api/usergroup/:id`. */
  pattern: string;
  path: (p: Persona) => string;
  body?: (p: Persona) => unknown;
  /** Reachable without signing in: `expected` holds for the anonymous visitor too. */
  public?: boolean;
  /** Work before each persona's request: a fresh record to delete, a session to end. */
  prepare?: (p: Persona) => Promise<Prepared>;
  /** Work after each persona's request (signing in again after signing out everywhere). */
  after?: (p: Persona) => Promise<void>;
  expected: (p: Persona) => number;
  /** What a successful answer must (not) show this persona: a mismatch, or null. */
  check?: (p: Persona, response: ApiResponse) => string | null;
}

/** Identities answered to a persona name no user or group it may not read. */
function noHiddenDirectory(p: Persona, response: ApiResponse): string | null {
  if (isAdmin(p) || response.status !== 200) return null;
  const entries = response.body as (
    | { type: string; id?: number }
    | { identity: { type: string; id?: number }; label?: string }
  )[];
  for (const entry of entries) {
    const identity = 'identity' in entry ? entry.identity : entry;
    const label = 'label' in entry ? entry.label : undefined;
    const shown = 'identity' in entry ? label !== undefined : true;
    if (!shown) continue;
    if (identity.type === 'User' && identity.id !== p.userId && !may(p, 'Read', 'User', identity.id!))
      return `shows user ${identity.id}`;
    if (identity.type === 'Group' && !mayRead(p, identity.id!)) return `shows group ${identity.id}`;
  }
  return null;
}

/**
 * Grant changes show in a record's history only to those who may read its ACL (`granted`: the
 * record's grants have changed at least once).
 */
function grantsShownTo(manage: (p: Persona) => boolean, granted = true) {
  return (p: Persona, response: ApiResponse) => {
    const shown = (response.body as { type: string }[]).some((e) => e.type === 'AclChanged');
    return shown === (granted && manage(p)) ? null : `grant changes ${shown ? 'shown' : 'hidden'}`;
  };
}

const groupKeys = ['read', 'write', 'managed', 'byRole', 'none'] as const;

const routes: Route[] = [
  // Settings: everyone reads the values in effect and keeps their own (catalogue issue).
  ...(['bomconstant', 'designproperty'] as const).flatMap((view): Route[] => [
    { method: 'GET', pattern: `/api/${view}`, path: () => `/api/${view}`, expected: () => 200 },
    { method: 'GET', pattern: `/api/${view}/:id`, path: () => `/api/${view}/1`, expected: () => 200 },
    {
      method: 'PUT',
      pattern: `/api/${view}/:id`,
      path: () => `/api/${view}/1`,
      body: () => ({ value: 0.07 }),
      expected: () => 200,
    },
    { method: 'DELETE', pattern: `/api/${view}/:id`, path: () => `/api/${view}/1`, expected: () => 200 },
  ]),
  // A notice that no one may see: the same 404 for everyone.
  {
    method: 'POST',
    pattern: '/api/notice/:id/view',
    path: () => '/api/notice/2000000/view',
    expected: () => 404,
  },
  // The sample catalogue: the Admin role only.
  {
    method: 'POST',
    pattern: '/api/catalogue/sample',
    path: () => '/api/catalogue/sample',
    expected: (p) => (isAdmin(p) ? 200 : 403),
  },
  // Public routes: the same public answer for everyone.
  { method: 'GET', pattern: '/api/health', path: () => '/api/health', public: true, expected: () => 200 },
  {
    method: 'POST',
    pattern: '/api/login',
    path: () => '/api/login',
    body: (p) => ({ email: `nobody-${p.name.toLowerCase()}@matrix.example`, password: 'not the password' }),
    public: true,
    expected: () => 404,
  },
  {
    method: 'POST',
    pattern: '/api/token',
    path: () => '/api/token',
    body: () => ({ token: 'not-a-refresh-token' }),
    public: true,
    expected: () => 401,
  },
  {
    method: 'POST',
    pattern: '/api/code',
    path: () => '/api/code',
    body: () => ({ mobile: `0107${String(unique++).padStart(7, '0')}` }),
    public: true,
    expected: () => 202,
  },
  {
    method: 'HEAD',
    pattern: '/api/code/:mobile/:code',
    path: () => '/api/code/01099998888/123456',
    public: true,
    expected: () => 404,
  },
  ...(['personal', 'business'] as const).map(
    (kind): Route => ({
      method: 'POST',
      pattern: `/api/signup/${kind}`,
      path: () => `/api/signup/${kind}`,
      body: () => ({}),
      public: true,
      expected: () => 400,
    }),
  ),
  {
    method: 'POST',
    pattern: '/api/email/verify',
    path: () => '/api/email/verify',
    body: () => ({ token: 'not-a-link-token' }),
    public: true,
    expected: () => 400,
  },
  ...(['/api/email/resend', '/api/password/forgot'] as const).map(
    (path): Route => ({
      method: 'POST',
      pattern: path,
      path: () => path,
      body: () => ({ email: `mail${unique++}@matrix.example` }),
      public: true,
      expected: () => 202,
    }),
  ),
  {
    method: 'POST',
    pattern: '/api/password/reset',
    path: () => '/api/password/reset',
    body: () => ({ token: 'not-a-link-token', password: 'a new password 12' }),
    public: true,
    expected: () => 400,
  },
  {
    method: 'POST',
    pattern: '/api/log',
    path: () => '/api/log',
    body: () => ({ events: [] }),
    public: true,
    expected: () => 204,
  },
  {
    method: 'GET',
    pattern: '/api/image/user/:id/:name',
    path: () => '/api/image/user/1/00000000-0000-0000-0000-000000000000.png',
    public: true,
    expected: () => 404,
  },
  // Uploads for a brand's logo need Write on brands (only the Admin here); a JSON body is no upload.
  {
    method: 'POST',
    pattern: '/api/file',
    path: () => '/api/file?resource=brand&field=logo',
    body: () => ({}),
    expected: (p) => (isAdmin(p) ? 400 : 403),
  },
  {
    method: 'GET',
    pattern: '/api/file/:name',
    path: () => '/api/file/00000000-0000-4000-8000-000000000000.png',
    public: true,
    expected: () => 404,
  },

  // Social sign-in: no provider is configured here, so the provider routes do not exist (404).
  {
    method: 'GET',
    pattern: '/api/oauth2/providers',
    path: () => '/api/oauth2/providers',
    public: true,
    expected: () => 200,
  },
  ...(['authorize', 'callback'] as const).map(
    (step): Route => ({
      method: 'GET',
      pattern: `/api/oauth2/:provider/${step}`,
      path: () => `/api/oauth2/kakao/${step}`,
      public: true,
      expected: () => 404,
    }),
  ),
  {
    method: 'POST',
    pattern: '/api/oauth2/:provider/link',
    path: () => '/api/oauth2/kakao/link',
    body: () => ({}),
    expected: () => 404,
  },
  {
    method: 'GET',
    pattern: '/api/signup/sns/:ticket',
    path: () => '/api/signup/sns/not-a-ticket-of-this-browser',
    public: true,
    expected: () => 410,
  },
  {
    method: 'POST',
    pattern: '/api/signup/sns',
    path: () => '/api/signup/sns',
    body: () => ({}),
    public: true,
    expected: () => 400,
  },
  {
    method: 'DELETE',
    pattern: '/api/user/current/sns/:id',
    path: () => '/api/user/current/sns/1',
    expected: () => 404,
  },

  // The signed-in user's own account: no grant needed.
  { method: 'GET', pattern: '/api/user/current', path: () => '/api/user/current', expected: () => 200 },
  {
    method: 'PUT',
    pattern: '/api/user/current',
    path: () => '/api/user/current',
    body: (p) => ({ name: p.name === 'Admin' ? '관리자' : '테스트 사용자' }),
    expected: () => 200,
  },
  {
    method: 'PUT',
    pattern: '/api/user/current/password',
    path: () => '/api/user/current/password',
    // A wrong current password: a real change would end every session of the persona.
    body: () => ({ currentPassword: 'not my password', newPassword: 'another password 12' }),
    expected: () => 400,
  },
  {
    method: 'POST',
    pattern: '/api/user/current/withdraw',
    path: () => '/api/user/current/withdraw',
    // A wrong password: a real 회원 탈퇴 would erase the persona.
    body: () => ({ password: 'not my password' }),
    expected: () => 400,
  },
  {
    method: 'POST',
    pattern: '/api/user/current/email',
    path: () => '/api/user/current/email',
    body: () => ({ email: 'elsewhere@matrix.example', password: 'not my password' }),
    expected: () => 400,
  },
  {
    method: 'PUT',
    pattern: '/api/user/current/marketing',
    path: () => '/api/user/current/marketing',
    body: () => ({ agreed: false }),
    expected: () => 200,
  },
  {
    method: 'PUT',
    pattern: '/api/user/current/business',
    path: () => '/api/user/current/business',
    body: () => ({
      registrationNumber: '1248100998',
      representative: '대표',
      mobile: '01012345678',
      description: '사업 소개',
    }),
    expected: (p) => (isBusiness(p) ? 200 : 403),
  },
  {
    method: 'GET',
    pattern: '/api/user/current/business',
    path: () => '/api/user/current/business',
    expected: (p) => (isBusiness(p) ? 200 : 403),
  },
  {
    method: 'POST',
    pattern: '/api/logout',
    path: () => '/api/logout',
    // Ends a session of its own, so the persona's token keeps working for the other routes.
    prepare: async (p) =>
      p.email
        ? { token: (await api().login(p.email, p.name === 'Admin' ? ADMIN.password : PASSWORD)).token }
        : {},
    expected: () => 204,
  },
  {
    method: 'POST',
    pattern: '/api/logout/all',
    path: () => '/api/logout/all',
    expected: () => 204,
    after: async (p) => {
      if (!p.email) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
      p.token = (await api().login(p.email, p.name === 'Admin' ? ADMIN.password : PASSWORD)).token;
      expect((await api().request('GET', '/api/user/current', { token: p.token })).status).toBe(200);
    },
  },
  { method: 'GET', pattern: '/api/permission/mine', path: () => '/api/permission/mine', expected: () => 200 },
  {
    method: 'GET',
    pattern: '/api/permission/mine/:type/:id',
    path: () => `/api/permission/mine/UserGroup/${groups.read}`,
    expected: () => 200,
    check: (p, response) => {
      const want = held(p, 'UserGroup', groups.read);
      return response.body.permission === want
        ? null
        : `permission ${response.body.permission}, held ${want}`;
    },
  },

  // User groups, their grants and their history.
  { method: 'GET', pattern: '/api/usergroup', path: () => '/api/usergroup', expected: () => 200 },
  // The audit log: open to everyone signed in, each seeing the events of the records they may read
  // (server/src/api/audit.test.ts holds each persona's rows to that rule).
  { method: 'GET', pattern: '/api/audit', path: () => '/api/audit', expected: () => 200 },
  {
    method: 'GET',
    pattern: '/api/audit/export',
    path: () => '/api/audit/export?format=jsonl',
    expected: () => 200,
  },
  // Read models: the platform's operators only (the route's roles), whatever the record grants.
  ...readModelRoutes(),
  ...groupKeys.flatMap((key): Route[] => [
    {
      method: 'GET',
      pattern: '/api/usergroup/:id',
      path: () => `/api/usergroup/${groups[key]}`,
      expected: (p) => (mayRead(p, groups[key]) ? 200 : 404),
    },
    {
      method: 'GET',
      pattern: '/api/history/:type/:id',
      path: () => `/api/history/UserGroup/${groups[key]}`,
      expected: (p) => (mayRead(p, groups[key]) ? 200 : 404),
      check: grantsShownTo((p) => manages(p, groups[key]), key !== 'none'),
    },
    // Its 이력 a page at a time, a record as it was, and what changed: hidden exactly where its history is.
    {
      method: 'GET',
      pattern: '/api/history/:type/:id/log',
      path: () => `/api/history/UserGroup/${groups[key]}/log`,
      expected: (p) => (mayRead(p, groups[key]) ? 200 : 404),
      check: grantsShownTo((p) => manages(p, groups[key]), key !== 'none'),
    },
    {
      method: 'GET',
      pattern: '/api/history/:type/:id/state',
      path: () => `/api/history/UserGroup/${groups[key]}/state?revision=0`,
      expected: (p) => (mayRead(p, groups[key]) ? 200 : 404),
    },
    {
      method: 'GET',
      pattern: '/api/history/:type/:id/diff',
      path: () => `/api/history/UserGroup/${groups[key]}/diff?from=0&to=0`,
      expected: (p) => (mayRead(p, groups[key]) ? 200 : 404),
    },
    {
      method: 'PUT',
      pattern: '/api/usergroup/:id',
      path: () => `/api/usergroup/${groups[key]}`,
      body: () => ({ name: `권한 ${key}`, description: key }),
      expected: (p) => objectStatus(200, mayWrite(p, groups[key]), mayRead(p, groups[key])),
    },
    {
      method: 'GET',
      pattern: '/api/acl/:type/:id',
      path: () => `/api/acl/UserGroup/${groups[key]}`,
      expected: (p) => objectStatus(200, manages(p, groups[key]), mayRead(p, groups[key])),
    },
    {
      method: 'GET',
      pattern: '/api/acl/info/:type/:id',
      path: () => `/api/acl/info/UserGroup/${groups[key]}`,
      expected: (p) => objectStatus(200, manages(p, groups[key]), mayRead(p, groups[key])),
      check: (p, response) => {
        if (response.status !== 200 || isAdmin(p)) return null;
        const labelled = (
          response.body as { identity: { type: string; id?: number }; label?: string }[]
        ).filter(
          (e) =>
            e.identity.type === 'User' &&
            e.label !== undefined &&
            e.identity.id !== p.userId &&
            !may(p, 'Read', 'User', e.identity.id!),
        );
        return labelled.length ? `labels users it may not read: ${JSON.stringify(labelled)}` : null;
      },
    },
    {
      method: 'GET',
      pattern: '/api/usergroup/:id/members',
      path: () => `/api/usergroup/${groups[key]}/members`,
      expected: (p) => (mayRead(p, groups[key]) ? 200 : 404),
      check: (p, response) => {
        const hidden = (response.body as { id: number }[]).filter(
          (u) => u.id !== p.userId && !may(p, 'Read', 'User', u.id),
        );
        return hidden.length ? `lists users it may not read: ${hidden.map((u) => u.id)}` : null;
      },
    },
    {
      method: 'POST',
      pattern: '/api/usergroup/:id/members',
      path: () => `/api/usergroup/${groups[key]}/members`,
      body: () => ({ userId: subject }),
      // A manager of the group adds only users they may read; any other answers as unknown.
      expected: (p) => {
        const status = objectStatus(204, manages(p, groups[key]), mayRead(p, groups[key]));
        return status === 204 && !may(p, 'Read', 'User', subject) ? 404 : status;
      },
    },
    {
      method: 'DELETE',
      pattern: '/api/usergroup/:id/members/:userId',
      path: () => `/api/usergroup/${groups[key]}/members/${subject}`,
      expected: (p) => objectStatus(204, manages(p, groups[key]), mayRead(p, groups[key])),
    },
  ]),
  {
    method: 'PUT',
    pattern: '/api/acl/:type/:id',
    path: () => `/api/acl/UserGroup/${groups.none}`,
    body: () => [],
    expected: (p) => objectStatus(204, manages(p, groups.none), mayRead(p, groups.none)),
  },
  {
    method: 'PUT',
    pattern: '/api/acl/:type/:id',
    path: () => `/api/acl/UserGroup/${groups.managed}`,
    body: () => [userAce(named('Manager'), 'Admin')],
    expected: (p) => objectStatus(204, manages(p, groups.managed), mayRead(p, groups.managed)),
  },
  {
    method: 'DELETE',
    pattern: '/api/usergroup/:id',
    path: () => '',
    // A group of its own for each persona, on which the Writer holds Write.
    prepare: async (p) => {
      const created = await api().request('POST', '/api/usergroup', {
        token: admin.token!,
        body: { name: `삭제 대상 ${p.name}`, description: '권한 확인' },
      });
      await setAcl(`UserGroup/${created.body.id}`, [userAce(named('Writer'), 'Write')]);
      grant(named('Writer'), 'UserGroup', created.body.id, 'Write');
      return { path: `/api/usergroup/${created.body.id}` };
    },
    expected: (p) => {
      const writes = p.name === 'Writer' || may(p, 'Write', 'UserGroup');
      return objectStatus(200, writes, may(p, 'Read', 'UserGroup'));
    },
  },
  {
    method: 'POST',
    pattern: '/api/usergroup',
    path: () => '/api/usergroup',
    body: () => ({ name: `새 그룹 ${unique++}`, description: '권한 확인' }),
    expected: (p) => (may(p, 'Write', 'UserGroup') ? 201 : 403),
  },
  {
    method: 'GET',
    pattern: '/api/acl/:type',
    path: () => '/api/acl/UserGroup',
    expected: (p) => (may(p, 'Admin', 'UserGroup') ? 200 : 403),
  },
  {
    method: 'GET',
    pattern: '/api/acl/info/:type',
    path: () => '/api/acl/info/UserGroup',
    expected: (p) => (may(p, 'Admin', 'UserGroup') ? 200 : 403),
  },
  {
    method: 'PUT',
    pattern: '/api/acl/:type',
    path: () => '/api/acl/UserGroup',
    body: () => groupTypeAces,
    expected: (p) => (may(p, 'Admin', 'UserGroup') ? 204 : 403),
  },
  {
    method: 'GET',
    pattern: '/api/history/:type',
    path: () => '/api/history/UserGroup',
    expected: (p) => (may(p, 'Admin', 'UserGroup') ? 200 : 403),
  },
  {
    method: 'GET',
    pattern: '/api/identity',
    path: () => '/api/identity?keyword=matrix',
    expected: (p) => (managesAny(p) ? 200 : 403),
    check: noHiddenDirectory,
  },
  {
    method: 'GET',
    pattern: '/api/permission/target',
    path: () => '/api/permission/target?keyword=@',
    expected: (p) => (managesAny(p) ? 200 : 403),
    check: noHiddenDirectory,
  },
  {
    method: 'POST',
    pattern: '/api/identity/target',
    path: () => '/api/identity/target',
    body: () => [
      { type: 'Role', role: 'Designer' },
      { type: 'User', id: subject },
      { type: 'User', id: 1 },
      { type: 'Group', id: groups.none },
    ],
    expected: (p) => (managesAny(p) ? 200 : 403),
    check: noHiddenDirectory,
  },

  // Users: the Admin role, or a grant on the user.
  { method: 'GET', pattern: '/api/user', path: () => '/api/user', expected: () => 200 },
  {
    method: 'GET',
    pattern: '/api/user/:id',
    path: () => `/api/user/${subject}`,
    expected: (p) => (may(p, 'Read', 'User', subject) ? 200 : 404),
  },
  {
    method: 'GET',
    pattern: '/api/user/:id',
    path: () => '/api/user/1',
    expected: (p) => (isAdmin(p) ? 200 : 404),
  },
  {
    method: 'GET',
    pattern: '/api/history/:type/:id',
    path: () => `/api/history/User/${subject}`,
    expected: (p) => (may(p, 'Read', 'User', subject) ? 200 : 404),
    check: grantsShownTo((p) => may(p, 'Admin', 'User', subject)),
  },
  {
    method: 'GET',
    pattern: '/api/history/:type/:id/log',
    path: () => `/api/history/User/${subject}/log`,
    expected: (p) => (may(p, 'Read', 'User', subject) ? 200 : 404),
    check: grantsShownTo((p) => may(p, 'Admin', 'User', subject)),
  },
  {
    method: 'GET',
    pattern: '/api/acl/:type/:id',
    path: () => `/api/acl/User/${subject}`,
    expected: (p) => objectStatus(200, may(p, 'Admin', 'User', subject), may(p, 'Read', 'User', subject)),
  },
  {
    method: 'PUT',
    pattern: '/api/acl/:type/:id',
    path: () => `/api/acl/User/${subject}`,
    body: () => subjectAces,
    expected: (p) => objectStatus(204, may(p, 'Admin', 'User', subject), may(p, 'Read', 'User', subject)),
  },
  {
    method: 'PUT',
    pattern: '/api/user/:id',
    path: () => `/api/user/${subject}`,
    body: () => ({ name: '테스트 사용자', roles: ['Guest'], status: 'Active', groups: [] }),
    // Administering a user needs Admin on the user: Write would let a user promote themselves.
    expected: (p) => objectStatus(200, may(p, 'Admin', 'User', subject), may(p, 'Read', 'User', subject)),
  },
  {
    method: 'PUT',
    pattern: '/api/user/:id',
    path: () => '/api/user/1',
    body: () => ({ name: '관리자', roles: ['Admin'], status: 'Active', groups: [] }),
    expected: (p) => (isAdmin(p) ? 200 : 404),
  },
  {
    method: 'DELETE',
    pattern: '/api/user/:id',
    path: () => '/api/user/1',
    expected: (p) => (isAdmin(p) ? 409 : 404),
  },
  {
    method: 'DELETE',
    pattern: '/api/user/:id',
    path: () => '',
    // A user of its own for each persona, on whom UserAdmin holds Admin: erased by those who may.
    prepare: async (p) => {
      const id = await platform.createUser({
        email: `doomed-${p.name.toLowerCase()}@matrix.example`,
        password: PASSWORD,
        roles: ['Guest'],
      });
      await setAcl(`User/${id}`, [userAce(named('UserAdmin'), 'Admin')]);
      grant(named('UserAdmin'), 'User', id, 'Admin');
      return { path: `/api/user/${id}` };
    },
    expected: (p) => (isAdmin(p) || p.name === 'UserAdmin' ? 200 : 404),
  },
  {
    method: 'POST',
    pattern: '/api/user',
    path: () => '/api/user',
    body: () => ({
      email: `made${unique++}@matrix.example`,
      name: '새 계정',
      roles: ['Guest'],
      password: 'made password 12',
    }),
    expected: (p) => (isAdmin(p) ? 201 : 403),
  },

  // Operational resources: the Admin role only.
  {
    method: 'GET',
    pattern: '/api/mailbox',
    path: () => '/api/mailbox',
    expected: (p) => (isAdmin(p) ? 200 : 403),
  },
  {
    method: 'GET',
    pattern: '/api/mailbox/:id',
    path: () => `/api/mailbox/${mailId}`,
    expected: (p) => (isAdmin(p) ? 200 : 403),
  },
  {
    method: 'GET',
    pattern: '/api/clientlog',
    path: () => '/api/clientlog',
    expected: (p) => (isAdmin(p) ? 200 : 403),
  },

  // Subscriptions and payments: plans are public; the rest follows the routes' roles.
  ...subscriptionRoutes(),
  ...designRoutes(),
  ...catalogueDrawingRoutes(),
  ...estimationRoutes(),
];

function readModelRoutes(): Route[] {
  const operator = (p: Persona) => canAccess(dashboardRoutes['audit/readmodels'], p.roles);
  return [
    {
      method: 'GET',
      pattern: '/api/readmodel',
      path: () => '/api/readmodel',
      expected: (p) => (operator(p) ? 200 : 403),
    },
    // No rebuild is started here: a read model of no such name answers its 404 after the check.
    {
      method: 'POST',
      pattern: '/api/readmodel/:name/rebuild',
      path: () => '/api/readmodel/no-such-model/rebuild',
      expected: (p) => (operator(p) ? 404 : 403),
    },
    {
      method: 'GET',
      pattern: '/api/readmodel/:name/rebuild',
      path: () => '/api/readmodel/usergroups/rebuild',
      expected: (p) => (operator(p) ? 200 : 403),
    },
    {
      method: 'POST',
      pattern: '/api/readmodel/:name/verify',
      path: () => '/api/readmodel/usergroups/verify',
      expected: (p) => (operator(p) ? 200 : 403),
    },
  ];
}

function subscriptionRoutes(): Route[] {
  const holds = (p: Persona, ...wanted: Role[]) => p.roles.some((r) => wanted.includes(r));
  const operator = (p: Persona) => holds(p, 'Admin', 'Developer');
  const subscriber = (p: Persona) => holds(p, 'Admin', 'Developer', 'PersonalPro', 'PersonalFree');
  return [
    {
      method: 'GET',
      pattern: '/api/subscription-plan',
      path: () => '/api/subscription-plan',
      public: true,
      expected: () => 200,
    },
    {
      method: 'GET',
      pattern: '/api/subscription-plan/:id',
      path: () => '/api/subscription-plan/1',
      public: true,
      expected: () => 200,
    },
    {
      method: 'POST',
      pattern: '/api/subscription-plan',
      path: () => '/api/subscription-plan',
      body: () => ({}),
      expected: (p) => (operator(p) ? 400 : 403),
    },
    {
      method: 'PUT',
      pattern: '/api/subscription-plan/:id',
      path: () => '/api/subscription-plan/1',
      body: () => ({}),
      expected: (p) => (operator(p) ? 200 : 403),
    },
    {
      method: 'DELETE',
      pattern: '/api/subscription-plan/:id',
      path: () => '/api/subscription-plan/999999',
      expected: (p) => (operator(p) ? 404 : 403),
    },
    {
      method: 'POST',
      pattern: '/api/subscription/checkout',
      path: () => '/api/subscription/checkout',
      body: () => ({ planId: 1, period: 'Monthly' }),
      expected: (p) => (subscriber(p) ? 200 : 409),
    },
    {
      method: 'POST',
      pattern: '/api/billing/sandbox/card',
      path: () => '/api/billing/sandbox/card',
      body: () => ({ cardNumber: '4242424242424242', customerKey: 'cus_not_mine' }),
      expected: () => 400,
    },
    {
      method: 'POST',
      pattern: '/api/subscription',
      path: () => '/api/subscription',
      body: () => ({}),
      expected: () => 400,
    },
    {
      method: 'GET',
      pattern: '/api/my-subscription',
      path: () => '/api/my-subscription',
      expected: (p) => (subscriber(p) ? 404 : 403),
    },
    // Where one stands, for the plans page: every signed-in person, on their own row (none here).
    {
      method: 'GET',
      pattern: '/api/subscription/current',
      path: () => '/api/subscription/current',
      expected: () => 404,
    },
    {
      method: 'PUT',
      pattern: '/api/subscription/current',
      path: () => '/api/subscription/current',
      body: () => ({}),
      expected: () => 400,
    },
    // The 견적서's supplier: printed on every quote, so read by all; set by the Admin alone.
    {
      method: 'GET',
      pattern: '/api/system/supplier',
      path: () => '/api/system/supplier',
      expected: () => 200,
    },
    {
      method: 'PUT',
      pattern: '/api/system/supplier',
      path: () => '/api/system/supplier',
      body: () => ({}),
      expected: (p) => (isAdmin(p) ? 400 : 403),
    },
    {
      method: 'PUT',
      pattern: '/api/my-subscription',
      path: () => '/api/my-subscription',
      body: () => ({}),
      expected: (p) => (subscriber(p) ? 404 : 403),
    },
    {
      method: 'GET',
      pattern: '/api/my-payment',
      path: () => '/api/my-payment',
      expected: (p) => (subscriber(p) ? 200 : 403),
    },
    {
      method: 'GET',
      pattern: '/api/my-payment/:id',
      path: () => '/api/my-payment/999999',
      expected: (p) => (subscriber(p) ? 404 : 403),
    },
    {
      method: 'GET',
      pattern: '/api/subscription/order',
      path: () => '/api/subscription/order',
      expected: (p) => (operator(p) ? 200 : 403),
    },
    {
      method: 'GET',
      pattern: '/api/subscription/payment',
      path: () => '/api/subscription/payment',
      expected: (p) => (operator(p) ? 200 : 403),
    },
    {
      method: 'GET',
      pattern: '/api/subscription/payment/:id',
      path: () => '/api/subscription/payment/999999',
      expected: (p) => (operator(p) ? 404 : 403),
    },
    {
      method: 'POST',
      pattern: '/api/subscription/payment/:id/refund',
      path: () => '/api/subscription/payment/999999/refund',
      body: () => ({ reason: '환불 사유' }),
      expected: (p) => (operator(p) ? 404 : 403),
    },
    {
      method: 'POST',
      pattern: '/api/billing/run',
      path: () => '/api/billing/run',
      body: () => ({}),
      expected: (p) => (isAdmin(p) ? 200 : 403),
    },
    {
      method: 'POST',
      pattern: '/api/payment/webhook',
      path: () => '/api/payment/webhook',
      body: () => ({}),
      public: true,
      expected: () => 200,
    },
  ];
}

/**
 * Designs, comments and folders: an Admin's design (and comment, folder) that nobody else holds a
 * grant on; only the role defaults of contracts/src/acl.ts reach it. Fresh ones for the routes that
 * change or remove them.
 */
/**
 * Estimations: the Admin requests one on a design of theirs; no other persona holds a grant on it
 * (requester and assignees do, and none of them is a persona here), so every object route is a 404
 * to them. The lists follow the screens' route rules.
 */
function estimationRoutes(): Route[] {
  const asAdmin = (method: string, path: string, body?: unknown) =>
    api().request(method, path, { token: admin.token!, ...(body === undefined ? {} : { body }) });
  // A request needs a priced line, and one open estimation per design: each request has its own design.
  const pricedDesign = () =>
    pricedDesignOf(api(), { admin: admin.token!, owner: admin.token! }, `행렬 견적 디자인 ${++unique}`);
  const requested = async () => {
    const design = await pricedDesign();
    const estimation = (await asAdmin('POST', `/api/design/${design}/estimation`, {})).body.id as number;
    return { design, estimation };
  };
  let shared: ReturnType<typeof requested> | null = null;
  const fixture = () => {
    shared ??= requested();
    return shared;
  };
  const on = (path: (ids: { design: number; estimation: number }) => string) => async () => ({
    path: path(await fixture()),
  });
  const adminOr = (status: number) => (p: Persona) => (isAdmin(p) ? status : 404);
  const list = (route: 'estimation' | 'my-estimation' | 'design-manager/estimation'): Route => ({
    method: 'GET',
    pattern: `/api/${route}`,
    path: () => `/api/${route}`,
    expected: (p) => (canAccess(dashboardRoutes[route], p.roles) ? 200 : 403),
  });
  const step = (method: string, pattern: string, status: number, body?: unknown, fresh = false): Route => ({
    method,
    pattern,
    path: () => pattern,
    ...(body === undefined ? {} : { body: () => body }),
    prepare: fresh
      ? async () => ({ path: pattern.replace(':id', String((await requested()).estimation)) })
      : on(({ design, estimation }) =>
          pattern.replace(':id', String(pattern.includes('/design/') ? design : estimation)),
        ),
    expected: adminOr(status),
  });
  return [
    list('estimation'),
    list('my-estimation'),
    list('design-manager/estimation'),
    step('GET', '/api/estimation/:id', 200),
    step('GET', '/api/estimation/:id/draft', 404),
    step('GET', '/api/estimation/:id/quote', 200),
    {
      ...step('GET', '/api/estimation/:id/quote/:revision', 404),
      prepare: on(({ estimation }) => `/api/estimation/${estimation}/quote/1.pdf`),
    },
    step('GET', '/api/design/:id/estimation', 200),
    {
      ...step('GET', '/api/estimation/:id/assignees', 200),
      prepare: on(({ estimation }) => `/api/estimation/${estimation}/assignees?role=Designer`),
    },
    {
      ...step('POST', '/api/design/:id/estimation', 201, {}),
      // Only the Admin gets as far as the request: the others cannot read the design at all.
      prepare: async (p: Persona) => ({
        path: `/api/design/${isAdmin(p) ? await pricedDesign() : (await fixture()).design}/estimation`,
      }),
    },
    step('POST', '/api/design/:id/estimate-preview', 200, {}),
    step('POST', '/api/estimation/:id/assign', 400, {}),
    step('POST', '/api/estimation/:id/draft', 409, {}),
    step('PUT', '/api/estimation/:id/draft', 400, { lines: [] }),
    step('POST', '/api/estimation/:id/quote', 409, {}),
    step('POST', '/api/estimation/:id/accept', 409, { revision: 1 }),
    step('POST', '/api/estimation/:id/reject', 400, {}),
    step('POST', '/api/estimation/:id/cancel', 200, {}, true),
    step('POST', '/api/estimation/:id/complete', 409, {}),
    {
      method: 'POST',
      pattern: '/api/estimation/expire',
      path: () => '/api/estimation/expire',
      body: () => ({}),
      expected: (p) => (isAdmin(p) ? 200 : 403),
    },
  ];
}

/**
 * The catalogue's own routes beside the generic ones: CSV import (Write on the type) and the
 * drawings of plan templates and wall drawings (read like the record, the catalogue's default).
 */
function catalogueDrawingRoutes(): Route[] {
  const made: Partial<Record<'plan' | 'walldrawing', Promise<number>>> = {};
  const record = (resource: 'plan' | 'walldrawing') => {
    made[resource] ??= api()
      .request('POST', `/api/${resource}`, {
        token: admin.token!,
        body:
          resource === 'plan'
            ? { name: `행렬 평면도 ${++unique}`, document: emptyDesignDocument() }
            : { name: `행렬 벽면도 ${++unique}`, width: 2000, height: 2400, elements: [] },
      })
      .then((created) => created.body.id as number);
    return made[resource];
  };
  const imports = (['product', 'material'] as const).map(
    (resource): Route => ({
      method: 'POST',
      pattern: `/api/${resource}/import`,
      path: () => `/api/${resource}/import`,
      body: () => ({ csv: '이름,코드\n행렬 가져오기,MATRIX-1', commit: false }),
      // The preview writes nothing; it needs Write on the type, which only the Admin holds.
      expected: (p) =>
        isAdmin(p)
          ? 200
          : defaultPermission(p.roles, resource === 'product' ? 'Product' : 'Material')
            ? 403
            : 404,
    }),
  );
  // Who uses a record and the last names of records: read like the catalogue.
  const usage: Route[] = [
    {
      method: 'GET',
      pattern: '/api/catalogue/usage/:resource/:id',
      path: () => '',
      prepare: async () => ({ path: `/api/catalogue/usage/plan/${await record('plan')}` }),
      expected: (p) => (isAdmin(p) || defaultPermission(p.roles, 'Plan') ? 200 : 404),
    },
    {
      method: 'GET',
      pattern: '/api/catalogue/names',
      path: () => '/api/catalogue/names?product=1',
      expected: () => 200,
    },
  ];
  return [
    ...imports,
    ...usage,
    ...(
      [
        ['plan', 'Plan'],
        ['walldrawing', 'WallDrawing'],
      ] as const
    ).map(
      ([resource, type]): Route => ({
        method: 'GET',
        pattern: `/api/${resource}/:id/thumbnail.svg`,
        path: () => '',
        prepare: async () => ({ path: `/api/${resource}/${await record(resource)}/thumbnail.svg` }),
        expected: (p) => (isAdmin(p) || defaultPermission(p.roles, type) ? 200 : 404),
      }),
    ),
  ];
}

function designRoutes(): Route[] {
  const onDesign = (p: Persona): Permission | null =>
    isAdmin(p) ? 'Admin' : defaultPermission(p.roles, 'Design');
  const reads = (p: Persona) => onDesign(p) !== null;
  const needs = (wanted: Permission, ok: number) => (p: Persona) => {
    const held = onDesign(p);
    return held && permits(held, wanted) ? ok : held ? 403 : 404;
  };
  const asAdmin = (method: string, path: string, body?: unknown) =>
    api().request(method, path, { token: admin.token!, ...(body === undefined ? {} : { body }) });
  const newDesign = async (trashed = false) => {
    const id = (await asAdmin('POST', '/api/mydesign', { name: `행렬 디자인 ${++unique}` })).body
      .id as number;
    if (trashed) await asAdmin('DELETE', `/api/mydesign/${id}`);
    return id;
  };
  let shared: Promise<{ design: number; comment: number; folder: number }> | null = null;
  const fixture = () => {
    shared ??= (async () => {
      const design = await newDesign();
      const comment = (await asAdmin('POST', '/api/comment', { designId: design, body: '관리자 댓글' })).body
        .id;
      const folder = (await asAdmin('POST', '/api/designfolder', { name: '관리자 폴더' })).body.id;
      return { design, comment, folder };
    })();
    return shared;
  };
  const on = (path: (ids: { design: number; comment: number; folder: number }) => string) => async () => ({
    path: path(await fixture()),
  });
  const fresh =
    (path: (id: number) => string, trashed = false) =>
    async () => ({ path: path(await newDesign(trashed)) });
  const signedIn = () => 200;
  return [
    { method: 'GET', pattern: '/api/mydesign', path: () => '/api/mydesign', expected: signedIn },
    { method: 'GET', pattern: '/api/trash', path: () => '/api/trash', expected: signedIn },
    {
      method: 'GET',
      pattern: '/api/shared',
      path: () => '/api/shared',
      expected: (p) => (canAccess(dashboardRoutes.shared, p.roles) ? 200 : 403),
    },
    {
      method: 'GET',
      pattern: '/api/design/management',
      path: () => '/api/design/management',
      expected: (p) => (isAdmin(p) ? 200 : 403),
    },
    {
      method: 'GET',
      pattern: '/api/design-manager/design',
      path: () => '/api/design-manager/design',
      expected: (p) => (canAccess(dashboardRoutes['design-manager/design'], p.roles) ? 200 : 403),
    },
    {
      method: 'GET',
      pattern: '/api/analysis/design',
      path: () => '/api/analysis/design',
      expected: (p) => (isAdmin(p) ? 200 : 403),
    },
    {
      method: 'POST',
      pattern: '/api/mydesign',
      path: () => '/api/mydesign',
      body: (p) => ({ name: `${p.name}의 디자인` }),
      expected: () => 201,
    },
    ...(['', '/document', '/log', '/thumbnail.svg'] as const).map(
      (suffix): Route => ({
        method: 'GET',
        pattern: suffix ? `/api/design/:id${suffix}` : '/api/mydesign/:id',
        path: () => '',
        prepare: on(({ design }) => (suffix ? `/api/design/${design}${suffix}` : `/api/mydesign/${design}`)),
        expected: needs('Read', 200),
      }),
    ),
    {
      method: 'PUT',
      pattern: '/api/mydesign/:id',
      path: () => '',
      prepare: on(({ design }) => `/api/mydesign/${design}`),
      body: () => ({ description: '행렬에서 바꿈' }),
      expected: needs('Write', 200),
    },
    {
      method: 'PUT',
      pattern: '/api/design/:id/document',
      path: () => '',
      prepare: fresh((id) => `/api/design/${id}/document`),
      body: () => ({ version: 1, walls: [], openings: [], rooms: [], wallDrawings: [], items: [] }),
      // Allowed, the save still needs the revision it is based on (If-Match): 400.
      expected: needs('Write', 400),
    },
    {
      method: 'POST',
      pattern: '/api/mydesign/:id/copy',
      path: () => '',
      prepare: on(({ design }) => `/api/mydesign/${design}/copy`),
      body: () => ({}),
      expected: needs('Read', 201),
    },
    {
      method: 'DELETE',
      pattern: '/api/mydesign/:id',
      path: () => '',
      prepare: fresh((id) => `/api/mydesign/${id}`),
      expected: needs('Admin', 200),
    },
    {
      method: 'POST',
      pattern: '/api/trash/:id/restore',
      path: () => '',
      prepare: fresh((id) => `/api/trash/${id}/restore`, true),
      expected: needs('Admin', 200),
    },
    {
      method: 'DELETE',
      pattern: '/api/trash/:id',
      path: () => '',
      prepare: fresh((id) => `/api/trash/${id}`, true),
      expected: needs('Admin', 200),
    },
    {
      method: 'POST',
      pattern: '/api/design/:id/share',
      path: () => '',
      prepare: on(({ design }) => `/api/design/${design}/share`),
      body: () => ({ email: 'matrix-share@matrix.example', permission: 'Read' }),
      expected: needs('Admin', 202),
    },
    {
      method: 'POST',
      pattern: '/api/design/:id/transfer',
      path: () => '',
      prepare: fresh((id) => `/api/design/${id}/transfer`),
      body: () => ({ ownerId: subject }),
      expected: (p) => (isAdmin(p) ? 200 : 403),
    },
    {
      method: 'POST',
      pattern: '/api/comment',
      path: () => '/api/comment',
      prepare: async () => ({ path: '/api/comment' }),
      body: () => ({ designId: 0, body: '행렬 댓글' }),
      // No design 0: a 400 for the malformed id, whoever asks.
      expected: () => 400,
    },
    {
      method: 'GET',
      pattern: '/api/comment',
      path: () => '',
      prepare: on(
        ({ design }) => `/api/comment?filter=${encodeURIComponent(JSON.stringify({ designId: design }))}`,
      ),
      expected: needs('Read', 200),
    },
    {
      method: 'GET',
      pattern: '/api/comment/:id',
      path: () => '',
      prepare: on(({ comment }) => `/api/comment/${comment}`),
      expected: needs('Read', 200),
    },
    {
      method: 'PUT',
      pattern: '/api/comment/:id',
      path: () => '',
      prepare: on(({ comment }) => `/api/comment/${comment}`),
      body: () => ({ body: '고친 댓글' }),
      expected: (p) => (isAdmin(p) ? 200 : reads(p) ? 403 : 404),
    },
    {
      method: 'DELETE',
      pattern: '/api/comment/:id',
      path: () => '',
      prepare: async () => {
        const { design } = await fixture();
        const comment = (await asAdmin('POST', '/api/comment', { designId: design, body: '지울 댓글' })).body
          .id;
        return { path: `/api/comment/${comment}` };
      },
      expected: (p) => (isAdmin(p) ? 200 : reads(p) ? 403 : 404),
    },
    {
      method: 'POST',
      pattern: '/api/designfolder',
      path: () => '/api/designfolder',
      body: (p) => ({ name: `${p.name} 폴더` }),
      expected: () => 201,
    },
    { method: 'GET', pattern: '/api/designfolder', path: () => '/api/designfolder', expected: signedIn },
    {
      method: 'GET',
      pattern: '/api/designfolder/:id',
      path: () => '',
      prepare: on(({ folder }) => `/api/designfolder/${folder}`),
      expected: (p) => (isAdmin(p) ? 200 : 404),
    },
    {
      method: 'PUT',
      pattern: '/api/designfolder/:id',
      path: () => '',
      prepare: on(({ folder }) => `/api/designfolder/${folder}`),
      body: () => ({ name: '관리자 폴더' }),
      expected: (p) => (isAdmin(p) ? 200 : 404),
    },
    {
      method: 'DELETE',
      pattern: '/api/designfolder/:id',
      path: () => '',
      prepare: async () => ({
        path: `/api/designfolder/${(await asAdmin('POST', '/api/designfolder', { name: `지울 폴더 ${++unique}` })).body.id}`,
      }),
      expected: (p) => (isAdmin(p) ? 200 : 404),
    },
  ];
}

/**
 * The routes the server registered, read from Fastify's route tree (`printRoutes`), as
 * `METHOD /path` (HEAD only where the route is HEAD alone: Fastify adds HEAD to every GET).
 */
function registeredRoutes(): Set<string> {
  const tree = platform.server.app.printRoutes({ commonPrefix: false });
  const found = new Set<string>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    const methods = (match[3] ?? '').split(', ').filter((m) => m && m !== '-');
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue;
      found.add(`${method} ${path}`);
    }
  }
  return found;
}

describe('authorization matrix', () => {
  it('walks every route the server registers', () => {
    const registered = registeredRoutes();
    expect(registered).toContain('GET /api/health');
    expect(registered).toContain('GET /api/acl/info/:type/:id');
    const walked = new Set(routes.map((r) => `${r.method} ${r.pattern}`));
    // The generic routes of the other declared resources are walked, for every kind of caller, by
    // the resource contract suite (server/src/testing/resource-contract.ts); usergroup's here.
    const declared = new Set(
      resources
        .filter((r) => r.name !== 'usergroup')
        .flatMap((r) => [r.name, ...(r.readRoutes ?? [])].map((name) => [r, name] as const))
        .flatMap(([r, name]) => [
          `GET /api/${name}`,
          `GET /api/${name}/:id`,
          ...(name === r.name
            ? [`POST /api/${name}`, `PUT /api/${name}/:id`, `DELETE /api/${name}/:id`]
            : []),
        ]),
    );
    expect({
      notWalked: [...registered].filter((r) => !walked.has(r) && !declared.has(r)).sort(),
    }).toEqual({ notWalked: [] });
    expect({ notRegistered: [...walked].filter((r) => !registered.has(r)).sort() }).toEqual({
      notRegistered: [],
    });
  });

  it('answers every route for every persona as granted, and nothing more', async () => {
    const mismatches: string[] = [];
    for (const route of routes) {
      for (const p of personas) {
        const prepared = route.prepare ? await route.prepare(p) : {};
        const path = prepared.path ?? route.path(p);
        const token = prepared.token ?? p.token;
        const expected = p.token || route.public ? route.expected(p) : 401;
        const response = await api().request(route.method, path, {
          ...(token ? { token } : {}),
          ...(route.body ? { body: route.body(p) } : {}),
        });
        const where = `${route.method} ${path} as ${p.name}`;
        if (response.status !== expected) {
          mismatches.push(
            `${where}: ${response.status}, expected ${expected} ${JSON.stringify(response.body)}`,
          );
        } else if (response.status < 300) {
          const wrong = route.check?.(p, response);
          if (wrong) mismatches.push(`${where}: ${wrong}`);
        }
        await route.after?.(p);
        if (response.status >= 400 && route.method !== 'HEAD')
          expect(response.body).toMatchObject({ status: response.status, message: expect.any(String) });
      }
    }
    expect(mismatches).toEqual([]);
    // Hundreds of requests, one after another: a busy machine needs more than the default minute.
  }, 300_000);

  it('lists and counts only the rows each persona may read', async () => {
    const everyGroup = (await api().list('usergroup', admin.token!, { range: [0, 999] })).body.map(
      (g: { id: number }) => g.id,
    );
    const everyUser = (await api().list('user', admin.token!, { range: [0, 999] })).body.map(
      (u: { id: number }) => u.id,
    );
    expect(everyUser.length).toBeGreaterThan(personas.length);
    for (const p of personas.filter((x) => x.token)) {
      const list = await api().list('usergroup', p.token!, { range: [0, 999] });
      const ids = list.body.map((g: { id: number }) => g.id).sort();
      const expected = everyGroup.filter((id: number) => mayRead(p, id)).sort();
      expect({ persona: p.name, ids }).toEqual({ persona: p.name, ids: expected });
      expect({ persona: p.name, range: list.headers.get('content-range') }).toEqual({
        persona: p.name,
        range: expected.length ? `usergroup 0-${expected.length - 1}/${expected.length}` : 'usergroup */0',
      });

      const users = await api().list('user', p.token!, { range: [0, 999] });
      const userIds = users.body.map((u: { id: number }) => u.id).sort();
      const readable = everyUser.filter((id: number) => may(p, 'Read', 'User', id)).sort();
      expect({ persona: p.name, userIds }).toEqual({ persona: p.name, userIds: readable });
      expect(users.headers.get('content-range')).toMatch(new RegExp(`/${readable.length}$`));
    }
    expect(named('UserReader').records.User?.size).toBe(1);
    expect((await api().list('user', named('UserReader').token!)).headers.get('content-range')).toBe(
      'user 0-0/1',
    );
  });
});

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
    const seen = await api().request('GET', `/api/history/UserGroup/${group}`, { token: designer.token! });
    expect(seen.body.map((e: { type: string }) => e.type)).toEqual(['UserGroupCreated']);

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

    const history = await api().request('GET', `/api/history/UserGroup/${group}`, { token: admin.token! });
    const changes = history.body.filter((e: { type: string }) => e.type === 'AclChanged');
    expect(changes.map((e: { data: { aces: Ace[] } }) => e.data.aces.length)).toEqual([1, 0]);
    expect(changes[0].actor).toEqual({ id: 1, name: '관리자' });
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
      '/api/history/UserGroup/2147483648',
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
      ['GET', '/api/history/UserGroup/999999'],
      ['GET', '/api/history/User/999999'],
      // 0 is a well-formed object id (ids are non-negative) that no record has.
      ['GET', '/api/acl/UserGroup/0'],
      ['GET', '/api/acl/info/UserGroup/0'],
      ['PUT', '/api/acl/UserGroup/0'],
      ['GET', '/api/history/UserGroup/0'],
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
    const history = await api().request('GET', `/api/history/UserGroup/${created.body.id}`, { token });
    expect(history.body.map((e: { type: string }) => e.type)).toEqual([
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
    expect(history.body[0]).toMatchObject({
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
