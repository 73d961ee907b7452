import {
  type Ace,
  type AuditEntry,
  erasedPersonName,
  type HistoryEntry,
  hiddenReferenceName,
  identityKey,
  messages,
  type RecordDiff,
} from '@interior/contracts';
import { ADMIN, type ApiClient, startTestPlatform, type TestPlatform } from '../testing/platform';
import { recordedEvents } from '../testing/record-history';

/**
 * A record's 이력 tab, a page at a time (`GET /api/history/{type}/{id}/log`): newest first, paged by
 * the cursor of the row before, in the audit log's sentences, with people by name; "not found" to
 * whoever may not read the record.
 */
let platform: TestPlatform;
const api = () => platform.api;
const PASSWORD = 'history-log-password-1';
let admin: string;
const people: Record<string, { id: number; token: string }> = {};
let group: number;
let design: number;
const EDITS = 12;

type Page = Awaited<ReturnType<ApiClient['request']>>;

/**
 * Every page of a record's 이력 for a reader (or of another history route, `route`), following
 * `Link: rel="next"`, checking each page's headers.
 */
async function wholeHistory<Entry extends { position: string } = AuditEntry>(
  token: string,
  record: string,
  size: number,
  route = `/api/history/${record}/log`,
) {
  const rows: Entry[] = [];
  let path: string | null = `${route}?range=${encodeURIComponent(JSON.stringify([0, size - 1]))}`;
  let pages = 0;
  while (path) {
    const page: Page = await api().request('GET', path, { token });
    expect(page.status).toBe(200);
    const entries = page.body as Entry[];
    const next: string | null = page.headers.get('x-next-cursor');
    expect(entries.length).toBe(next ? size : entries.length);
    expect(page.headers.get('content-range')).toBe(
      entries.length
        ? `history ${rows.length}-${rows.length + entries.length - 1}/${rows.length + entries.length + (next ? 1 : 0)}`
        : `history */${rows.length}`,
    );
    rows.push(...entries);
    pages++;
    path = next ? /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')![1]! : null;
    if (next) {
      expect(path).toContain(`${route}?`);
      expect(path).toContain(`after=${encodeURIComponent(next)}`);
      expect(next).toBe(entries[entries.length - 1]!.position);
    }
  }
  return { rows, pages };
}

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await api().login(ADMIN.email, ADMIN.password)).token;
  for (const [key, name] of [
    ['owner', '정하늘'],
    ['editor', '오세훈'],
    ['stranger', '남궁민'],
  ] as const) {
    const email = `${key}@history-log.example`;
    const id = await platform.createUser({ email, password: PASSWORD, roles: ['Designer'], name });
    people[key] = { id, token: (await api().login(email, PASSWORD)).token };
  }
  const created = await api().request('POST', '/api/usergroup', {
    token: admin,
    body: { name: '이력 쪽 그룹', description: '처음' },
  });
  group = created.body.id;
  const granted = await api().request('PUT', `/api/acl/UserGroup/${group}`, {
    token: admin,
    body: [
      { identity: { type: 'User', id: people.owner!.id }, permission: 'Admin' },
      { identity: { type: 'User', id: people.editor!.id }, permission: 'Write' },
    ],
  });
  expect(granted.status).toBe(204);
  const made = await api().request('POST', '/api/mydesign', {
    token: people.editor!.token,
    body: { name: '오세훈의 디자인' },
  });
  expect(made.status).toBe(201);
  design = made.body.id;
  for (let edit = 1; edit <= EDITS; edit++) {
    const edited = await api().request('PUT', `/api/usergroup/${group}`, {
      token: people.editor!.token,
      body: { name: '이력 쪽 그룹', description: `${edit}번째 설명` },
    });
    expect(edited.status).toBe(200);
  }
});
afterAll(async () => {
  await platform?.stop();
});

describe("a record's 이력, a page at a time", () => {
  it('pages through a stream longer than a page, newest first, each event once, by cursor', async () => {
    // Every event of the group and of its grants, as the log holds them.
    const store = platform.server.runtime.store;
    const whole = [
      ...(await recordedEvents(platform, 'UserGroup', group)),
      ...(await recordedEvents(platform, 'Acl-UserGroup', group)),
    ].sort((a, b) => store.comparePositions(a.position, b.position));
    expect(whole.length).toBeGreaterThan(EDITS);
    const { rows, pages } = await wholeHistory(admin, `UserGroup/${group}`, 5);
    expect(pages).toBe(Math.ceil(whole.length / 5));
    expect(rows.map((row) => row.position)).toEqual(whole.map((entry) => entry.position).reverse());
    // The same rows, and the same sentences, as the audit log filtered by the record.
    const audit = await api().request(
      'GET',
      `/api/audit?${new URLSearchParams({
        filter: JSON.stringify({ objectType: 'UserGroup', objectId: group }),
        range: JSON.stringify([0, 99]),
      })}`,
      { token: admin },
    );
    expect(rows).toEqual(audit.body);
    // A record's own events lead to its revisions; its grant changes have none.
    for (const row of rows) expect(row.revision === null).toBe(row.type === 'AclChanged');
    expect(rows.at(-1)!.type).toBe('UserGroupCreated');
    expect(rows.at(-1)!.revision).toBe(0);
  });

  it("tells each event in the audit log's sentence, naming people by name, never by id", async () => {
    const { rows } = await wholeHistory(people.owner!.token, `UserGroup/${group}`, 50);
    const edits = rows.filter((row) => row.type === 'UserGroupUpdated');
    expect(edits).toHaveLength(EDITS);
    for (const row of edits) {
      expect(row.actor).toEqual({ id: people.editor!.id, name: '오세훈' });
      expect(row.sentence).toMatch(/^오세훈님이 사용자 그룹 ‘이력 쪽 그룹’에서 .+ 했습니다\.$/);
    }
    for (const row of rows) expect(row.sentence).not.toMatch(/#\d/);
    // The grant changes are told to whoever may manage the grants (the owner), not to an editor.
    expect(rows.some((row) => row.type === 'AclChanged')).toBe(true);
    const asEditor = await wholeHistory(people.editor!.token, `UserGroup/${group}`, 50);
    expect(asEditor.rows.map((row) => row.type)).not.toContain('AclChanged');
    expect(asEditor.rows).toEqual(rows.filter((row) => row.type !== 'AclChanged'));
  });

  it('is not found alike for a record the reader may not read and for one that never was', async () => {
    const hidden = await api().request('GET', `/api/history/UserGroup/${group}/log`, {
      token: people.stranger!.token,
    });
    const never = await api().request('GET', '/api/history/UserGroup/999999/log', {
      token: people.stranger!.token,
    });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(never.body);
    // Its diffs and states too, exactly where its history is.
    expect(
      (
        await api().request('GET', `/api/history/UserGroup/${group}/diff?from=0&to=1`, {
          token: people.stranger!.token,
        })
      ).status,
    ).toBe(404);
  });

  it("pages the changes of a whole type's grants the same way, each with the grants it replaced", async () => {
    const grants: Ace[][] = [
      [{ identity: { type: 'User', id: people.owner!.id }, permission: 'Read' }],
      [
        { identity: { type: 'User', id: people.owner!.id }, permission: 'Write' },
        { identity: { type: 'User', id: people.editor!.id }, permission: 'Read' },
      ],
      [{ identity: { type: 'User', id: people.editor!.id }, permission: 'Read' }],
      [],
      [{ identity: { type: 'User', id: people.stranger!.id }, permission: 'Read' }],
    ];
    for (const aces of grants) {
      const put = await api().request('PUT', '/api/acl/Notice', { token: admin, body: aces });
      expect(put.status).toBe(204);
    }
    const recorded = await platform.server.runtime.store.readStream('Acl-Notice');
    expect(recorded).toHaveLength(grants.length);
    const { rows, pages } = await wholeHistory<HistoryEntry>(admin, 'Notice', 2, '/api/history/Notice');
    expect(pages).toBe(Math.ceil(grants.length / 2));
    // Newest first, each change once, as the log holds them.
    expect(rows.map((row) => row.position)).toEqual(recorded.map((event) => event.position).reverse());
    expect(rows.map((row) => row.revision)).toEqual([4, 3, 2, 1, 0]);
    for (const row of rows) {
      expect((row.data as { aces: Ace[] }).aces).toEqual(grants[row.revision]);
      // The grants it replaced, on every row, the oldest of a page too (none before the first).
      expect(row.before).toEqual(row.revision === 0 ? undefined : { aces: grants[row.revision - 1] });
      // Whoever it names, before or after, by name.
      const named = [...grants[row.revision]!, ...(grants[row.revision - 1] ?? [])].map((ace) =>
        identityKey(ace.identity),
      );
      expect(Object.keys(row.names ?? {}).sort()).toEqual([...new Set(named)].sort());
    }
    expect(rows[1]!.names?.[identityKey({ type: 'User', id: people.editor!.id })]).toMatch(/^오세훈/);
    const skipping = await api().request('GET', `/api/history/Notice?range=${encodeURIComponent('[2,3]')}`, {
      token: admin,
    });
    expect(skipping.body).toEqual({ status: 400, message: messages.auditPageNeedsCursor });
  });

  it('refuses to skip rows by count, and a cursor that is no position', async () => {
    const skipping = await api().request(
      'GET',
      `/api/history/UserGroup/${group}/log?range=${encodeURIComponent('[5,9]')}`,
      { token: admin },
    );
    expect(skipping.status).toBe(400);
    expect(skipping.body.message).toBe(messages.auditPageNeedsCursor);
    const badCursor = await api().request('GET', `/api/history/UserGroup/${group}/log?after=abc`, {
      token: admin,
    });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.message).toBe(messages.invalidAuditCursor);
  });

  it("names a user's groups in their diffs, only those the reader may read", async () => {
    const other = await api().request('POST', '/api/usergroup', {
      token: admin,
      body: { name: '남의 그룹', description: '볼 수 없음' },
    });
    const stranger = people.stranger!.id;
    const current = (await api().request('GET', `/api/user/${stranger}`, { token: admin })).body;
    const moved = await api().request('PUT', `/api/user/${stranger}`, {
      token: admin,
      body: {
        name: current.name,
        roles: current.roles,
        status: current.status,
        groups: [group, other.body.id],
      },
    });
    expect(moved.status).toBe(200);
    // The owner may read the person, and the first group (theirs to manage) but not the second.
    const granted = await api().request('PUT', `/api/acl/User/${stranger}`, {
      token: admin,
      body: [{ identity: { type: 'User', id: people.owner!.id }, permission: 'Read' }],
    });
    expect(granted.status).toBe(204);
    const log = (await wholeHistory(people.owner!.token, `User/${stranger}`, 50)).rows;
    const change = log.find((row) => row.type === 'UserGroupsChanged')!;
    expect(change.sentence).toMatch(/^관리자님이 사용자 ‘남궁민’에서 소속 그룹 변경을 했습니다\.$/);
    const diffOf = async (token: string) =>
      (
        await api().request(
          'GET',
          `/api/history/User/${stranger}/diff?from=${change.revision! - 1}&to=${change.revision}`,
          { token },
        )
      ).body as RecordDiff;
    const groups = (diff: RecordDiff) => diff.changes.find((c) => c.path === 'groups')!.afterText;
    expect(groups(await diffOf(admin))).toBe('이력 쪽 그룹, 남의 그룹');
    expect(groups(await diffOf(people.owner!.token))).toBe(`이력 쪽 그룹, ${hiddenReferenceName}`);
  });

  it('follows a rename on every old line, and names an erased person "탈퇴한 사용자"', async () => {
    const renamed = await api().request('PUT', '/api/user/current', {
      token: people.editor!.token,
      body: { name: '오세훈 팀장' },
    });
    expect(renamed.status).toBe(200);
    const named = (await wholeHistory(people.owner!.token, `UserGroup/${group}`, 50)).rows.filter(
      (row) => row.type === 'UserGroupUpdated',
    );
    for (const row of named) expect(row.sentence).toMatch(/^오세훈 팀장님이 /);

    const current = await api().request('GET', `/api/user/${people.editor!.id}`, { token: admin });
    const erased = await api().request('DELETE', `/api/user/${people.editor!.id}`, {
      token: admin,
      headers: { 'if-match': current.headers.get('etag')! },
    });
    expect(erased.status).toBe(200);
    const rows = (await wholeHistory(people.owner!.token, `UserGroup/${group}`, 50)).rows;
    for (const row of rows.filter((r) => r.type === 'UserGroupUpdated')) {
      expect(row.actor).toEqual({ id: people.editor!.id, name: erasedPersonName });
      expect(row.sentence).toMatch(new RegExp(`^${erasedPersonName}님이 `));
      expect(row.sentence).not.toContain('오세훈');
    }
    // And so does a design's own log.
    const designLog = await api().request('GET', `/api/design/${design}/log`, { token: admin });
    expect(designLog.status).toBe(200);
    const created = (designLog.body as { type: string; sentence: string; actor: unknown }[]).find(
      (entry) => entry.type === 'DesignCreated',
    )!;
    expect(created.actor).toEqual({ id: people.editor!.id, name: erasedPersonName });
    expect(created.sentence).toMatch(new RegExp(`^${erasedPersonName}님이 디자인 `));
  });
});
