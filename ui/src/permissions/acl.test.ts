import { identityKey } from '@interior/contracts';
import { describeAce, identityName } from './acl';

describe('describeAce', () => {
  it('names identities by their labels, never by raw ids when a name is known', () => {
    const labels = new Map([
      [identityKey({ type: 'User', id: 13 }), '홍길동 (hong@example.com)'],
      [identityKey({ type: 'Group', id: 2 }), '디자인팀'],
    ]);
    expect(describeAce({ identity: { type: 'User', id: 13 }, permission: 'Admin' }, labels)).toBe(
      '사용자 홍길동 (hong@example.com) · 관리',
    );
    expect(describeAce({ identity: { type: 'Group', id: 2 }, permission: 'Read' }, labels)).toBe(
      '그룹 디자인팀 · 읽기',
    );
    expect(describeAce({ identity: { type: 'Role', role: 'Designer' }, permission: 'Write' }, labels)).toBe(
      '역할 협력사 디자이너 (Designer) · 쓰기',
    );
  });

  it('never names anyone by number: without a label, "볼 수 없는 항목"', () => {
    expect(describeAce({ identity: { type: 'User', id: 14 }, permission: 'Read' })).toBe(
      '사용자 볼 수 없는 항목 · 읽기',
    );
    expect(identityName({ identity: { type: 'Group', id: 5 } })).toBe('볼 수 없는 항목');
  });
});
