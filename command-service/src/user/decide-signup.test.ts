import { messages, type UserEvent } from '@interior/contracts';
import type { UserCommand } from './decide';
import {
  active,
  erased,
  grant,
  inactive,
  invited,
  jti,
  later,
  laterIso,
  now,
  nowIso,
  otherJti,
  pending,
  register,
  registered,
  resetRequested,
  revokedFor,
  spec,
  verificationRequested,
} from './decide.fixtures';

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
