import { resourceEventTypes, resources } from '@interior/contracts';
import { readModels } from '@interior/platform';
import { type GivenEvent, projectionSpec, projectionTestDatabase } from '../testing/projection-spec';
import { aclProjection, TYPE_LEVEL } from './acl.projection';

const db = projectionTestDatabase();

const spec = projectionSpec(aclProjection, db);
const order = ['objectType', 'objectId', 'identityType', 'identityKey'];
const user = (id: number) => ({ type: 'User', id });
const group = (id: number) => ({ type: 'Group', id });
const role = (name: string) => ({ type: 'Role', role: name });
const acl = (
  type: string,
  id: number | null,
  aces: { identity: object; permission: string }[],
): GivenEvent => ({
  stream: `Acl-${type}-${id ?? 'type'}`,
  type: 'AclChanged',
  data: { type, id, aces },
});
const rows = (given: GivenEvent[]) => spec.given(given).rows(readModels.aclEntries, order);

describe('the acl read model', () => {
  it('has a row per grant, type-level grants under object id 0, a role by its name', async () => {
    expect(
      await rows([
        acl('Brand', 4, [
          { identity: user(7), permission: 'Write' },
          { identity: group(2), permission: 'Read' },
        ]),
        acl('Brand', null, [{ identity: role('DesignManager'), permission: 'Read' }]),
      ]),
    ).toEqual([
      {
        objectType: 'Brand',
        objectId: TYPE_LEVEL,
        identityType: 'Role',
        identityKey: 'DesignManager',
        permission: 'Read',
      },
      { objectType: 'Brand', objectId: 4, identityType: 'Group', identityKey: '2', permission: 'Read' },
      { objectType: 'Brand', objectId: 4, identityType: 'User', identityKey: '7', permission: 'Write' },
    ]);
  });

  it('replaces the whole list of a record at each change, and an empty list leaves none', async () => {
    const first = acl('Design', 9, [
      { identity: user(5), permission: 'Admin' },
      { identity: user(6), permission: 'Read' },
    ]);
    const second = acl('Design', 9, [{ identity: user(5), permission: 'Admin' }]);
    expect(await rows([first, second])).toEqual([
      { objectType: 'Design', objectId: 9, identityType: 'User', identityKey: '5', permission: 'Admin' },
    ]);
    expect(await rows([first, acl('Design', 9, [])])).toEqual([]);
  });

  it('drops an erased user’s grants everywhere, and a deleted group’s grants and the grants on it', async () => {
    const given = await rows([
      acl('Brand', 4, [
        { identity: user(7), permission: 'Write' },
        { identity: group(2), permission: 'Read' },
        { identity: user(8), permission: 'Read' },
      ]),
      acl('UserGroup', 2, [{ identity: user(8), permission: 'Admin' }]),
      { stream: 'User-7', type: 'UserErased', data: { groups: [] } },
      { stream: 'UserGroup-2', type: 'UserGroupDeleted', data: {} },
    ]);
    expect(given).toEqual([
      { objectType: 'Brand', objectId: 4, identityType: 'User', identityKey: '8', permission: 'Read' },
    ]);
  });

  it.each([
    ...resources.map((r) => [r.objectType, resourceEventTypes(r).deleted] as const),
    ['Design', 'DesignPurged'] as const,
  ])('drops the grants on a deleted %s, and only on that record', async (objectType, deleted) => {
    const given = await rows([
      acl(objectType, 3, [{ identity: user(7), permission: 'Admin' }]),
      acl(objectType, 4, [{ identity: user(7), permission: 'Read' }]),
      { stream: `${objectType}-3`, type: deleted, data: {} },
    ]);
    expect(given).toEqual([
      { objectType, objectId: 4, identityType: 'User', identityKey: '7', permission: 'Read' },
    ]);
  });
});
