import type { Consent, UserEvent } from '@interior/contracts';
import { deciderSpec } from '../testing/given-when-then';
import { type UserCommand, userDecider } from './decide';

/** What the user decider's tests share: a registered user in each state, links, commands. */

export const spec = deciderSpec(userDecider);

export const now = new Date('2025-03-01T09:00:00.000Z');
export const nowIso = '2025-03-01T09:00:00.000Z';
export const later = new Date('2025-03-02T09:00:00.000Z');
export const laterIso = '2025-03-02T09:00:00.000Z';
export const jti = '11111111-1111-4111-8111-111111111111';
export const otherJti = '22222222-2222-4222-8222-222222222222';

export const consents: Consent[] = [
  { code: 'TOS', agreed: true, version: '2025-01', at: '2025-02-01T00:00:00.000Z' },
  { code: 'PrivacyPolicy', agreed: true, version: '2025-01', at: '2025-02-01T00:00:00.000Z' },
  { code: 'PersonalInfoCollection', agreed: true, version: '2025-01', at: '2025-02-01T00:00:00.000Z' },
];

export const register: Extract<UserCommand, { type: 'RegisterUser' }> = {
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

export type Registered = Extract<UserEvent, { type: 'UserRegistered' }>;
/** A user registered with the given fields changed. */
export const registered = (data: Partial<Registered['data']> = {}): Registered => ({
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
export const active = registered();
export const pending = registered({ status: 'Pending', passwordHash: null });
export const inactive = registered({ status: 'Inactive' });
export const erased: UserEvent = { type: 'UserErased', data: { groups: [] } };

/** A link that is still good at `now`. */
export const grant = { jti, expiresAt: later };
export const grantIso = { jti, expiresAt: laterIso };
export const verificationRequested: UserEvent = { type: 'EmailVerificationRequested', data: grantIso };
export const resetRequested: UserEvent = { type: 'PasswordResetRequested', data: grantIso };
export const invited: UserEvent = { type: 'UserInvited', data: grantIso };
export const revokedFor = (
  reason: 'password-changed' | 'user-deactivated' | 'user-erased' | 'signed-out-everywhere',
  at = nowIso,
): UserEvent => ({
  type: 'UserSessionsRevoked',
  data: { reason, at },
});

export const image = { id: 31, name: 'face.png' };

export const adminUpdate = (
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

export const business = (businessId: number): Extract<UserCommand, { type: 'SaveBusinessProfile' }> => ({
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
export const businessSaved = (businessId: number): UserEvent => ({
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
