import { type Ace, type Permission, permits, strongest } from '@interior/contracts';
import fc from 'fast-check';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

/**
 * The authorization matrix, extended to chains: an Admin gives a user
 * some grants, on users, on groups, to groups and to a role, and puts people in groups; the user
 * then tries every move the API offers to climb (joining groups through `PUT /api/user/{id}` and
 * the group's members route, granting themselves through `PUT /api/acl/...`), round after round
 * until nothing more succeeds.
 * Whatever the Admin gave, the user ends up holding no permission beyond what the documented rules
 * (README "Who may do what") derive from it: Admin on a record lets one grant anything on that
 * record, and no grant lets a user put themselves in a group (README: only the Admin role adds
 * itself), so the groups a user is in are the ones an Admin put them in.
 */
let platform: TestPlatform;
let admin: string;
let serial = 0;
const PASSWORD = 'chain password 1';

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  await platform?.stop();
});

const groupNames = ['G1', 'G2', 'G3'] as const;
type GroupName = (typeof groupNames)[number];
type Holder = 'U' | GroupName | 'Designer';
/** The objects of one scenario: two users, three groups, and both types. */
const objects = [
  'User:U',
  'User:V',
  'User:*',
  'UserGroup:G1',
  'UserGroup:G2',
  'UserGroup:G3',
  'UserGroup:*',
] as const;
type ObjectKey = (typeof objects)[number];
type Seed =
  | { kind: 'grant'; holder: Holder; object: ObjectKey; permission: Permission }
  | { kind: 'member'; user: 'U' | 'V'; group: GroupName };

/** What an Admin may give: each scenario is some of these. */
const pool: Seed[] = [
  { kind: 'grant', holder: 'U', object: 'User:U', permission: 'Admin' },
  { kind: 'grant', holder: 'U', object: 'User:V', permission: 'Admin' },
  { kind: 'grant', holder: 'U', object: 'UserGroup:G1', permission: 'Admin' },
  { kind: 'grant', holder: 'U', object: 'UserGroup:G2', permission: 'Write' },
  { kind: 'grant', holder: 'U', object: 'UserGroup:G3', permission: 'Read' },
  { kind: 'grant', holder: 'G1', object: 'UserGroup:G3', permission: 'Admin' },
  { kind: 'grant', holder: 'G2', object: 'UserGroup:*', permission: 'Admin' },
  { kind: 'grant', holder: 'G3', object: 'User:*', permission: 'Admin' },
  { kind: 'grant', holder: 'G3', object: 'UserGroup:G2', permission: 'Admin' },
  { kind: 'grant', holder: 'Designer', object: 'UserGroup:G1', permission: 'Read' },
  { kind: 'member', user: 'U', group: 'G1' },
  { kind: 'member', user: 'V', group: 'G2' },
];
const seed = (index: number) => pool[index]!;

// ---------------------------------------------------------------------------------------------
// The rules, as a model

const typeOf = (object: ObjectKey): ObjectKey => (object.startsWith('User:') ? 'User:*' : 'UserGroup:*');

/** The most `U` can come to hold on each object, from the seeds, by the documented rules. */
function bound(seeds: Seed[]): Record<ObjectKey, Permission | null> {
  const grants = seeds.filter((s) => s.kind === 'grant');
  const groups: ReadonlySet<Holder> = new Set<Holder>(
    seeds.flatMap((s) => (s.kind === 'member' && s.user === 'U' ? [s.group] : [])),
  );
  const held = (object: ObjectKey): Permission | null => {
    const identities = new Set<Holder>(['U', 'Designer', ...groups]);
    let best: Permission | null = null;
    for (const g of grants) {
      if (identities.has(g.holder) && (g.object === object || g.object === typeOf(object))) {
        best = strongest(best, g.permission);
      }
    }
    return best;
  };
  // No grant opens a group to oneself (README "Who may do what"): the groups stay the ones the
  // Admin put the user in, and Admin on a record lets one grant oneself anything on it, which is
  // no more than Admin on it already is.
  return Object.fromEntries(objects.map((o) => [o, held(o)])) as Record<ObjectKey, Permission | null>;
}

// ---------------------------------------------------------------------------------------------
// The scenario on the running platform

interface Scenario {
  users: Record<'U' | 'V', number>;
  groups: Record<GroupName, number>;
  token: string;
}

async function request(method: string, path: string, token: string, body?: unknown) {
  return platform.api.request(method, path, { token, body });
}

async function newScenario(): Promise<Scenario> {
  const run = ++serial;
  const user = async (name: string, roles: ['Designer'] | ['PersonalFree']) =>
    platform.createUser({ email: `chain-${run}-${name}@test.example`, password: PASSWORD, roles });
  const users = { U: await user('u', ['Designer']), V: await user('v', ['PersonalFree']) };
  const groups = {} as Record<GroupName, number>;
  for (const name of groupNames) {
    const created = await request('POST', '/api/usergroup', admin, {
      name: `${name} ${run}`,
      description: '연쇄',
    });
    expect(created.status).toBe(201);
    groups[name] = created.body.id;
  }
  const { token } = await platform.api.login(`chain-${run}-u@test.example`, PASSWORD);
  return { users, groups, token };
}

function aclPath(s: Scenario, object: ObjectKey): string {
  const [type, which] = object.split(':') as ['User' | 'UserGroup', string];
  if (which === '*') return type;
  return `${type}/${type === 'User' ? s.users[which as 'U' | 'V'] : s.groups[which as GroupName]}`;
}

function aceOf(s: Scenario, holder: Holder, permission: Permission): Ace {
  if (holder === 'U') return { identity: { type: 'User', id: s.users.U }, permission };
  if (holder === 'Designer') return { identity: { type: 'Role', role: 'Designer' }, permission };
  return { identity: { type: 'Group', id: s.groups[holder] }, permission };
}

/** `PUT /api/user/{id}` as `token`, the record as it is, with `group` added. */
async function join(s: Scenario, token: string, who: 'U' | 'V', group: GroupName) {
  const current = (await request('GET', `/api/user/${s.users[who]}`, admin)).body;
  if (current.groups.includes(s.groups[group])) return 0;
  const { name, roles, status } = current;
  return (
    await request('PUT', `/api/user/${s.users[who]}`, token, {
      name,
      roles,
      status,
      groups: [...current.groups, s.groups[group]],
    })
  ).status;
}

async function give(s: Scenario, seeds: Seed[]) {
  // The type-level lists are the platform's, shared by scenarios: each scenario sets them whole.
  for (const object of objects) {
    const aces = seeds.flatMap((g) =>
      g.kind === 'grant' && g.object === object ? [aceOf(s, g.holder, g.permission)] : [],
    );
    if (aces.length || object.endsWith('*')) {
      expect((await request('PUT', `/api/acl/${aclPath(s, object)}`, admin, aces)).status).toBe(204);
    }
  }
  for (const m of seeds) if (m.kind === 'member') expect(await join(s, admin, m.user, m.group)).toBe(200);
}

/**
 * Every move of the API, again and again, until a whole round changes nothing: joining each group
 * (`PUT /api/user/{own id}`), and granting oneself Admin on each object (`PUT /api/acl/...`).
 */
async function climb(s: Scenario) {
  const granted = new Set<ObjectKey>();
  for (let round = 0; round < 4; round++) {
    let moved = false;
    for (const group of groupNames) {
      moved = (await join(s, s.token, 'U', group)) === 200 || moved;
      // The group page's members route: the same rule, another door.
      const viaMembers = await request('POST', `/api/usergroup/${s.groups[group]}/members`, s.token, {
        userId: s.users.U,
      });
      moved = viaMembers.status === 204 || moved;
    }
    for (const object of objects) {
      if (granted.has(object)) continue;
      const status = (
        await request('PUT', `/api/acl/${aclPath(s, object)}`, s.token, [aceOf(s, 'U', 'Admin')])
      ).status;
      if (status === 204) {
        granted.add(object);
        moved = true;
      }
    }
    if (!moved) return;
  }
}

async function heldNow(s: Scenario): Promise<Record<ObjectKey, Permission | null>> {
  const mine = (await request('GET', '/api/permission/mine', s.token)).body.types;
  const held = {} as Record<ObjectKey, Permission | null>;
  for (const object of objects) {
    if (object.endsWith('*')) held[object] = mine[object.split(':')[0]!].type;
    else
      held[object] = (
        await request('GET', `/api/permission/mine/${aclPath(s, object)}`, s.token)
      ).body.permission;
  }
  return held;
}

const exceeds = (held: Permission | null, allowed: Permission | null) =>
  held !== null && (allowed === null || !permits(allowed, held));

describe('chains of grants, groups and roles', () => {
  it('the model derives what the README says', () => {
    const ownRecordAndPowerfulGroup = bound([seed(0), seed(6)]);
    expect(ownRecordAndPowerfulGroup['UserGroup:*']).toBeNull();
    // Admin on one's own record and on G1 does not let one join G1: what G1 holds stays G1's.
    expect(bound([seed(0), seed(2), seed(5)])['UserGroup:G3']).toBeNull();
    expect(bound([seed(2), seed(5)])['UserGroup:G3']).toBeNull();
    expect(bound([seed(10), seed(5)])['UserGroup:G3']).toBe('Admin');
  });

  it('no user climbs beyond what an Admin gave them', async () => {
    const scenarios = fc.subarray(
      pool.map((_, i) => i),
      { minLength: 1 },
    );
    await fc.assert(
      fc.asyncProperty(scenarios, async (indexes) => {
        const seeds = indexes.map(seed);
        const s = await newScenario();
        await give(s, seeds);
        await climb(s);
        const held = await heldNow(s);
        const allowed = bound(seeds);
        const beyond = objects.filter((o) => exceeds(held[o], allowed[o]));
        expect({ seeds, beyond: beyond.map((o) => `${o}: ${held[o]} (allowed ${allowed[o]})`) }).toEqual({
          seeds,
          beyond: [],
        });
      }),
      {
        numRuns: 3,
        endOnFailure: true,
        examples: [
          // The finding: Admin on one's own record, and a group holding Admin on every group.
          [[0, 6]],
          // A manager of G1 who may not join it (no Admin on their own record), G1 holding Admin on G3.
          [[2, 5, 1]],
          // Admin on one's own record and on G1, G1 holding Admin on G3: managing G1 does not let one join it.
          [[0, 2, 5, 8, 6]],
          // Admin on every user through G3 requires joining G3, which only Read on it does not allow.
          [[0, 4, 7, 8, 6, 11]],
        ],
      },
    );
  }, 240_000);
});
