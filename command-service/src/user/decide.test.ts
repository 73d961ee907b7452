import { type Consent, messages, type UserEvent } from '@interior/contracts';
import { deciderSpec } from '../testing/given-when-then';
import { type UserCommand, userDecider } from './decide';

const spec = deciderSpec(userDecider);

const now = new Date('2025-03-01T09:00:00.000Z');
const nowIso = '2025-03-01T09:00:00.000Z';
const later = new Date('2025-03-02T09:00:00.000Z');
const laterIso = '2025-03-02T09:00:00.000Z';
const jti = '11111111-1111-4111-8111-111111111111';
const otherJti = '22222222-2222-4222-8222-222222222222';

const consents: Consent[] = [
  { code: 'TOS', agreed: true, version: '2025-01', at: '2025-02-01T00:00:00.000Z' },
  { code: 'PrivacyPolicy', agreed: true, version: '2025-01', at: '2025-02-01T00:00:00.000Z' },
  { code: 'PersonalInfoCollection', agreed: true, version: '2025-01', at: '2025-02-01T00:00:00.000Z' },
];

const register: Extract<UserCommand, { type: 'RegisterUser' }> = {
  type: 'RegisterUser',
  id: 9,
  sealedEmail: 'pii:v1:email',
  sealedName: 'pii:v1:name',
  sealedMobile: 'pii:v1:mobile',
  roles: ['PersonalFree'],
  status: 'Active',
  accountType: 'Personal',
  marketingAgreed: false,
  passwordHash: 'hash-0',
  consents,
};

type Registered = Extract<UserEvent, { type: 'UserRegistered' }>;
/** A user registered with the given fields changed. */
const registered = (data: Partial<Registered['data']> = {}): Registered => ({
  type: 'UserRegistered',
  data: {
    id: 9,
    email: 'pii:v1:email',
    name: 'pii:v1:name',
    mobile: 'pii:v1:mobile',
    roles: ['PersonalFree'],
    status: 'Active',
    accountType: 'Personal',
    marketingAgreed: false,
    passwordHash: 'hash-0',
    consents,
    ...data,
  },
});
const active = registered();
const pending = registered({ status: 'Pending', passwordHash: null });
const inactive = registered({ status: 'Inactive' });
const erased: UserEvent = { type: 'UserErased', data: { groups: [] } };

/** A link that is still good at `now`. */
const grant = { jti, expiresAt: later };
const grantIso = { jti, expiresAt: laterIso };
const verificationRequested: UserEvent = { type: 'EmailVerificationRequested', data: grantIso };
const resetRequested: UserEvent = { type: 'PasswordResetRequested', data: grantIso };
const invited: UserEvent = { type: 'UserInvited', data: grantIso };
const revokedFor = (
  reason: 'password-changed' | 'user-deactivated' | 'user-erased' | 'signed-out-everywhere',
  at = nowIso,
): UserEvent => ({
  type: 'UserSessionsRevoked',
  data: { reason, at },
});

const image = { id: 31, name: 'face.png' };

const adminUpdate = (
  change: Partial<Extract<UserCommand, { type: 'AdminUpdateUser' }>> = {},
): Extract<UserCommand, { type: 'AdminUpdateUser' }> => ({
  type: 'AdminUpdateUser',
  actorId: 1,
  roles: ['PersonalFree'],
  status: 'Active',
  groups: [],
  erpId: null,
  bpCode: null,
  sealedName: null,
  now,
  ...change,
});

const business = (businessId: number): Extract<UserCommand, { type: 'SaveBusinessProfile' }> => ({
  type: 'SaveBusinessProfile',
  businessId,
  registrationNumber: '1234567890',
  sealedRepresentative: 'pii:v1:rep',
  sealedMobile: 'pii:v1:biz-mobile',
  sealedTelephone: null,
  sealedAddress: 'pii:v1:address',
  industry: '인테리어',
  description: '주거 공간 설계',
});
const businessSaved = (businessId: number): UserEvent => ({
  type: 'BusinessProfileSaved',
  data: {
    businessId,
    registrationNumber: '1234567890',
    representative: 'pii:v1:rep',
    mobile: 'pii:v1:biz-mobile',
    telephone: null,
    address: 'pii:v1:address',
    industry: '인테리어',
    description: '주거 공간 설계',
  },
});

describe('user decider', () => {
  describe('RegisterUser', () => {
    it('registers a user that does not exist yet, with every field of the command', () => {
      spec.given([]).when(register).thenEvents([active]);
      spec
        .given([])
        .when({ ...register, status: 'Pending', accountType: null, sealedMobile: null, passwordHash: null })
        .thenEvents([registered({ status: 'Pending', accountType: null, mobile: null, passwordHash: null })]);
    });

    it('refuses to register the same id twice', () => {
      spec.given([active]).when(register).thenThrows('RuleBroken', messages.alreadyExists);
    });

    it('refuses to register again under the id of an erased user', () => {
      spec.given([active, erased]).when(register).thenThrows('RuleBroken', messages.alreadyExists);
    });
  });

  describe('RequestEmailVerification', () => {
    it('mails a link to a pending user, its expiry as an ISO string', () => {
      spec
        .given([pending])
        .when({ type: 'RequestEmailVerification', grant })
        .thenEvents([verificationRequested]);
    });

    it('records nothing for a user already verified or not pending', () => {
      spec.given([active]).when({ type: 'RequestEmailVerification', grant }).thenEvents([]);
      spec.given([inactive]).when({ type: 'RequestEmailVerification', grant }).thenEvents([]);
      spec
        .given([pending, verificationRequested, { type: 'EmailVerified', data: { jti } }])
        .when({ type: 'RequestEmailVerification', grant })
        .thenEvents([]);
    });

    it('refuses a user that does not exist or was erased', () => {
      spec
        .given([])
        .when({ type: 'RequestEmailVerification', grant })
        .thenThrows('NotFound', messages.userNotFound);
      spec
        .given([pending, erased])
        .when({ type: 'RequestEmailVerification', grant })
        .thenThrows('NotFound', messages.userNotFound);
    });
  });

  describe('VerifyEmail', () => {
    it('verifies a pending user with the latest, unexpired link', () => {
      spec
        .given([pending, verificationRequested])
        .when({ type: 'VerifyEmail', jti, now })
        .thenEvents([{ type: 'EmailVerified', data: { jti } }]);
    });

    it('accepts a link up to the millisecond before it expires', () => {
      spec
        .given([pending, verificationRequested])
        .when({ type: 'VerifyEmail', jti, now: new Date(later.getTime() - 1) })
        .thenEvents([{ type: 'EmailVerified', data: { jti } }]);
    });

    it('refuses an expired link', () => {
      spec
        .given([pending, verificationRequested])
        .when({ type: 'VerifyEmail', jti, now: later })
        .thenThrows('Gone', messages.linkExpired);
    });

    it('refuses a link that is not the latest one mailed', () => {
      const newer: UserEvent = {
        type: 'EmailVerificationRequested',
        data: { jti: otherJti, expiresAt: laterIso },
      };
      spec
        .given([pending, verificationRequested, newer])
        .when({ type: 'VerifyEmail', jti, now })
        .thenThrows('Gone', messages.linkExpired);
      spec
        .given([pending, verificationRequested, newer])
        .when({ type: 'VerifyEmail', jti: otherJti, now })
        .thenEvents([{ type: 'EmailVerified', data: { jti: otherJti } }]);
    });

    it('refuses when no link was mailed, or a link for another purpose', () => {
      spec.given([pending]).when({ type: 'VerifyEmail', jti, now }).thenThrows('Gone', messages.linkExpired);
      spec
        .given([pending, resetRequested])
        .when({ type: 'VerifyEmail', jti, now })
        .thenThrows('Gone', messages.linkExpired);
    });

    it('refuses a link used once already', () => {
      spec
        .given([pending, verificationRequested, { type: 'EmailVerified', data: { jti } }])
        .when({ type: 'VerifyEmail', jti, now })
        .thenThrows('Gone', messages.linkExpired);
    });

    it('refuses a user that is not pending, does not exist or was erased', () => {
      spec
        .given([active, verificationRequested])
        .when({ type: 'VerifyEmail', jti, now })
        .thenThrows('Gone', messages.linkExpired);
      spec.given([]).when({ type: 'VerifyEmail', jti, now }).thenThrows('Gone', messages.linkExpired);
      spec
        .given([pending, verificationRequested, erased])
        .when({ type: 'VerifyEmail', jti, now })
        .thenThrows('Gone', messages.linkExpired);
    });
  });

  describe('RequestPasswordReset', () => {
    it('mails a link to an active or pending user', () => {
      spec.given([active]).when({ type: 'RequestPasswordReset', grant }).thenEvents([resetRequested]);
      spec.given([pending]).when({ type: 'RequestPasswordReset', grant }).thenEvents([resetRequested]);
    });

    it('records nothing, without an error, for an inactive, unknown or erased user', () => {
      spec.given([inactive]).when({ type: 'RequestPasswordReset', grant }).thenEvents([]);
      spec.given([]).when({ type: 'RequestPasswordReset', grant }).thenEvents([]);
      spec.given([active, erased]).when({ type: 'RequestPasswordReset', grant }).thenEvents([]);
    });
  });

  describe('InviteUser', () => {
    it('mails an invitation link', () => {
      spec.given([pending]).when({ type: 'InviteUser', grant }).thenEvents([invited]);
      spec.given([active]).when({ type: 'InviteUser', grant }).thenEvents([invited]);
    });

    it('mails nothing to an inactive account, which could not use the link', () => {
      spec.given([inactive]).when({ type: 'InviteUser', grant }).thenEvents([]);
    });

    it('refuses a user that does not exist or was erased', () => {
      spec.given([]).when({ type: 'InviteUser', grant }).thenThrows('NotFound', messages.userNotFound);
      spec
        .given([pending, erased])
        .when({ type: 'InviteUser', grant })
        .thenThrows('NotFound', messages.userNotFound);
    });
  });

  describe('SetPasswordWithLink', () => {
    const withLink = (
      purpose: 'reset-password' | 'invitation',
      at = now,
      id = jti,
    ): Extract<UserCommand, { type: 'SetPasswordWithLink' }> => ({
      type: 'SetPasswordWithLink',
      purpose,
      jti: id,
      passwordHash: 'hash-new',
      now: at,
    });

    it('sets the password of an active user from a reset link and ends their sessions', () => {
      spec
        .given([active, resetRequested])
        .when(withLink('reset-password'))
        .thenEvents([
          { type: 'PasswordChanged', data: { passwordHash: 'hash-new', reason: 'reset', jti } },
          revokedFor('password-changed'),
        ]);
    });

    it('sets the password of an invited user and verifies the address the link was mailed to', () => {
      spec
        .given([pending, invited])
        .when(withLink('invitation'))
        .thenEvents([
          { type: 'PasswordChanged', data: { passwordHash: 'hash-new', reason: 'invitation', jti } },
          { type: 'EmailVerified', data: { jti: null } },
          revokedFor('password-changed'),
        ]);
    });

    it('verifies a pending user who resets the password too', () => {
      spec
        .given([pending, resetRequested])
        .when(withLink('reset-password'))
        .thenEvents([
          { type: 'PasswordChanged', data: { passwordHash: 'hash-new', reason: 'reset', jti } },
          { type: 'EmailVerified', data: { jti: null } },
          revokedFor('password-changed'),
        ]);
    });

    it('refuses a link used once already', () => {
      spec
        .given([
          active,
          resetRequested,
          { type: 'PasswordChanged', data: { passwordHash: 'hash-new', reason: 'reset', jti } },
        ])
        .when(withLink('reset-password'))
        .thenThrows('Gone', messages.linkExpired);
      spec
        .given([
          pending,
          invited,
          { type: 'PasswordChanged', data: { passwordHash: 'hash-new', reason: 'invitation', jti } },
          { type: 'EmailVerified', data: { jti: null } },
        ])
        .when(withLink('invitation'))
        .thenThrows('Gone', messages.linkExpired);
    });

    it('refuses a link of another purpose than the one mailed', () => {
      spec
        .given([pending, invited])
        .when(withLink('reset-password'))
        .thenThrows('Gone', messages.linkExpired);
      spec
        .given([active, resetRequested])
        .when(withLink('invitation'))
        .thenThrows('Gone', messages.linkExpired);
      spec
        .given([pending, verificationRequested])
        .when(withLink('reset-password'))
        .thenThrows('Gone', messages.linkExpired);
    });

    it('refuses an expired link or one that is not the latest', () => {
      spec
        .given([active, resetRequested])
        .when(withLink('reset-password', later))
        .thenThrows('Gone', messages.linkExpired);
      spec
        .given([active, resetRequested])
        .when(withLink('reset-password', now, otherJti))
        .thenThrows('Gone', messages.linkExpired);
    });

    it('refuses an inactive, unknown or erased user even with a good link', () => {
      spec
        .given([inactive, resetRequested])
        .when(withLink('reset-password'))
        .thenThrows('Gone', messages.linkExpired);
      spec.given([]).when(withLink('reset-password')).thenThrows('Gone', messages.linkExpired);
      spec
        .given([active, resetRequested, erased])
        .when(withLink('reset-password'))
        .thenThrows('Gone', messages.linkExpired);
    });
  });

  describe('ChangePassword', () => {
    it('changes the password and ends every session', () => {
      spec
        .given([active])
        .when({ type: 'ChangePassword', passwordHash: 'hash-new', now })
        .thenEvents([
          { type: 'PasswordChanged', data: { passwordHash: 'hash-new', reason: 'change', jti: null } },
          revokedFor('password-changed'),
        ]);
    });

    it('voids the reset and invitation links mailed before the change', () => {
      const changed: UserEvent = {
        type: 'PasswordChanged',
        data: { passwordHash: 'hash-new', reason: 'change', jti: null },
      };
      spec
        .given([active, resetRequested, changed])
        .when({ type: 'SetPasswordWithLink', purpose: 'reset-password', jti, passwordHash: 'h', now })
        .thenThrows('Gone', messages.linkExpired);
      spec
        .given([active, { type: 'UserInvited', data: { jti, expiresAt: laterIso } }, changed])
        .when({ type: 'SetPasswordWithLink', purpose: 'invitation', jti, passwordHash: 'h', now })
        .thenThrows('Gone', messages.linkExpired);
    });

    it('refuses a user that does not exist or was erased', () => {
      spec
        .given([])
        .when({ type: 'ChangePassword', passwordHash: 'h', now })
        .thenThrows('NotFound', messages.userNotFound);
      spec
        .given([active, erased])
        .when({ type: 'ChangePassword', passwordHash: 'h', now })
        .thenThrows('NotFound', messages.userNotFound);
    });
  });

  describe('RevokeAllSessions', () => {
    it('ends every session of the user, whatever their status', () => {
      spec
        .given([active])
        .when({ type: 'RevokeAllSessions', now })
        .thenEvents([revokedFor('signed-out-everywhere')]);
      spec
        .given([pending])
        .when({ type: 'RevokeAllSessions', now: later })
        .thenEvents([revokedFor('signed-out-everywhere', laterIso)]);
    });

    it('records the instant up to which sessions no longer count', () => {
      const history = [active, revokedFor('signed-out-everywhere')];
      const state = history.reduce(userDecider.evolve, userDecider.initialState());
      expect(state).toMatchObject({ sessionsRevokedAt: nowIso });
    });

    it('refuses a user that does not exist or was erased', () => {
      spec.given([]).when({ type: 'RevokeAllSessions', now }).thenThrows('NotFound', messages.userNotFound);
      spec
        .given([active, erased])
        .when({ type: 'RevokeAllSessions', now })
        .thenThrows('NotFound', messages.userNotFound);
    });
  });

  describe('UpdateProfile', () => {
    it('updates the name and the mobile number', () => {
      spec
        .given([active])
        .when({ type: 'UpdateProfile', sealedName: 'pii:v1:name2', sealedMobile: 'pii:v1:mobile2' })
        .thenEvents([
          { type: 'UserProfileUpdated', data: { name: 'pii:v1:name2', mobile: 'pii:v1:mobile2' } },
        ]);
    });

    it('clears the mobile number when given null', () => {
      spec
        .given([active])
        .when({ type: 'UpdateProfile', sealedName: 'pii:v1:name2', sealedMobile: null })
        .thenEvents([{ type: 'UserProfileUpdated', data: { name: 'pii:v1:name2', mobile: null } }]);
    });

    it('leaves the mobile number out of the event when the command leaves it out', () => {
      const events = userDecider.decide(
        { type: 'UpdateProfile', sealedName: 'pii:v1:name2' },
        userDecider.evolve(userDecider.initialState(), active),
      );
      expect(events).toStrictEqual([{ type: 'UserProfileUpdated', data: { name: 'pii:v1:name2' } }]);
    });

    it('refuses a user that does not exist or was erased', () => {
      spec
        .given([])
        .when({ type: 'UpdateProfile', sealedName: 'pii:v1:x' })
        .thenThrows('NotFound', messages.userNotFound);
      spec
        .given([active, erased])
        .when({ type: 'UpdateProfile', sealedName: 'pii:v1:x' })
        .thenThrows('NotFound', messages.userNotFound);
    });
  });

  describe('ChangeImage', () => {
    const imageChanged = (to: typeof image | null): UserEvent => ({
      type: 'UserImageChanged',
      data: { image: to },
    });

    it('sets, replaces and removes the image', () => {
      spec
        .given([active])
        .when({ type: 'ChangeImage', image })
        .thenEvents([imageChanged(image)]);
      spec
        .given([active, imageChanged(image)])
        .when({ type: 'ChangeImage', image: { id: 32, name: 'new.png' } })
        .thenEvents([imageChanged({ id: 32, name: 'new.png' })]);
      spec
        .given([active, imageChanged(image)])
        .when({ type: 'ChangeImage', image: null })
        .thenEvents([imageChanged(null)]);
    });

    it('records nothing when the image stays the same file, or stays absent', () => {
      spec
        .given([active, imageChanged(image)])
        .when({ type: 'ChangeImage', image })
        .thenEvents([]);
      spec.given([active]).when({ type: 'ChangeImage', image: null }).thenEvents([]);
      spec
        .given([active, imageChanged(image), imageChanged(null)])
        .when({ type: 'ChangeImage', image: null })
        .thenEvents([]);
    });

    it('refuses a user that does not exist or was erased', () => {
      spec.given([]).when({ type: 'ChangeImage', image }).thenThrows('NotFound', messages.userNotFound);
      spec
        .given([active, erased])
        .when({ type: 'ChangeImage', image })
        .thenThrows('NotFound', messages.userNotFound);
    });
  });

  describe('ChangeConsent', () => {
    const consent = (agreed: boolean, code: Consent['code'] = 'Marketing') =>
      ({ type: 'ChangeConsent', code, agreed, version: '2025-02', now }) as const;
    const consentChanged = (agreed: boolean): UserEvent => ({
      type: 'ConsentChanged',
      data: { code: 'Marketing', agreed, version: '2025-02', at: nowIso },
    });

    it('agrees to and withdraws from marketing', () => {
      spec
        .given([active])
        .when(consent(true))
        .thenEvents([consentChanged(true)]);
      spec
        .given([registered({ marketingAgreed: true })])
        .when(consent(false))
        .thenEvents([consentChanged(false)]);
      spec
        .given([active, consentChanged(true)])
        .when(consent(false))
        .thenEvents([consentChanged(false)]);
    });

    it('records nothing when the answer does not change', () => {
      spec.given([active]).when(consent(false)).thenEvents([]);
      spec
        .given([active, consentChanged(true)])
        .when(consent(true))
        .thenEvents([]);
    });

    it.each(['TOS', 'PrivacyPolicy', 'PersonalInfoCollection'] as const)(
      'refuses to change the required %s',
      (code) => {
        spec
          .given([active])
          .when(consent(false, code))
          .thenThrows('RuleBroken', messages.requiredConsentFixed);
      },
    );

    it('refuses a user that does not exist or was erased', () => {
      spec.given([]).when(consent(true)).thenThrows('NotFound', messages.userNotFound);
      spec.given([active, erased]).when(consent(true)).thenThrows('NotFound', messages.userNotFound);
    });
  });

  describe('SaveBusinessProfile', () => {
    const businessUser = registered({ accountType: 'Business', roles: ['BusinessFree'] });

    it('saves the first profile under the id the command brings', () => {
      spec
        .given([businessUser])
        .when(business(5))
        .thenEvents([businessSaved(5)]);
    });

    it('keeps the id of the profile already saved', () => {
      spec
        .given([businessUser, businessSaved(5)])
        .when(business(9))
        .thenEvents([businessSaved(5)]);
    });

    it('accepts a business account type, or a business role on any account', () => {
      spec
        .given([registered({ accountType: 'Business', roles: ['Guest'] })])
        .when(business(5))
        .thenEvents([businessSaved(5)]);
      spec
        .given([registered({ accountType: null, roles: ['BusinessPremium'] })])
        .when(business(5))
        .thenEvents([businessSaved(5)]);
      spec
        .given([active, { type: 'UserRolesChanged', data: { roles: ['BusinessPro'] } }])
        .when(business(5))
        .thenEvents([businessSaved(5)]);
      // The account type stays Business when the roles change.
      spec
        .given([businessUser, { type: 'UserRolesChanged', data: { roles: ['PersonalPro'] } }])
        .when(business(5))
        .thenEvents([businessSaved(5)]);
    });

    it('refuses a personal account without a business role', () => {
      spec.given([active]).when(business(5)).thenThrows('RuleBroken', messages.notBusinessAccount);
      spec
        .given([registered({ accountType: null, roles: ['Admin'] })])
        .when(business(5))
        .thenThrows('RuleBroken', messages.notBusinessAccount);
    });

    it('refuses a user that does not exist or was erased', () => {
      spec.given([]).when(business(5)).thenThrows('NotFound', messages.userNotFound);
      spec.given([businessUser, erased]).when(business(5)).thenThrows('NotFound', messages.userNotFound);
    });
  });

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

describe('an SNS sign-up whose address nobody proved', () => {
  const link = (unconfirmed: boolean): UserEvent => ({
    type: 'SnsAccountLinked',
    data: {
      id: 3,
      type: 'Naver',
      uid: 'pii:v1:uid',
      reservation: 'r-3',
      ...(unconfirmed ? { unconfirmed: true as const } : {}),
    },
  });
  const unlinked: UserEvent = {
    type: 'SnsAccountUnlinked',
    data: { id: 3, type: 'Naver', reservation: 'r-3' },
  };
  const yieldAddress: UserCommand = { type: 'YieldUnprovenAddress', now };

  it('links unconfirmed when asked to', () => {
    spec
      .given([pending])
      .when({
        type: 'LinkSnsAccount',
        id: 3,
        snsType: 'Naver',
        sealedUid: 'pii:v1:uid',
        reservation: 'r-3',
        unconfirmed: true,
      })
      .thenEvents([link(true)]);
  });

  it('drops the link when a password recovery proves the address', () => {
    spec
      .given([pending, link(true), resetRequested])
      .when({ type: 'SetPasswordWithLink', purpose: 'reset-password', jti, passwordHash: 'h', now })
      .thenEvents([
        unlinked,
        { type: 'PasswordChanged', data: { passwordHash: 'h', reason: 'reset', jti } },
        { type: 'EmailVerified', data: { jti: null } },
        { type: 'UserSessionsRevoked', data: { reason: 'password-changed', at: nowIso } },
      ]);
  });

  it('keeps the link once the mailed verification link proved the address', () => {
    spec
      .given([
        pending,
        link(true),
        verificationRequested,
        { type: 'EmailVerified', data: { jti } },
        resetRequested,
      ])
      .when({ type: 'SetPasswordWithLink', purpose: 'reset-password', jti, passwordHash: 'h', now })
      .thenEvents([
        { type: 'PasswordChanged', data: { passwordHash: 'h', reason: 'reset', jti } },
        { type: 'UserSessionsRevoked', data: { reason: 'password-changed', at: nowIso } },
      ]);
    spec
      .given([pending, link(true), verificationRequested, { type: 'EmailVerified', data: { jti } }])
      .when(yieldAddress)
      .thenThrows('RuleBroken', messages.emailInUse);
  });

  it('yields the address, with its links, and can never be activated after', () => {
    spec
      .given([pending, link(true), verificationRequested])
      .when(yieldAddress)
      .thenEvents([
        unlinked,
        { type: 'UserStatusChanged', data: { status: 'Inactive', previous: 'Pending' } },
        { type: 'UserSessionsRevoked', data: { reason: 'user-deactivated', at: nowIso } },
      ]);
    spec
      .given([
        pending,
        link(true),
        verificationRequested,
        unlinked,
        { type: 'UserStatusChanged', data: { status: 'Inactive', previous: 'Pending' } },
      ])
      .when({ type: 'VerifyEmail', jti, now })
      .thenThrows('Gone', messages.linkExpired);
  });

  it('never takes the address from an account someone stands behind', () => {
    for (const history of [
      [pending],
      [pending, link(false)],
      [registered({ status: 'Pending' }), link(true)],
      [active, link(true)],
    ])
      spec.given(history).when(yieldAddress).thenThrows('RuleBroken', messages.emailInUse);
  });
});
