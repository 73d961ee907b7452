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
import { reasonLabels, showValue, type ValueContext } from './values';

const entry = (revision: number, type: string, data: unknown): HistoryEntry => ({
  id: `e${revision}`,
  type,
  data,
  revision,
  position: String(revision),
  occurredAt: '2026-11-03T05:05:09.000Z',
  actor: { id: 1, name: '관리자' },
});

const context: ValueContext = { identities: new Map(), groups: new Map([[3, '디자인팀']]) };
const hangul = /[가-힣]/;
const iso = /\d{4}-\d{2}-\d{2}T/;

/** Every value of a history as the screen shows it, one string. */
const shownText = (rows: ReturnType<typeof describeChanges>) =>
  rows
    .flatMap((row) =>
      row.changes.flatMap((change) => [
        ...('before' in change ? [showValue(change.field, change.before, context)] : []),
        showValue(change.field, change.after, context),
      ]),
    )
    .flat()
    .join('\n');

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

  it("tells a user's life in words: consents one by one, statuses, roles, groups, files, reasons", () => {
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

    const text = shownText(rows);
    for (const shown of [
      '가입 대기',
      '활성',
      '개인 무료',
      '디자인팀',
      'cccd.png',
      '본인이 비밀번호 변경',
      '동의함 (약관 버전 2026-11-01)',
      '동의하지 않음 (약관 버전 2026-11-01)',
      '아니오',
      '개인',
      '삭제됨',
      '없음',
    ]) {
      expect(text).toContain(shown);
    }
    for (const internal of [
      'Pending',
      'Active',
      'PersonalFree',
      'true',
      'false',
      '{',
      '[',
      'user-erased',
      '비공개',
    ]) {
      expect(text).not.toContain(internal);
    }
    expect(text).not.toMatch(iso);
  });
});

describe('showValue', () => {
  it('never shows JSON, ISO timestamps or English codes', () => {
    expect(showValue('at', '2026-11-03T05:05:09.000Z', context)).toMatch(/^2026\. 11\. 3\./);
    expect(showValue('marketingAgreed', true, context)).toBe('예');
    expect(showValue('groups', [3, 9], context)).toBe('디자인팀, 그룹 #9');
    expect(showValue('other', { a: 1, b: 'x' }, context)).toBe('1, x');
    expect(showValue('aces', [], context)).toBe('권한 없음');
    for (const reason of Object.values(reasonLabels)) expect(reason).toMatch(hangul);
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
