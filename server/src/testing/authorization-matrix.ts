import {
  type Ace,
  type ObjectType,
  type Permission,
  permits,
  type Role,
  roles,
  strongest,
} from '@interior/contracts';
import { ADMIN, type ApiResponse, startTestPlatform, type TestPlatform } from './platform';

/**
 * Who the authorization tests (api/authorization.test.ts, authorization-grants.test.ts) act as: a
 * user of each role, a member of a group holding a grant, direct grantees of Read, Write and Admin
 * on a group, holders of Read and Admin on every group (type-level grants), holders of Read and
 * Admin on a user, and nobody signed in; what each holds; and the shape of a route they walk.
 */
export interface Persona {
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

export const PASSWORD = 'matrix password 1';
export let platform: TestPlatform;
export let admin: Persona;
export const personas: Persona[] = [];
export const groups: Record<'read' | 'write' | 'managed' | 'byRole' | 'none' | 'team', number> = {} as never;
/** A user nobody acts as, on whom the user grantees hold their grants. */
export let subject: number;
export let mailId: number;
/** A counter for names and addresses that must differ from one request to the next. */
export const unique = { count: 0 };

export const api = () => platform.api;
export const named = (name: string) => personas.find((p) => p.name === name)!;
export const isAdmin = (p: Persona) => p.roles.includes('Admin');
export const isBusiness = (p: Persona) => p.roles.some((r) => r.startsWith('Business'));

/** The strongest permission a persona holds on a record (or, without id, on the whole type). */
export function held(p: Persona, type: ObjectType, id?: number): Permission | null {
  if (isAdmin(p)) return 'Admin';
  const onType = p.types[type] ?? null;
  return id === undefined ? onType : strongest(onType, p.records[type]?.get(id) ?? null);
}
export const may = (p: Persona, wanted: Permission, type: ObjectType, id?: number) => {
  const permission = held(p, type, id);
  return permission !== null && permits(permission, wanted);
};
export const mayRead = (p: Persona, id: number) => may(p, 'Read', 'UserGroup', id);
export const mayWrite = (p: Persona, id: number) => may(p, 'Write', 'UserGroup', id);
export const manages = (p: Persona, id: number) => may(p, 'Admin', 'UserGroup', id);
export const managesAny = (p: Persona) =>
  isAdmin(p) ||
  Object.values(p.types).includes('Admin') ||
  Object.values(p.records).some((grants) => [...grants.values()].includes('Admin'));

export function grant(p: Persona, type: ObjectType, id: number, permission: Permission) {
  p.records[type] ??= new Map();
  p.records[type].set(id, permission);
}

export async function setAcl(path: string, aces: Ace[]) {
  const response = await api().request('PUT', `/api/acl/${path}`, { token: admin.token!, body: aces });
  expect(response.status).toBe(204);
}

export async function persona(name: string, personaRoles: Role[]) {
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

export const userAce = (p: Persona, permission: Permission): Ace => ({
  identity: { type: 'User', id: p.userId! },
  permission,
});
/** The type-level ACL of UserGroup the matrix keeps (its PUT route puts it back unchanged). */
export let groupTypeAces: Ace[];
/** The ACL of the subject user. */
export let subjectAces: Ace[];

/** Starts the platform and makes the personas, their groups and their grants. */
export async function setUpPersonas() {
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
}

export async function stopPlatform() {
  await platform?.stop();
}

/** Expected status of an object route: allowed, else 403 when the caller may read it, else 404. */
export const objectStatus = (ok: number, allowed: boolean, readable: boolean) =>
  allowed ? ok : readable ? 403 : 404;

interface Prepared {
  path?: string;
  token?: string;
}

export interface Route {
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
export function noHiddenDirectory(p: Persona, response: ApiResponse): string | null {
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
export function grantsShownTo(manage: (p: Persona) => boolean, granted = true) {
  return (p: Persona, response: ApiResponse) => {
    const shown = (response.body as { type: string }[]).some((e) => e.type === 'AclChanged');
    return shown === (granted && manage(p)) ? null : `grant changes ${shown ? 'shown' : 'hidden'}`;
  };
}

export const groupKeys = ['read', 'write', 'managed', 'byRole', 'none'] as const;
