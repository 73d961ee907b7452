import type { AccountType, FileReference, Role, SnsType, UserEvent, UserStatus } from '@interior/contracts';
import type { ActionPurpose } from '@interior/platform';

/** A link mailed for a purpose: only the latest one works, and only once. */
export interface PendingGrant {
  jti: string;
  expiresAt: string;
}

/** What the command side needs to know of a user: never the plain personal fields. */
export interface RegisteredUser {
  status: UserStatus;
  id: number;
  roles: Role[];
  accountType: AccountType | null;
  passwordHash: string | null;
  sealedEmail: string;
  sealedName: string;
  sealedMobile: string | null;
  groups: number[];
  erpId: string | null;
  bpCode: string | null;
  businessId: number | null;
  marketingAgreed: boolean;
  image: FileReference | null;
  grants: Partial<Record<ActionPurpose, PendingGrant>>;
  /** The address a pending change would move to (sealed), with the `change-email` grant. */
  sealedPendingEmail: string | null;
  /** Sessions started at or before this instant no longer count. */
  sessionsRevokedAt: string | null;
  /** Linked provider accounts (absent until the first link). */
  snsAccounts?: LinkedSnsAccount[];
}

/** A linked provider account as the command side knows it: its uid stays sealed in the log. */
export interface LinkedSnsAccount {
  id: number;
  type: SnsType;
  reservation: string;
  /** Made by an SNS sign-up whose address nobody has proved yet (see SnsAccountLinked). */
  unconfirmed?: true;
}

/**
 * A pending account that only an SNS sign-up with an unproven address stands behind: no password,
 * nothing proved. It holds its address only until someone proves that address.
 */
export const isUnprovenSnsClaim = (state: UserState): boolean =>
  state.status === 'Pending' &&
  state.passwordHash === null &&
  (state.snsAccounts ?? []).some((a) => a.unconfirmed);

export type UserState = { status: 'absent' } | RegisteredUser;

export const initialState = (): UserState => ({ status: 'absent' });

const withoutGrant = (grants: RegisteredUser['grants'], purpose: ActionPurpose) => {
  const { [purpose]: _, ...rest } = grants;
  return rest;
};

export function evolve(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    const d = event.data;
    return {
      status: d.status,
      id: d.id,
      roles: d.roles,
      accountType: d.accountType,
      passwordHash: d.passwordHash,
      sealedEmail: d.email,
      sealedName: d.name,
      sealedMobile: d.mobile,
      groups: [],
      erpId: null,
      bpCode: null,
      businessId: null,
      marketingAgreed: d.marketingAgreed,
      image: null,
      grants: {},
      sessionsRevokedAt: null,
      sealedPendingEmail: null,
    };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'EmailVerificationRequested':
      return { ...state, grants: { ...state.grants, 'verify-email': event.data } };
    case 'EmailVerified':
      return {
        ...state,
        status: state.status === 'Pending' ? 'Active' : state.status,
        grants: withoutGrant(state.grants, 'verify-email'),
        // The address is proved by whoever holds the account now: its links are theirs.
        ...(state.snsAccounts
          ? { snsAccounts: state.snsAccounts.map(({ unconfirmed: _, ...account }) => account) }
          : {}),
      };
    case 'PasswordResetRequested':
      return { ...state, grants: { ...state.grants, 'reset-password': event.data } };
    case 'UserInvited':
      return { ...state, grants: { ...state.grants, invitation: event.data } };
    case 'PasswordChanged': {
      // A new password, however it was set, voids every link mailed to set one: a reset link
      // still sitting in a mailbox must not outlive the password it was meant to replace.
      const { 'reset-password': _reset, invitation: _invitation, ...rest } = state.grants;
      return { ...state, passwordHash: event.data.passwordHash, grants: rest };
    }
    case 'UserSessionsRevoked':
      return { ...state, sessionsRevokedAt: event.data.at };
    case 'UserProfileUpdated':
      return {
        ...state,
        sealedName: event.data.name,
        sealedMobile: event.data.mobile === undefined ? state.sealedMobile : event.data.mobile,
      };
    case 'UserImageChanged':
      return { ...state, image: event.data.image };
    case 'ConsentChanged':
      return event.data.code === 'Marketing' ? { ...state, marketingAgreed: event.data.agreed } : state;
    case 'BusinessProfileSaved':
      return { ...state, businessId: event.data.businessId };
    case 'UserRolesChanged':
      return { ...state, roles: event.data.roles };
    case 'UserStatusChanged':
      return { ...state, status: event.data.status };
    case 'UserGroupsChanged':
      return { ...state, groups: event.data.groups };
    case 'UserErpChanged':
      return { ...state, erpId: event.data.erpId, bpCode: event.data.bpCode };
    case 'UserErased':
      return { ...state, status: 'Deleted', groups: [], grants: {}, passwordHash: null };
    case 'SnsAccountLinked': {
      const { id, type, reservation, unconfirmed } = event.data;
      const account: LinkedSnsAccount = { id, type, reservation, ...(unconfirmed ? { unconfirmed } : {}) };
      return { ...state, snsAccounts: [...(state.snsAccounts ?? []), account] };
    }
    case 'SnsAccountUnlinked':
      return { ...state, snsAccounts: (state.snsAccounts ?? []).filter((a) => a.id !== event.data.id) };
    case 'EmailChangeRequested':
      return {
        ...state,
        grants: { ...state.grants, 'change-email': { jti: event.data.jti, expiresAt: event.data.expiresAt } },
        sealedPendingEmail: event.data.email,
      };
    case 'EmailChanged':
      return {
        ...state,
        sealedEmail: event.data.email,
        sealedPendingEmail: null,
        grants: withoutGrant(state.grants, 'change-email'),
      };
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}
