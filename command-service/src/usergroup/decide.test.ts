import { messages, type UserGroupEvent } from '@interior/contracts';
import { deciderSpec } from '../testing/given-when-then';
import { userGroupDecider } from './decide';

const spec = deciderSpec(userGroupDecider);
const created: UserGroupEvent = {
  type: 'UserGroupCreated',
  data: { id: 7, name: '설계팀', description: '설계 담당' },
};

describe('user group decider', () => {
  it('creates a group that does not exist yet', () => {
    spec
      .given([])
      .when({ type: 'CreateUserGroup', id: 7, name: '설계팀', description: '설계 담당' })
      .thenEvents([created]);
  });

  it('refuses to create a group twice', () => {
    spec
      .given([created])
      .when({ type: 'CreateUserGroup', id: 7, name: '설계팀', description: '설계 담당' })
      .thenThrows('RuleBroken', messages.alreadyExists);
  });

  it('updates name and description', () => {
    spec
      .given([created])
      .when({ type: 'UpdateUserGroup', name: '시공팀', description: '현장 시공' })
      .thenEvents([{ type: 'UserGroupUpdated', data: { name: '시공팀', description: '현장 시공' } }]);
  });

  it('records nothing when an update changes nothing', () => {
    spec
      .given([created])
      .when({ type: 'UpdateUserGroup', name: '설계팀', description: '설계 담당' })
      .thenEvents([]);
  });

  it('applies updates in order', () => {
    spec
      .given([created, { type: 'UserGroupUpdated', data: { name: '시공팀', description: '현장 시공' } }])
      .when({ type: 'UpdateUserGroup', name: '시공팀', description: '현장 시공' })
      .thenEvents([]);
  });

  it('refuses to update a group that does not exist or was deleted', () => {
    spec
      .given([])
      .when({ type: 'UpdateUserGroup', name: 'a', description: 'b' })
      .thenThrows('NotFound', messages.userGroupNotFound);
    spec
      .given([created, { type: 'UserGroupDeleted', data: {} }])
      .when({ type: 'UpdateUserGroup', name: 'a', description: 'b' })
      .thenThrows('NotFound', messages.userGroupNotFound);
  });

  it('deletes a group once', () => {
    spec
      .given([created])
      .when({ type: 'DeleteUserGroup' })
      .thenEvents([{ type: 'UserGroupDeleted', data: {} }]);
    spec
      .given([created, { type: 'UserGroupDeleted', data: {} }])
      .when({ type: 'DeleteUserGroup' })
      .thenThrows('NotFound', messages.userGroupNotFound);
  });

  it('refuses to re-create a deleted group under the same id', () => {
    spec
      .given([created, { type: 'UserGroupDeleted', data: {} }])
      .when({ type: 'CreateUserGroup', id: 7, name: 'x', description: 'y' })
      .thenThrows('RuleBroken', messages.alreadyExists);
  });
});
