import {
  type AccountType,
  businessRoles,
  type Consent,
  type FileReference,
  hasAnyRole,
  messages,
  type PlanCode,
  planRoleChange,
  type Role,
  type SnsType,
  type UserEvent,
  type UserStatus,
} from '@interior/contracts';
import { type ActionPurpose, domainNotFound, gone, ruleBroken } from '@interior/platform';
import type { Decider } from '../decider';
import { evolve, initialState, isUnprovenSnsClaim, type RegisteredUser, type UserState } from './user';

/** A link grant as commands carry it (see platform/src/auth/action-tokens.ts). */
interface Grant {
  jti: string;
  expiresAt: Date;
  /** The site the request came to, for the mailed link (see link-origin.ts). */
  origin?: string | undefined;
}

export type UserCommand =
  | {
      type: 'RegisterUser';
      id: number;
      /** Sealed with the user's key (docs/architecture.md "Personal data"). */
      sealedEmail: string;
      sealedName: string;
      sealedMobile: string | null;
      roles: Role[];
      status: UserStatus;
      accountType: AccountType | null;
      marketingAgreed: boolean;
      passwordHash: string | null;
      consents: Consent[];
    }
  | { type: 'RequestEmailVerification'; grant: Grant }
  | { type: 'VerifyEmail'; jti: string; now: Date }
  | { type: 'RequestPasswordReset'; grant: Grant }
  | { type: 'InviteUser'; grant: Grant }
  | {
      type: 'SetPasswordWithLink';
      purpose: 'reset-password' | 'invitation';
      jti: string;
      passwordHash: string;
      now: Date;
    }
  | { type: 'ChangePassword'; passwordHash: string; now: Date }
  /** "Sign out everywhere": ends every session the user has, the one asking included. */
  | { type: 'RevokeAllSessions'; now: Date }
  | { type: 'UpdateProfile'; sealedName: string; sealedMobile?: string | null }
  | { type: 'ChangeImage'; image: FileReference | null }
  | { type: 'ChangeConsent'; code: Consent['code']; agreed: boolean; version: string; now: Date }
  | {
      type: 'SaveBusinessProfile';
      businessId: number;
      registrationNumber: string;
      sealedRepresentative: string;
      sealedMobile: string;
      sealedTelephone: string | null;
      sealedAddress: string | null;
      industry: string | null;
      description: string;
    }
  | {
      type: 'AdminUpdateUser';
      actorId: number;
      roles: Role[];
      status: Exclude<UserStatus, 'Deleted'>;
      groups: number[];
      erpId: string | null;
      bpCode: string | null;
      /** A new sealed name, or null when the name did not change. */
      sealedName: string | null;
      now: Date;
    }
  | { type: 'EraseUser'; actorId: number; now: Date }
  /** Social sign-in: the provider account was reserved for this user (oauth/sns-reservation.ts). */
  | {
      type: 'LinkSnsAccount';
      id: number;
      snsType: SnsType;
      sealedUid: string;
      reservation: string;
      /** An SNS sign-up with an address the provider does not vouch for. */
      unconfirmed?: boolean;
    }
  | { type: 'UnlinkSnsAccount'; id: number }
  /**
   * Someone else proves or claims the address an unproven SNS sign-up holds: that pending account
   * gives the address up, loses its links and can no longer be activated.
   */
  | { type: 'YieldUnprovenAddress'; now: Date }
  /** Joins or leaves one group (the group page's 구성원): decided on the latest groups, never a stale list. */
  | { type: 'ChangeGroupMembership'; groupId: number; member: boolean }
  /**
   * 회원 탈퇴: the person erases their own account (password already confirmed). `otherAdmins`
   * counts the active Admins besides this user, so the last one cannot leave the platform without.
   */
  | { type: 'CloseAccount'; otherAdmins: number; now: Date }
  /** A change of address, asked for with the password: a link goes to the new address. */
  | { type: 'RequestEmailChange'; grant: Grant; sealedEmail: string }
  | { type: 'ConfirmEmailChange'; jti: string; now: Date }
  /** The subscription process manager: the plan's role while paid, the Free role after. */
  | { type: 'ApplyPlanRole'; planRole: PlanCode | null };

const sameSet = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

function existing(state: UserState): RegisteredUser {
  if (state.status === 'absent' || state.status === 'Deleted') throw domainNotFound(messages.userNotFound);
  return state;
}

/** The latest link of the purpose, unexpired, with this id; otherwise the link is spent. */
function checkGrant(user: RegisteredUser, purpose: ActionPurpose, jti: string, now: Date) {
  const grant = user.grants[purpose];
  if (!grant || grant.jti !== jti || Date.parse(grant.expiresAt) <= now.getTime())
    throw gone(messages.linkExpired);
}

/** Unlinks the links nobody proved: whoever proves the address now did not make them. */
const dropUnconfirmedLinks = (user: RegisteredUser): UserEvent[] =>
  (user.snsAccounts ?? [])
    .filter((a) => a.unconfirmed)
    .map((a) => ({
      type: 'SnsAccountUnlinked',
      data: { id: a.id, type: a.type, reservation: a.reservation },
    }));

const grantData = (grant: Grant) => ({
  jti: grant.jti,
  expiresAt: grant.expiresAt.toISOString(),
  ...(grant.origin ? { origin: grant.origin } : {}),
});

export function decide(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      if (state.status !== 'absent') throw ruleBroken(messages.alreadyExists);
      return [
        {
          type: 'UserRegistered',
          data: {
            id: command.id,
            email: command.sealedEmail,
            name: command.sealedName,
            mobile: command.sealedMobile,
            roles: command.roles,
            status: command.status,
            accountType: command.accountType,
            marketingAgreed: command.marketingAgreed,
            passwordHash: command.passwordHash,
            consents: command.consents,
          },
        },
      ];
    case 'RequestEmailVerification': {
      const user = existing(state);
      return user.status === 'Pending'
        ? [{ type: 'EmailVerificationRequested', data: grantData(command.grant) }]
        : [];
    }
    case 'VerifyEmail': {
      if (state.status === 'absent' || state.status !== 'Pending') throw gone(messages.linkExpired);
      checkGrant(state, 'verify-email', command.jti, command.now);
      return [{ type: 'EmailVerified', data: { jti: command.jti } }];
    }
    case 'RequestPasswordReset': {
      // Only usable accounts get a link; the caller answers alike either way.
      if (state.status !== 'Active' && state.status !== 'Pending') return [];
      return [{ type: 'PasswordResetRequested', data: grantData(command.grant) }];
    }
    case 'InviteUser': {
      const user = existing(state);
      // An inactive account could not use the link (SetPasswordWithLink refuses it): send none.
      if (user.status !== 'Active' && user.status !== 'Pending') return [];
      return [{ type: 'UserInvited', data: grantData(command.grant) }];
    }
    case 'SetPasswordWithLink': {
      if (state.status !== 'Active' && state.status !== 'Pending') throw gone(messages.linkExpired);
      checkGrant(state, command.purpose, command.jti, command.now);
      return [
        ...dropUnconfirmedLinks(state),
        {
          type: 'PasswordChanged',
          data: {
            passwordHash: command.passwordHash,
            reason: command.purpose === 'invitation' ? 'invitation' : 'reset',
            jti: command.jti,
          },
        },
        // The mailed link proves the address, so a pending account is verified by it too.
        ...(state.status === 'Pending' ? [{ type: 'EmailVerified' as const, data: { jti: null } }] : []),
        { type: 'UserSessionsRevoked', data: { reason: 'password-changed', at: command.now.toISOString() } },
      ];
    }
    case 'ChangePassword': {
      existing(state);
      return [
        {
          type: 'PasswordChanged',
          data: { passwordHash: command.passwordHash, reason: 'change', jti: null },
        },
        { type: 'UserSessionsRevoked', data: { reason: 'password-changed', at: command.now.toISOString() } },
      ];
    }
    case 'RevokeAllSessions': {
      existing(state);
      return [
        {
          type: 'UserSessionsRevoked',
          data: { reason: 'signed-out-everywhere', at: command.now.toISOString() },
        },
      ];
    }
    case 'UpdateProfile': {
      existing(state);
      return [
        {
          type: 'UserProfileUpdated',
          data: {
            name: command.sealedName,
            ...(command.sealedMobile !== undefined ? { mobile: command.sealedMobile } : {}),
          },
        },
      ];
    }
    case 'ChangeImage': {
      const user = existing(state);
      if (user.image?.id === command.image?.id) return [];
      return [{ type: 'UserImageChanged', data: { image: command.image } }];
    }
    case 'ChangeConsent': {
      const user = existing(state);
      if (command.code !== 'Marketing') throw ruleBroken(messages.requiredConsentFixed);
      if (user.marketingAgreed === command.agreed) return [];
      return [
        {
          type: 'ConsentChanged',
          data: {
            code: command.code,
            agreed: command.agreed,
            version: command.version,
            at: command.now.toISOString(),
          },
        },
      ];
    }
    case 'SaveBusinessProfile': {
      const user = existing(state);
      if (user.accountType !== 'Business' && !hasAnyRole(user.roles, businessRoles)) {
        throw ruleBroken(messages.notBusinessAccount);
      }
      return [
        {
          type: 'BusinessProfileSaved',
          data: {
            businessId: user.businessId ?? command.businessId,
            registrationNumber: command.registrationNumber,
            representative: command.sealedRepresentative,
            mobile: command.sealedMobile,
            telephone: command.sealedTelephone,
            address: command.sealedAddress,
            industry: command.industry,
            description: command.description,
          },
        },
      ];
    }
    case 'AdminUpdateUser': {
      const user = existing(state);
      if (
        command.actorId === user.id &&
        ((user.roles.includes('Admin') && !command.roles.includes('Admin')) || command.status !== 'Active')
      ) {
        throw ruleBroken(messages.cannotLockOutSelf);
      }
      const events: UserEvent[] = [];
      if (command.sealedName) events.push({ type: 'UserProfileUpdated', data: { name: command.sealedName } });
      if (!sameSet(user.roles, command.roles))
        events.push({ type: 'UserRolesChanged', data: { roles: command.roles } });
      if (user.status !== command.status) {
        events.push({ type: 'UserStatusChanged', data: { status: command.status, previous: user.status } });
        // Any status but Active stops sign-in; revoke now, or reactivating later would bring the
        // old sessions back (Pending as much as Inactive).
        if (command.status !== 'Active') {
          events.push({
            type: 'UserSessionsRevoked',
            data: { reason: 'user-deactivated', at: command.now.toISOString() },
          });
        }
      }
      if (!sameSet(user.groups, command.groups)) {
        events.push({
          type: 'UserGroupsChanged',
          data: {
            groups: command.groups,
            added: command.groups.filter((g) => !user.groups.includes(g)),
            removed: user.groups.filter((g) => !command.groups.includes(g)),
          },
        });
      }
      if (user.erpId !== command.erpId || user.bpCode !== command.bpCode) {
        events.push({ type: 'UserErpChanged', data: { erpId: command.erpId, bpCode: command.bpCode } });
      }
      return events;
    }
    case 'EraseUser': {
      const user = existing(state);
      if (command.actorId === user.id) throw ruleBroken(messages.cannotEraseSelf);
      return [
        { type: 'UserSessionsRevoked', data: { reason: 'user-erased', at: command.now.toISOString() } },
        { type: 'UserErased', data: { groups: user.groups } },
      ];
    }
    case 'LinkSnsAccount': {
      const user = existing(state);
      const linked = user.snsAccounts ?? [];
      // The same provider account again (a retried link): nothing to do.
      if (linked.some((a) => a.reservation === command.reservation)) return [];
      if (linked.some((a) => a.type === command.snsType)) throw ruleBroken(messages.snsTypeAlreadyLinked);
      return [
        {
          type: 'SnsAccountLinked',
          data: {
            id: command.id,
            type: command.snsType,
            uid: command.sealedUid,
            reservation: command.reservation,
            ...(command.unconfirmed ? { unconfirmed: true as const } : {}),
          },
        },
      ];
    }
    case 'YieldUnprovenAddress': {
      if (state.status === 'absent' || !isUnprovenSnsClaim(state)) throw ruleBroken(messages.emailInUse);
      return [
        ...dropUnconfirmedLinks(state),
        { type: 'UserStatusChanged', data: { status: 'Inactive', previous: 'Pending' } },
        { type: 'UserSessionsRevoked', data: { reason: 'user-deactivated', at: command.now.toISOString() } },
      ];
    }
    case 'UnlinkSnsAccount': {
      const user = existing(state);
      const linked = user.snsAccounts ?? [];
      const account = linked.find((a) => a.id === command.id);
      if (!account) throw domainNotFound(messages.snsAccountNotFound);
      // Some way to sign in must stay: a password, or another linked account.
      if (user.passwordHash === null && linked.length === 1)
        throw ruleBroken(messages.cannotUnlinkLastSignIn);
      return [
        {
          type: 'SnsAccountUnlinked',
          data: { id: account.id, type: account.type, reservation: account.reservation },
        },
      ];
    }
    case 'ChangeGroupMembership': {
      const user = existing(state);
      if (user.groups.includes(command.groupId) === command.member) return [];
      const groups = command.member
        ? [...user.groups, command.groupId].sort((a, b) => a - b)
        : user.groups.filter((g) => g !== command.groupId);
      return [
        {
          type: 'UserGroupsChanged',
          data: {
            groups,
            added: command.member ? [command.groupId] : [],
            removed: command.member ? [] : [command.groupId],
          },
        },
      ];
    }
    case 'CloseAccount': {
      const user = existing(state);
      if (user.roles.includes('Admin') && command.otherAdmins < 1)
        throw ruleBroken(messages.lastAdminCannotLeave);
      return [
        { type: 'UserSessionsRevoked', data: { reason: 'user-erased', at: command.now.toISOString() } },
        { type: 'UserErased', data: { groups: user.groups } },
      ];
    }
    case 'RequestEmailChange': {
      const user = existing(state);
      if (user.status !== 'Active') throw ruleBroken(messages.userInactive);
      return [
        { type: 'EmailChangeRequested', data: { ...grantData(command.grant), email: command.sealedEmail } },
      ];
    }
    case 'ConfirmEmailChange': {
      if (state.status !== 'Active' || !state.sealedPendingEmail) throw gone(messages.linkExpired);
      checkGrant(state, 'change-email', command.jti, command.now);
      return [
        {
          type: 'EmailChanged',
          data: { email: state.sealedPendingEmail, previous: state.sealedEmail, jti: command.jti },
        },
      ];
    }
    case 'ApplyPlanRole': {
      // An erased or unknown user keeps nothing: the process manager must not stall on them.
      if (state.status === 'absent' || state.status === 'Deleted') return [];
      const roles = planRoleChange(state.roles, command.planRole);
      return sameSet(roles, state.roles) ? [] : [{ type: 'UserRolesChanged', data: { roles } }];
    }
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = { initialState, evolve, decide };
