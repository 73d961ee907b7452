import { z } from 'zod';
import type { EventsOf } from './events';
import { messages } from './messages';
import { RoleSchema } from './role-schemas';
import type { Role } from './roles';
import { SnsUserEventSchemas } from './sns-events';
import { email, positiveId } from './validation';

export const userStatuses = ['Active', 'Inactive', 'Pending', 'Deleted'] as const;
export type UserStatus = (typeof userStatuses)[number];
/** Deleted is never offered in the selectable list: an account is deleted by erasure, not by a status change. */
export const selectableUserStatuses = [
  'Active',
  'Inactive',
  'Pending',
] as const satisfies readonly UserStatus[];
export const userStatusLabels: Record<UserStatus, string> = {
  Active: '활성',
  Inactive: '비활성',
  Pending: '가입 대기',
  Deleted: '삭제됨',
};

export const accountTypes = ['Personal', 'Business'] as const;
export type AccountType = (typeof accountTypes)[number];

export const agreementCodes = ['TOS', 'PrivacyPolicy', 'PersonalInfoCollection', 'Marketing'] as const;
export type AgreementCode = (typeof agreementCodes)[number];
export interface Agreement {
  code: AgreementCode;
  agreed: boolean;
}

export const snsTypes = ['Kakao', 'Naver', 'Cafe24', 'Cafe24Admin'] as const;
export type SnsType = (typeof snsTypes)[number];
export interface SnsAccount {
  id: number;
  uid: string;
  type: SnsType;
}

export interface FileReference {
  id: number;
  name: string;
}

export const UserId = positiveId(messages.invalidUserId);

/** A user as the API answers it. */
export interface User {
  id: number;
  name: string;
  email: string;
  /** The mobile number verified at sign-up (the profile page shows it). */
  mobile: string | null;
  roles: Role[];
  status: UserStatus;
  marketingAgreed: boolean;
  registered: string;
  lastConnected: string | null;
  accountType: AccountType | null;
  business?: number | null;
  erpId?: string | null;
  bpCode?: string | null;
  image?: FileReference | null;
  groups?: number[];
  version: number;
}

export interface UserDetail {
  user: User;
  agreements: Agreement[];
  snsAccounts: SnsAccount[];
}

export const LoginRequestSchema = z.object({
  email,
  password: z.string({ error: messages.required }).min(1, { error: messages.required }).max(1024),
});
export interface LoginResponse {
  user: UserDetail;
  token: string;
  refreshToken: string;
}

export interface TokenResponse {
  token: string;
}
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/**
 * Personal fields travel in events sealed with the person's own key (docs/architecture.md "Personal data"):
 * a string of the form `pii:v1:…`, readable only while that key exists.
 */
const Sealed = z.string().startsWith('pii:');
const Id = z.number().int().positive();
/**
 * `origin`: the site the request came to (scheme, host and port as the browser used them), so
 * that the mailed link leads back to it when PUBLIC_URL is not set.
 */
const Grant = z.object({ jti: z.uuid(), expiresAt: z.string(), origin: z.string().max(300).optional() });
const ConsentSchema = z.object({
  code: z.enum(agreementCodes),
  agreed: z.boolean(),
  version: z.string(),
  at: z.string(),
});
export const FileReferenceSchema = z.object({ id: Id, name: z.string() });

export const UserEventSchemas = {
  UserRegistered: z.object({
    id: Id,
    email: Sealed,
    name: Sealed,
    mobile: Sealed.nullable(),
    roles: z.array(RoleSchema).min(1),
    status: z.enum(userStatuses),
    accountType: z.enum(accountTypes).nullable(),
    marketingAgreed: z.boolean(),
    passwordHash: z.string().nullable(),
    consents: z.array(ConsentSchema),
  }),
  /** A link to confirm the address was mailed (its token's id; the token is never stored). */
  EmailVerificationRequested: Grant,
  EmailVerified: z.object({ jti: z.uuid().nullable() }),
  PasswordResetRequested: Grant,
  /** An account made by an Admin without a password: a link to set one was mailed. */
  UserInvited: Grant,
  PasswordChanged: z.object({
    passwordHash: z.string(),
    reason: z.enum(['change', 'reset', 'invitation']),
    jti: z.uuid().nullable(),
  }),
  /**
   * Every session started at or before `at` ends (password change, deactivation, erasure, or the
   * user signing out everywhere).
   */
  UserSessionsRevoked: z.object({
    reason: z.enum(['password-changed', 'user-deactivated', 'user-erased', 'signed-out-everywhere']),
    at: z.string(),
  }),
  UserProfileUpdated: z.object({ name: Sealed, mobile: Sealed.nullable().optional() }),
  UserImageChanged: z.object({ image: FileReferenceSchema.nullable() }),
  ConsentChanged: ConsentSchema,
  BusinessProfileSaved: z.object({
    businessId: Id,
    registrationNumber: z.string(),
    representative: Sealed,
    mobile: Sealed,
    telephone: Sealed.nullable(),
    address: Sealed.nullable(),
    industry: z.string().nullable(),
    description: z.string(),
  }),
  UserRolesChanged: z.object({ roles: z.array(RoleSchema).min(1) }),
  UserStatusChanged: z.object({ status: z.enum(userStatuses), previous: z.enum(userStatuses) }),
  UserGroupsChanged: z.object({ groups: z.array(Id), added: z.array(Id), removed: z.array(Id) }),
  UserErpChanged: z.object({ erpId: z.string().nullable(), bpCode: z.string().nullable() }),
  /**
   * Erased (PIPA): once this is in the log the person's key is destroyed (right after the append,
   * and again by the erasure reactor should the process die in between), so every sealed field is
   * unreadable for good.
   */
  UserErased: z.object({ groups: z.array(Id) }),
  ...SnsUserEventSchemas,
  /** A change of address was asked for: a link was mailed to the new one (sealed here). */
  EmailChangeRequested: Grant.extend({ email: Sealed }),
  /** The new address was confirmed by its link; `previous` is told of the change. */
  EmailChanged: z.object({ email: Sealed, previous: Sealed, jti: z.uuid() }),
};
export type UserEvent = EventsOf<typeof UserEventSchemas>;

/** A business's profile as the API answers it. */
export interface BusinessProfile {
  id: number;
  registrationNumber: string;
  representative: string | null;
  mobile: string | null;
  telephone: string | null;
  address: string | null;
  industry: string | null;
  description: string;
}

/** `UserEmail-<keyed hash>`: one stream per address, so an address belongs to one user at a time. */
export const EmailReservationEventSchemas = {
  EmailReserved: z.object({ userId: z.number().int().positive() }),
  EmailReleased: z.object({ userId: z.number().int().positive() }),
};
export type EmailReservationEvent = EventsOf<typeof EmailReservationEventSchemas>;

/** `Session-<uuid>`: one stream per sign-in; the refresh token is kept only as a hash. */
export const SessionEventSchemas = {
  SessionStarted: z.object({
    sessionId: z.uuid(),
    userId: z.number().int().positive(),
    refreshTokenHash: z.string(),
    startedAt: z.string(),
    expiresAt: z.string(),
  }),
  SessionRevoked: z.object({ userId: z.number().int().positive(), reason: z.string() }),
};
export type SessionEvent = EventsOf<typeof SessionEventSchemas>;
