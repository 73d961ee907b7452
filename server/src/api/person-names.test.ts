import {
  type AclInfo,
  erasedPersonName,
  type HistoryEntry,
  hiddenReferenceName,
  identityKey,
  missingReferenceName,
} from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

/**
 * People are named, never numbered, in every answer that shows one: the grants of a record and of
 * a type (and their history), a record's 이력, state and diff, the audit log, a group's members
 * and the searches for whom to grant to. A user the reader may not read is named as histories
 * name people (their name alone, no address), an erased one "탈퇴한 사용자"; a group the reader
 * may not read is "볼 수 없는 항목", one since deleted "삭제된 항목".
 */
let platform: TestPlatform;
const api = () => platform.api;
const PASSWORD = 'person-names-password-1';
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let group: number;
let hiddenGroup: number;
let deletedGroup: number;

const as = (who: string, method: string, path: string, body?: unknown) =>
  api().request(method, path, { token: tokens[who]!, ...(body === undefined ? {} : { body }) });

async function newGroup(name: string): Promise<number> {
  const created = await as('admin', 'POST', '/api/usergroup', { name, description: name });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

beforeAll(async () => {
  platform = await startTestPlatform();
  tokens.admin = (await api().login(ADMIN.email, ADMIN.password)).token;
  for (const [key, name] of [
    ['manager', '관리하는 사람'],
    ['typeadmin', '유형 관리자'],
    ['hidden', '숨은 사람'],
    ['erased', '지워질 사람'],
  ] as const) {
    const email = `${key}@person-names.example`;
    ids[key] = await platform.createUser({ email, password: PASSWORD, roles: ['Designer'], name });
    tokens[key] = (await api().login(email, PASSWORD)).token;
  }
  group = await newGroup('이름 시험 그룹');
  hiddenGroup = await newGroup('볼 수 없는 그룹');
  deletedGroup = await newGroup('지울 그룹');
  const grants = [
    { identity: { type: 'User', id: ids.manager }, permission: 'Admin' },
    { identity: { type: 'User', id: ids.hidden }, permission: 'Write' },
    { identity: { type: 'User', id: ids.erased }, permission: 'Read' },
    { identity: { type: 'Group', id: hiddenGroup }, permission: 'Read' },
    { identity: { type: 'Group', id: deletedGroup }, permission: 'Read' },
  ];
  expect((await as('admin', 'PUT', `/api/acl/UserGroup/${group}`, grants)).status).toBe(204);
  const typeGrants = [
    { identity: { type: 'User', id: ids.typeadmin }, permission: 'Admin' },
    { identity: { type: 'User', id: ids.hidden }, permission: 'Read' },
  ];
  expect((await as('admin', 'PUT', '/api/acl/UserGroup', typeGrants)).status).toBe(204);
  // The hidden user changes the group (they act on it), and joins it with the manager.
  const edited = await as('hidden', 'PUT', `/api/usergroup/${group}`, {
    name: '이름 시험 그룹',
    description: '고침',
  });
  expect(edited.status).toBe(200);
  for (const member of [ids.hidden, ids.manager])
    expect(
      (await as('admin', 'POST', `/api/usergroup/${group}/members`, { userId: member })).status,
    ).toBeLessThan(300);
  expect((await as('admin', 'DELETE', `/api/usergroup/${deletedGroup}`)).status).toBeLessThan(300);
  const erasedUser = await as('admin', 'GET', `/api/user/${ids.erased}`);
  const erased = await api().request('DELETE', `/api/user/${ids.erased}`, {
    token: tokens.admin!,
    headers: { 'if-match': erasedUser.headers.get('etag')! },
  });
  expect(erased.status).toBe(200);
});
afterAll(async () => {
  await platform?.stop();
});

/** Every answer of the API that shows a person, as `who` reads it. */
async function personAnswers(who: string) {
  const log = await as(who, 'GET', `/api/history/UserGroup/${group}/log`);
  const last = Math.max(...(log.body as { revision: number | null }[]).map((row) => row.revision ?? 0));
  const paths: [string, string, unknown?][] = [
    ['GET', `/api/acl/info/UserGroup/${group}`],
    ['GET', '/api/acl/info/UserGroup'],
    ['GET', '/api/history/UserGroup'],
    ['GET', `/api/history/UserGroup/${group}/log`],
    ['GET', `/api/history/UserGroup/${group}/state?revision=${last}`],
    ['GET', `/api/history/UserGroup/${group}/diff?from=0&to=${last}`],
    ['GET', `/api/history/User/${ids.hidden}/log`],
    ['GET', `/api/audit?range=${encodeURIComponent('[0,199]')}`],
    ['GET', `/api/usergroup/${group}/members`],
    ['GET', `/api/permission/target?keyword=${encodeURIComponent('사람')}`],
    [
      'POST',
      '/api/identity/target',
      [
        { type: 'User', id: ids.hidden },
        { type: 'User', id: ids.erased },
        { type: 'Group', id: hiddenGroup },
        { type: 'Group', id: deletedGroup },
      ],
    ],
  ];
  return Promise.all(
    paths.map(async ([method, path, body]) => ({ path, answer: await as(who, method, path, body) })),
  );
}

describe('people by name in every answer', () => {
  it.each(['manager', 'typeadmin', 'hidden', 'admin'])('never shows %s a person by number', async (who) => {
    let read = 0;
    for (const { path, answer } of await personAnswers(who)) {
      expect([200, 403, 404]).toContain(answer.status);
      if (answer.status !== 200) continue;
      read++;
      const text = JSON.stringify(answer.body);
      expect({ path, text }).not.toEqual({ path, text: expect.stringContaining('사용자 #') });
      expect({ path, text }).not.toEqual({ path, text: expect.stringMatching(/#\d/) });
    }
    // Every reader reads some of them: the property is never checked on refusals alone.
    expect(read).toBeGreaterThan(2);
  });

  it('names whoever the grants name to their manager, as histories name people', async () => {
    const info = (await as('manager', 'GET', `/api/acl/info/UserGroup/${group}`)).body as AclInfo[];
    const label = (type: 'User' | 'Group', id: number) =>
      info.find((entry) => identityKey(entry.identity) === identityKey({ type, id }))?.label;
    expect(label('User', ids.manager!)).toBe('관리하는 사람 (manager@person-names.example)');
    // The manager may not read the hidden user: their name alone, not their address.
    expect(label('User', ids.hidden!)).toBe('숨은 사람');
    const erased = label('User', ids.erased!);
    if (erased !== undefined) expect(erased).toBe(erasedPersonName);
    expect(label('Group', hiddenGroup)).toBe(hiddenReferenceName);
    const deleted = label('Group', deletedGroup);
    if (deleted !== undefined) expect(deleted).toBe(missingReferenceName);
    // A lookup by id (not grants they manage) names no one they may not read.
    const looked = (await as('manager', 'POST', '/api/identity/target', [{ type: 'User', id: ids.hidden }]))
      .body as AclInfo[];
    expect(looked).toEqual([{ identity: { type: 'User', id: ids.hidden } }]);
  });

  it("names who a type's grant changes name to the type's manager", async () => {
    const history = (await as('typeadmin', 'GET', '/api/history/UserGroup')).body as HistoryEntry[];
    const names = Object.assign({}, ...history.map((entry) => entry.names ?? {}));
    expect(names[identityKey({ type: 'User', id: ids.hidden! })]).toBe('숨은 사람');
    expect(names[identityKey({ type: 'User', id: ids.typeadmin! })]).toBe(
      '유형 관리자 (typeadmin@person-names.example)',
    );
  });
});
