import type { SignupKind } from '../../session';

/** The public routes of accounts. */
export const accountPaths = {
  signupOptions: '/signup-options',
  agreement: '/agreement',
  signupPersonal: '/signup-personal',
  signupBusiness: '/signup-business',
  emailVerification: '/email-verification',
  emailConfirmed: '/email-confirmed',
  expired: '/expired',
  findPassword: '/find-password',
  mailSent: '/mail-sent',
  resetPassword: '/reset-password',
  accountClosed: '/account-closed',
} as const;

export const signupKinds: readonly SignupKind[] = ['personal', 'business'];

export const isSignupKind = (value: string | null): value is SignupKind =>
  signupKinds.includes(value as SignupKind);

export const agreementPathFor = (kind: SignupKind) => `${accountPaths.agreement}?type=${kind}`;

export const signupPathFor = (kind: SignupKind) =>
  kind === 'business' ? accountPaths.signupBusiness : accountPaths.signupPersonal;

/** Which mail /mail-sent talks about. */
export type MailKind = 'verify' | 'reset';

export const mailSentPathFor = (kind: MailKind) => `${accountPaths.mailSent}?kind=${kind}`;

export const accountKindLabels: Record<SignupKind, string> = {
  personal: '개인 회원',
  business: '사업자 회원',
};
