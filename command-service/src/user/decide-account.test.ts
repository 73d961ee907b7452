import { type Consent, messages, type UserEvent } from '@interior/contracts';
import { userDecider } from './decide';
import {
  active,
  business,
  businessSaved,
  erased,
  image,
  jti,
  later,
  laterIso,
  now,
  nowIso,
  pending,
  registered,
  resetRequested,
  revokedFor,
  spec,
} from './decide.fixtures';

describe('user decider', () => {
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
});
