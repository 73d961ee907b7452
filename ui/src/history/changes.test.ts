import {
  AclEventSchemas,
  describeChanges,
  EmailReservationEventSchemas,
  EstimationEventSchemas,
  eventTypeLabel,
  type HistoryEntry,
  SessionEventSchemas,
  UserEventSchemas,
  UserGroupEventSchemas,
} from '@interior/contracts';
import { showValue, type ValueContext } from './values';

const entry = (revision: number, type: string, data: unknown): HistoryEntry => ({
  id: `e${revision}`,
  type,
  data,
  revision,
  position: String(revision),
  occurredAt: '2026-11-03T05:05:09.000Z',
  actor: { id: 1, name: '관리자' },
});

const context: ValueContext = { identities: new Map() };
const hangul = /[가-힣]/;

describe('describeChanges', () => {
  it('shows the fields a creation set, then only what each update changed', () => {
    const rows = describeChanges([
      entry(0, 'UserGroupCreated', { id: 7, name: '디자인팀', description: '설명' }),
      entry(1, 'UserGroupUpdated', { name: '디자인 1팀', description: '설명' }),
      entry(2, 'UserGroupUpdated', { name: '디자인 1팀', description: '설명' }),
      entry(3, 'UserGroupDeleted', {}),
    ]);
    expect(rows.map((row) => [row.changes, row.unchanged])).toEqual([
      [
        [
          { field: 'id', after: 7 },
          { field: 'name', after: '디자인팀' },
          { field: 'description', after: '설명' },
        ],
        false,
      ],
      [[{ field: 'name', before: '디자인팀', after: '디자인 1팀' }], false],
      [[], true],
      [[], false],
    ]);
  });

  it('reads data that is not an object as no change', () => {
    expect(describeChanges([entry(0, 'Odd', null)])[0]?.changes).toEqual([]);
  });

  it("reads a user's life field by field: consents one by one, statuses, groups", () => {
    const rows = describeChanges([
      entry(0, 'UserRegistered', {
        id: 5,
        email: 'hong@example.com',
        name: '홍길동',
        mobile: null,
        roles: ['PersonalFree'],
        status: 'Pending',
        accountType: 'Personal',
        marketingAgreed: false,
        passwordHash: '[비공개]',
        consents: [
          { code: 'TOS', agreed: true, version: '2026-11-01', at: '2026-11-03T05:05:09.000Z' },
          { code: 'Marketing', agreed: false, version: '2026-11-01', at: '2026-11-03T05:05:09.000Z' },
        ],
      }),
      entry(1, 'EmailVerificationRequested', { jti: 'a', expiresAt: '2026-11-04T05:05:09.000Z' }),
      entry(2, 'EmailVerified', { jti: 'a' }),
      entry(3, 'ConsentChanged', {
        code: 'Marketing',
        agreed: true,
        version: '2026-11-01',
        at: '2026-11-05T05:05:09.000Z',
      }),
      entry(4, 'UserRolesChanged', { roles: ['PersonalPro'] }),
      entry(5, 'UserStatusChanged', { status: 'Inactive', previous: 'Active' }),
      entry(6, 'UserGroupsChanged', { groups: [3], added: [3], removed: [] }),
      entry(7, 'UserImageChanged', { image: { id: 1, name: 'cccd.png' } }),
      entry(8, 'PasswordChanged', { passwordHash: '[비공개]', reason: 'change', jti: null }),
      entry(9, 'UserSessionsRevoked', { reason: 'user-erased', at: '2026-11-06T05:05:09.000Z' }),
      entry(10, 'UserErased', { groups: [3] }),
    ]);
    const byType = Object.fromEntries(rows.map((row) => [row.entry.type, row.changes]));
    expect(byType.EmailVerified).toEqual([{ field: 'status', before: 'Pending', after: 'Active' }]);
    expect(byType.ConsentChanged).toEqual([
      {
        field: 'agreement.Marketing',
        before: { agreed: false, version: '2026-11-01' },
        after: { agreed: true, version: '2026-11-01' },
      },
    ]);
    expect(byType.UserStatusChanged).toEqual([{ field: 'status', before: 'Active', after: 'Inactive' }]);
    expect(byType.UserGroupsChanged).toEqual([{ field: 'groups', after: [3] }]);
    expect(byType.UserErased).toEqual([
      { field: 'groups', before: [3], after: [] },
      { field: 'status', before: 'Inactive', after: 'Deleted' },
    ]);
  });

  it('reads a grant change of a page as before → after from the grants it says it replaced', () => {
    const reader = { identity: { type: 'User', id: 3 }, permission: 'Read' };
    const writer = { identity: { type: 'User', id: 4 }, permission: 'Write' };
    // The oldest change of a page: the change before it is on the next page, unread.
    const rows = describeChanges([
      {
        ...entry(5, 'AclChanged', { type: 'Notice', id: null, aces: [reader, writer] }),
        before: { aces: [reader] },
      },
      {
        ...entry(6, 'AclChanged', { type: 'Notice', id: null, aces: [writer] }),
        before: { aces: [reader, writer] },
      },
      { ...entry(7, 'AclChanged', { type: 'Notice', id: null, aces: [writer] }), before: { aces: [writer] } },
    ]);
    expect(rows.map((row) => [row.changes, row.unchanged])).toEqual([
      [[{ field: 'aces', before: [reader], after: [reader, writer] }], false],
      [[{ field: 'aces', before: [reader, writer], after: [writer] }], false],
      [[], true],
    ]);
  });
});

describe('showValue', () => {
  it('shows grants by who holds them, and never JSON or ISO timestamps', () => {
    expect(showValue('at', '2026-11-03T05:05:09.000Z', context)).toMatch(/^2026\. 11\. 3\./);
    expect(showValue('marketingAgreed', true, context)).toBe('예');
    expect(showValue('other', { a: 1, b: 'x' }, context)).toBe('1, x');
    expect(showValue('aces', [], context)).toBe('권한 없음');
    expect(
      showValue('aces', [{ identity: { type: 'Role', id: 'Designer' }, permission: 'Read' }], context),
    ).toEqual([expect.stringMatching(hangul)]);
  });
});

describe('eventTypeLabel', () => {
  it('names what happened in Korean and keeps unknown types readable', () => {
    expect(eventTypeLabel('UserGroupCreated')).toBe('생성');
    expect(eventTypeLabel('UserGroupUpdated')).toBe('수정');
    expect(eventTypeLabel('UserGroupDeleted')).toBe('삭제');
    expect(eventTypeLabel('UserGroupMerged')).toBe('UserGroupMerged');
  });

  it('has a Korean name for every event type of the log', () => {
    const types = [
      UserEventSchemas,
      UserGroupEventSchemas,
      AclEventSchemas,
      EmailReservationEventSchemas,
      SessionEventSchemas,
      EstimationEventSchemas,
    ].flatMap((schemas) => Object.keys(schemas));
    expect(types.length).toBeGreaterThan(20);
    for (const type of types)
      expect([type, eventTypeLabel(type)]).toEqual([type, expect.stringMatching(hangul)]);
  });
});
