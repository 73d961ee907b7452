import { messages, type UserEvent } from '@interior/contracts';
import type { UserCommand } from './decide';
import {
  active,
  adminUpdate,
  business,
  erased,
  grant,
  image,
  inactive,
  jti,
  laterIso,
  now,
  otherJti,
  pending,
  register,
  registered,
  resetRequested,
  revokedFor,
  spec,
} from './decide.fixtures';

describe('user decider', () => {
  describe('AdminUpdateUser', () => {
    it('records nothing when nothing changes', () => {
      spec.given([active]).when(adminUpdate()).thenEvents([]);
    });

    it('records every change, in order', () => {
      spec
        .given([active])
        .when(
          adminUpdate({
            sealedName: 'pii:v1:renamed',
            roles: ['Designer', 'DesignManager'],
            status: 'Inactive',
            groups: [3, 4],
            erpId: 'E1234567',
            bpCode: 'BP0001',
          }),
        )
        .thenEvents([
          { type: 'UserProfileUpdated', data: { name: 'pii:v1:renamed' } },
          { type: 'UserRolesChanged', data: { roles: ['Designer', 'DesignManager'] } },
          { type: 'UserStatusChanged', data: { status: 'Inactive', previous: 'Active' } },
          revokedFor('user-deactivated'),
          { type: 'UserGroupsChanged', data: { groups: [3, 4], added: [3, 4], removed: [] } },
          { type: 'UserErpChanged', data: { erpId: 'E1234567', bpCode: 'BP0001' } },
        ]);
    });

    it('treats roles and groups as sets: a new order is no change', () => {
      spec
        .given([
          registered({ roles: ['Designer', 'DesignManager'] }),
          { type: 'UserGroupsChanged', data: { groups: [3, 4], added: [3, 4], removed: [] } },
        ])
        .when(adminUpdate({ roles: ['DesignManager', 'Designer'], groups: [4, 3] }))
        .thenEvents([]);
    });

    it('tells which groups were added and which removed', () => {
      spec
        .given([active, { type: 'UserGroupsChanged', data: { groups: [3, 4], added: [3, 4], removed: [] } }])
        .when(adminUpdate({ groups: [4, 5] }))
        .thenEvents([{ type: 'UserGroupsChanged', data: { groups: [4, 5], added: [5], removed: [3] } }]);
      spec
        .given([active, { type: 'UserGroupsChanged', data: { groups: [3], added: [3], removed: [] } }])
        .when(adminUpdate({ groups: [] }))
        .thenEvents([{ type: 'UserGroupsChanged', data: { groups: [], added: [], removed: [3] } }]);
    });

    it('records ERP codes together when either changes', () => {
      spec
        .given([active, { type: 'UserErpChanged', data: { erpId: 'E1', bpCode: 'B1' } }])
        .when(adminUpdate({ erpId: 'E1', bpCode: 'B2' }))
        .thenEvents([{ type: 'UserErpChanged', data: { erpId: 'E1', bpCode: 'B2' } }]);
      spec
        .given([active, { type: 'UserErpChanged', data: { erpId: 'E1', bpCode: 'B1' } }])
        .when(adminUpdate({ erpId: 'E1', bpCode: 'B1' }))
        .thenEvents([]);
      spec
        .given([active, { type: 'UserErpChanged', data: { erpId: 'E1', bpCode: 'B1' } }])
        .when(adminUpdate())
        .thenEvents([{ type: 'UserErpChanged', data: { erpId: null, bpCode: null } }]);
    });

    it('ends the sessions of a user who is deactivated, and only then', () => {
      spec
        .given([active])
        .when(adminUpdate({ status: 'Inactive' }))
        .thenEvents([
          { type: 'UserStatusChanged', data: { status: 'Inactive', previous: 'Active' } },
          revokedFor('user-deactivated'),
        ]);
      spec
        .given([inactive])
        .when(adminUpdate({ status: 'Active' }))
        .thenEvents([{ type: 'UserStatusChanged', data: { status: 'Active', previous: 'Inactive' } }]);
      spec
        .given([pending])
        .when(adminUpdate({ status: 'Active' }))
        .thenEvents([{ type: 'UserStatusChanged', data: { status: 'Active', previous: 'Pending' } }]);
    });

    it('ends the sessions of a user set back to pending, so reactivating cannot revive them', () => {
      spec
        .given([active])
        .when(adminUpdate({ status: 'Pending' }))
        .thenEvents([
          { type: 'UserStatusChanged', data: { status: 'Pending', previous: 'Active' } },
          revokedFor('user-deactivated'),
        ]);
    });

    it('lets an Admin change their own profile without locking themselves out', () => {
      spec
        .given([registered({ id: 1, roles: ['Admin'] })])
        .when(adminUpdate({ actorId: 1, roles: ['Admin', 'Developer'], groups: [3] }))
        .thenEvents([
          { type: 'UserRolesChanged', data: { roles: ['Admin', 'Developer'] } },
          { type: 'UserGroupsChanged', data: { groups: [3], added: [3], removed: [] } },
        ]);
    });

    it('refuses to let an Admin drop their own Admin role', () => {
      spec
        .given([registered({ id: 1, roles: ['Admin', 'Developer'] })])
        .when(adminUpdate({ actorId: 1, roles: ['Developer'] }))
        .thenThrows('RuleBroken', messages.cannotLockOutSelf);
    });

    it.each(['Inactive', 'Pending'] as const)(
      'refuses to let an Admin set their own account %s',
      (status) => {
        spec
          .given([registered({ id: 1, roles: ['Admin'] })])
          .when(adminUpdate({ actorId: 1, roles: ['Admin'], status }))
          .thenThrows('RuleBroken', messages.cannotLockOutSelf);
      },
    );

    it("lets an Admin take another Admin's role away or deactivate them", () => {
      spec
        .given([registered({ id: 2, roles: ['Admin'] })])
        .when(adminUpdate({ actorId: 1, roles: ['Developer'], status: 'Inactive' }))
        .thenEvents([
          { type: 'UserRolesChanged', data: { roles: ['Developer'] } },
          { type: 'UserStatusChanged', data: { status: 'Inactive', previous: 'Active' } },
          revokedFor('user-deactivated'),
        ]);
    });

    it('refuses a user that does not exist or was erased', () => {
      spec.given([]).when(adminUpdate()).thenThrows('NotFound', messages.userNotFound);
      spec
        .given([active, erased])
        .when(adminUpdate({ status: 'Active' }))
        .thenThrows('NotFound', messages.userNotFound);
    });
  });

  describe('EraseUser', () => {
    it('erases a user, naming the groups they leave', () => {
      spec
        .given([active, { type: 'UserGroupsChanged', data: { groups: [3, 4], added: [3, 4], removed: [] } }])
        .when({ type: 'EraseUser', actorId: 1, now })
        .thenEvents([revokedFor('user-erased'), { type: 'UserErased', data: { groups: [3, 4] } }]);
      spec
        .given([inactive])
        .when({ type: 'EraseUser', actorId: 1, now })
        .thenEvents([revokedFor('user-erased'), { type: 'UserErased', data: { groups: [] } }]);
    });

    it('refuses to let an Admin erase themselves', () => {
      spec
        .given([registered({ id: 1, roles: ['Admin'] })])
        .when({ type: 'EraseUser', actorId: 1, now })
        .thenThrows('RuleBroken', messages.cannotEraseSelf);
    });

    it('refuses to erase twice, or a user that does not exist', () => {
      spec
        .given([active, erased])
        .when({ type: 'EraseUser', actorId: 1, now })
        .thenThrows('NotFound', messages.userNotFound);
      spec
        .given([])
        .when({ type: 'EraseUser', actorId: 1, now })
        .thenThrows('NotFound', messages.userNotFound);
    });

    it('leaves nothing an erased user could still do', () => {
      const history = [
        registered({ accountType: 'Business', roles: ['BusinessPro'] }),
        resetRequested,
        { type: 'UserInvited', data: { jti: otherJti, expiresAt: laterIso } } as UserEvent,
        erased,
      ];
      const notFound: UserCommand[] = [
        { type: 'RequestEmailVerification', grant },
        { type: 'InviteUser', grant },
        { type: 'ChangePassword', passwordHash: 'h', now },
        { type: 'RevokeAllSessions', now },
        { type: 'UpdateProfile', sealedName: 'pii:v1:x' },
        { type: 'ChangeImage', image },
        { type: 'ChangeConsent', code: 'Marketing', agreed: true, version: 'v', now },
        business(5),
        adminUpdate(),
        { type: 'EraseUser', actorId: 1, now },
      ];
      for (const command of notFound) {
        spec.given(history).when(command).thenThrows('NotFound', messages.userNotFound);
      }
      // The links mailed before the erasure are spent.
      spec
        .given(history)
        .when({ type: 'SetPasswordWithLink', purpose: 'reset-password', jti, passwordHash: 'h', now })
        .thenThrows('Gone', messages.linkExpired);
      spec
        .given(history)
        .when({ type: 'SetPasswordWithLink', purpose: 'invitation', jti: otherJti, passwordHash: 'h', now })
        .thenThrows('Gone', messages.linkExpired);
      spec.given(history).when({ type: 'VerifyEmail', jti, now }).thenThrows('Gone', messages.linkExpired);
      spec.given(history).when({ type: 'RequestPasswordReset', grant }).thenEvents([]);
      spec.given(history).when(register).thenThrows('RuleBroken', messages.alreadyExists);
    });
  });
});
