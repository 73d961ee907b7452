import { readModels } from '@interior/platform';
import { projectionSpec, projectionTestDatabase } from '../testing/projection-spec';
import { userGroupsProjection } from './usergroups.projection';

const db = projectionTestDatabase();

const spec = projectionSpec(userGroupsProjection, db);
const created = (id: number, name: string) => ({
  stream: ['UserGroup', id] as [string, number],
  type: 'UserGroupCreated',
  data: { id, name, description: `${name} 설명` },
});

describe('the usergroups read model', () => {
  it('has a row per created group with who made it and its version', async () => {
    const rows = await spec.given([created(1, '설계팀')]).rows(readModels.usergroups);
    expect(rows).toEqual([
      {
        id: 1,
        name: '설계팀',
        description: '설계팀 설명',
        members: 0,
        registered: new Date(Date.UTC(2026, 10, 1, 0, 0)),
        registeredBy: 1,
        updated: null,
        updatedBy: null,
        version: 0,
      },
    ]);
  });

  it('changes only the fields an update carries', async () => {
    const rows = await spec
      .given([
        created(1, '설계팀'),
        {
          stream: ['UserGroup', 1],
          type: 'UserGroupUpdated',
          data: { description: '바뀐 설명' },
          actorId: 7,
        },
      ])
      .rows(readModels.usergroups);
    expect(rows[0]).toMatchObject({
      name: '설계팀',
      description: '바뀐 설명',
      updated: new Date(Date.UTC(2026, 10, 1, 0, 1)),
      updatedBy: 7,
      version: 1,
    });
  });

  it('counts members from the users’ group changes and erasures', async () => {
    const rows = await spec
      .given([
        created(1, '설계팀'),
        created(2, '시공팀'),
        { stream: 'User-5', type: 'UserGroupsChanged', data: { groups: [1, 2], added: [1, 2], removed: [] } },
        { stream: 'User-6', type: 'UserGroupsChanged', data: { groups: [1], added: [1], removed: [] } },
        { stream: 'User-5', type: 'UserGroupsChanged', data: { groups: [1], added: [], removed: [2] } },
        { stream: 'User-6', type: 'UserErased', data: { groups: [1] } },
      ])
      .rows(readModels.usergroups);
    expect(rows.map((r) => [r.id, r.members])).toEqual([
      [1, 1],
      [2, 0],
    ]);
  });

  it('drops a deleted group and ignores a repeated creation', async () => {
    const rows = await spec
      .given([
        created(1, '설계팀'),
        created(1, '중복'),
        created(2, '시공팀'),
        { stream: ['UserGroup', 2], type: 'UserGroupDeleted', data: {} },
      ])
      .rows(readModels.usergroups);
    expect(rows.map((r) => [r.id, r.name])).toEqual([[1, '설계팀']]);
  });
});
