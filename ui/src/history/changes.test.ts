import type { HistoryEntry } from '@interior/contracts';
import { describeChanges } from './changes';
import { eventTypeLabel } from './eventLabels';

const entry = (revision: number, type: string, data: unknown): HistoryEntry => ({
  id: `e${revision}`,
  type,
  data,
  revision,
  position: String(revision),
  occurredAt: '2026-11-03T05:05:09.000Z',
  actor: { id: 1, name: '관리자' },
});

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
});

describe('eventTypeLabel', () => {
  it('names what happened in Korean and keeps unknown types readable', () => {
    expect(eventTypeLabel('UserGroupCreated')).toBe('생성');
    expect(eventTypeLabel('UserGroupUpdated')).toBe('수정');
    expect(eventTypeLabel('UserGroupDeleted')).toBe('삭제');
    expect(eventTypeLabel('UserGroupMerged')).toBe('UserGroupMerged');
  });
});
