import { messages, type UserEvent } from '@interior/contracts';
import { deciderSpec } from '../testing/given-when-then';
import { userDecider } from './decide';

/** Given/when/then of the account changes a person or a group manager makes. */
const spec = deciderSpec(userDecider);

const now = new Date('2025-03-01T09:00:00.000Z');
const nowIso = '2025-03-01T09:00:00.000Z';
const later = new Date('2025-03-02T09:00:00.000Z');
const laterIso = '2025-03-02T09:00:00.000Z';
const jti = '11111111-1111-4111-8111-111111111111';
const otherJti = '22222222-2222-4222-8222-222222222222';

const registered = (
  data: Partial<Extract<UserEvent, { type: 'UserRegistered' }>['data']> = {},
): UserEvent => ({
  type: 'UserRegistered',
  data: {
    id: 9,
    email: 'pii:v1:old-email',
    name: 'pii:v1:name',
    mobile: null,
    roles: ['PersonalFree'],
    status: 'Active',
    accountType: 'Personal',
    marketingAgreed: false,
    passwordHash: 'hash-0',
    consents: [],
    ...data,
  },
});
const active = registered();
const groups = (list: number[], added: number[], removed: number[]): UserEvent => ({
  type: 'UserGroupsChanged',
  data: { groups: list, added, removed },
});
const erased: UserEvent = { type: 'UserErased', data: { groups: [] } };
const changeRequested = (id = jti): UserEvent => ({
  type: 'EmailChangeRequested',
  data: { jti: id, expiresAt: laterIso, origin: 'http://127.0.0.1:3960', email: 'pii:v1:new-email' },
});

describe('user decider: account changes', () => {
  describe('RequestEmailVerification', () => {
    it('records the site the request came to, for the mailed link', () => {
      spec
        .given([registered({ status: 'Pending' })])
        .when({
          type: 'RequestEmailVerification',
          grant: { jti, expiresAt: later, origin: 'http://127.0.0.1:3960' },
        })
        .thenEvents([
          {
            type: 'EmailVerificationRequested',
            data: { jti, expiresAt: laterIso, origin: 'http://127.0.0.1:3960' },
          },
        ]);
    });
  });

  describe('ChangeGroupMembership', () => {
    it('adds one group to the latest groups, keeping the others', () => {
      spec
        .given([active, groups([5], [5], [])])
        .when({ type: 'ChangeGroupMembership', groupId: 3, member: true })
        .thenEvents([groups([3, 5], [3], [])]);
    });

    it('removes one group, keeping the others', () => {
      spec
        .given([active, groups([3, 5], [3, 5], [])])
        .when({ type: 'ChangeGroupMembership', groupId: 5, member: false })
        .thenEvents([groups([3], [], [5])]);
    });

    it('records nothing when the user already is (or is not) a member', () => {
      spec
        .given([active, groups([3], [3], [])])
        .when({ type: 'ChangeGroupMembership', groupId: 3, member: true })
        .thenEvents([]);
      spec.given([active]).when({ type: 'ChangeGroupMembership', groupId: 3, member: false }).thenEvents([]);
    });

    it('refuses an erased or unknown user', () => {
      spec
        .given([active, erased])
        .when({ type: 'ChangeGroupMembership', groupId: 3, member: true })
        .thenThrows('NotFound', messages.userNotFound);
      spec
        .given([])
        .when({ type: 'ChangeGroupMembership', groupId: 3, member: true })
        .thenThrows('NotFound', messages.userNotFound);
    });
  });

  describe('CloseAccount', () => {
    it('erases the account and ends its sessions, naming the groups left', () => {
      spec
        .given([active, groups([4], [4], [])])
        .when({ type: 'CloseAccount', otherAdmins: 0, now })
        .thenEvents([
          { type: 'UserSessionsRevoked', data: { reason: 'user-erased', at: nowIso } },
          { type: 'UserErased', data: { groups: [4] } },
        ]);
    });

    it('lets an Admin leave while another Admin remains', () => {
      spec
        .given([registered({ roles: ['Admin'] })])
        .when({ type: 'CloseAccount', otherAdmins: 1, now })
        .thenEvents([
          { type: 'UserSessionsRevoked', data: { reason: 'user-erased', at: nowIso } },
          { type: 'UserErased', data: { groups: [] } },
        ]);
    });

    it('refuses the last Admin', () => {
      spec
        .given([registered({ roles: ['Admin'] })])
        .when({ type: 'CloseAccount', otherAdmins: 0, now })
        .thenThrows('RuleBroken', messages.lastAdminCannotLeave);
    });

    it('refuses an account already erased', () => {
      spec
        .given([active, erased])
        .when({ type: 'CloseAccount', otherAdmins: 3, now })
        .thenThrows('NotFound', messages.userNotFound);
    });
  });

  describe('RequestEmailChange', () => {
    it('records the new address, sealed, with the link grant', () => {
      spec
        .given([active])
        .when({
          type: 'RequestEmailChange',
          grant: { jti, expiresAt: later, origin: 'http://127.0.0.1:3960' },
          sealedEmail: 'pii:v1:new-email',
        })
        .thenEvents([changeRequested()]);
    });

    it('refuses an account that is not active', () => {
      spec
        .given([registered({ status: 'Inactive' })])
        .when({ type: 'RequestEmailChange', grant: { jti, expiresAt: later }, sealedEmail: 'pii:v1:x' })
        .thenThrows('RuleBroken', messages.userInactive);
    });
  });

  describe('ConfirmEmailChange', () => {
    it('moves the account to the new address, naming the previous one', () => {
      spec
        .given([active, changeRequested()])
        .when({ type: 'ConfirmEmailChange', jti, now })
        .thenEvents([
          { type: 'EmailChanged', data: { email: 'pii:v1:new-email', previous: 'pii:v1:old-email', jti } },
        ]);
    });

    it('works once: a used link is spent', () => {
      spec
        .given([
          active,
          changeRequested(),
          { type: 'EmailChanged', data: { email: 'pii:v1:new-email', previous: 'pii:v1:old-email', jti } },
        ])
        .when({ type: 'ConfirmEmailChange', jti, now })
        .thenThrows('Gone', messages.linkExpired);
    });

    it('takes only the latest link, before it expires', () => {
      spec
        .given([active, changeRequested(), changeRequested(otherJti)])
        .when({ type: 'ConfirmEmailChange', jti, now })
        .thenThrows('Gone', messages.linkExpired);
      spec
        .given([active, changeRequested()])
        .when({ type: 'ConfirmEmailChange', jti, now: new Date('2025-03-03T00:00:00.000Z') })
        .thenThrows('Gone', messages.linkExpired);
    });

    it('refuses without a request, or after an erasure', () => {
      spec
        .given([active])
        .when({ type: 'ConfirmEmailChange', jti, now })
        .thenThrows('Gone', messages.linkExpired);
      spec
        .given([active, changeRequested(), erased])
        .when({ type: 'ConfirmEmailChange', jti, now })
        .thenThrows('Gone', messages.linkExpired);
    });

    it('keeps the new address after the change, for later changes', () => {
      spec
        .given([
          active,
          changeRequested(),
          { type: 'EmailChanged', data: { email: 'pii:v1:new-email', previous: 'pii:v1:old-email', jti } },
          {
            type: 'EmailChangeRequested',
            data: { jti: otherJti, expiresAt: laterIso, email: 'pii:v1:third-email' },
          },
        ])
        .when({ type: 'ConfirmEmailChange', jti: otherJti, now })
        .thenEvents([
          {
            type: 'EmailChanged',
            data: { email: 'pii:v1:third-email', previous: 'pii:v1:new-email', jti: otherJti },
          },
        ]);
    });
  });
});
