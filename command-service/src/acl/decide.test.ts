import type { Ace, AclEvent } from '@interior/contracts';
import { deciderSpec } from '../testing/given-when-then';
import { type AclCommand, aclDecider } from './decide';

const spec = deciderSpec(aclDecider);

const userRead: Ace = { identity: { type: 'User', id: 12 }, permission: 'Read' };
const userWrite: Ace = { identity: { type: 'User', id: 12 }, permission: 'Write' };
const groupRead: Ace = { identity: { type: 'Group', id: 12 }, permission: 'Read' };
const groupAdmin: Ace = { identity: { type: 'Group', id: 3 }, permission: 'Admin' };
const roleRead: Ace = { identity: { type: 'Role', role: 'Designer' }, permission: 'Read' };

const change = (aces: Ace[]): AclCommand => ({ type: 'ChangeAcl', objectType: 'Design', objectId: 5, aces });
const changed = (aces: Ace[]): AclEvent => ({ type: 'AclChanged', data: { type: 'Design', id: 5, aces } });

describe('acl decider', () => {
  it('grants on an object that had no grants', () => {
    spec
      .given([])
      .when(change([userRead, groupAdmin]))
      .thenEvents([changed([userRead, groupAdmin])]);
  });

  it('grants on a whole object type (no id)', () => {
    spec
      .given([])
      .when({ type: 'ChangeAcl', objectType: 'Notice', objectId: null, aces: [roleRead] })
      .thenEvents([{ type: 'AclChanged', data: { type: 'Notice', id: null, aces: [roleRead] } }]);
  });

  it('records nothing when the grants do not change', () => {
    spec
      .given([changed([userRead, groupAdmin])])
      .when(change([userRead, groupAdmin]))
      .thenEvents([]);
  });

  it('records nothing when only the order of the grants changes', () => {
    spec
      .given([changed([userRead, groupAdmin, roleRead])])
      .when(change([roleRead, userRead, groupAdmin]))
      .thenEvents([]);
  });

  it('records nothing when an object without grants is given none', () => {
    spec.given([]).when(change([])).thenEvents([]);
  });

  it('changes the permission of an identity already granted', () => {
    spec
      .given([changed([userRead, groupAdmin])])
      .when(change([userWrite, groupAdmin]))
      .thenEvents([changed([userWrite, groupAdmin])]);
  });

  it('tells a user and a group with the same id apart', () => {
    spec
      .given([changed([userRead])])
      .when(change([groupRead]))
      .thenEvents([changed([groupRead])]);
  });

  it('tells roles apart', () => {
    spec
      .given([changed([roleRead])])
      .when(change([{ identity: { type: 'Role', role: 'DesignManager' }, permission: 'Read' }]))
      .thenEvents([changed([{ identity: { type: 'Role', role: 'DesignManager' }, permission: 'Read' }])]);
  });

  it('adds and removes grants', () => {
    spec
      .given([changed([userRead])])
      .when(change([userRead, roleRead]))
      .thenEvents([changed([userRead, roleRead])]);
    spec
      .given([changed([userRead, roleRead])])
      .when(change([roleRead]))
      .thenEvents([changed([roleRead])]);
  });

  it('takes every grant away', () => {
    spec
      .given([changed([userRead, groupAdmin])])
      .when(change([]))
      .thenEvents([changed([])]);
    spec
      .given([changed([userRead]), changed([])])
      .when(change([]))
      .thenEvents([]);
  });

  it('replaces the whole list on each change rather than merging', () => {
    spec
      .given([changed([userRead]), changed([groupAdmin])])
      .when(change([groupAdmin]))
      .thenEvents([]);
    spec
      .given([changed([userRead]), changed([groupAdmin])])
      .when(change([userRead, groupAdmin]))
      .thenEvents([changed([userRead, groupAdmin])]);
  });

  it('is not fooled by a repeated entry standing in for a missing one', () => {
    // The HTTP schema refuses repeated identities; the decider must not depend on that.
    spec
      .given([changed([userRead, groupAdmin])])
      .when(change([userRead, userRead]))
      .thenEvents([changed([userRead, userRead])]);
  });
});
