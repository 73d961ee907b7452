import {
  admin,
  api,
  grant,
  grantsShownTo,
  groupKeys,
  groups,
  groupTypeAces,
  isAdmin,
  manages,
  managesAny,
  may,
  mayRead,
  mayWrite,
  named,
  noHiddenDirectory,
  objectStatus,
  PASSWORD,
  platform,
  type Route,
  setAcl,
  subject,
  subjectAces,
  unique,
  userAce,
} from './authorization-matrix';

/**
 * User groups and users: their records, grants, history and members, each answered by what the
 * persona holds on the record (or, for users, the Admin role).
 */
export function groupAndUserRoutes(): Route[] {
  return [
    ...groupKeys.flatMap((key): Route[] => [
      {
        method: 'GET',
        pattern: '/api/usergroup/:id',
        path: () => `/api/usergroup/${groups[key]}`,
        expected: (p) => (mayRead(p, groups[key]) ? 200 : 404),
      },
      // Its 이력 a page at a time, a record as it was, and what changed: hidden where the record is.
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
        // Everyone the grants name is named (never by number); a user the reader may not read by
        // name alone, as histories name people: not their address.
        check: (p, response) => {
          if (response.status !== 200) return null;
          const entries = response.body as { identity: { type: string; id?: number }; label?: string }[];
          const unnamed = entries.filter((e) => !e.label || /#\d/.test(e.label));
          if (unnamed.length) return `names by number or not at all: ${JSON.stringify(unnamed)}`;
          const overshared = entries.filter(
            (e) =>
              e.identity.type === 'User' &&
              e.identity.id !== p.userId &&
              !may(p, 'Read', 'User', e.identity.id!) &&
              e.label!.includes('@'),
          );
          return overshared.length ? `labels users it may not read: ${JSON.stringify(overshared)}` : null;
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
      body: () => ({ name: `새 그룹 ${unique.count++}`, description: '권한 확인' }),
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
        email: `made${unique.count++}@matrix.example`,
        name: '새 계정',
        roles: ['Guest'],
        password: 'made password 12',
      }),
      expected: (p) => (isAdmin(p) ? 201 : 403),
    },
  ];
}
