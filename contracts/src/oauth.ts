import { z } from 'zod';
import { AgreementsSchema } from './agreements';
import { messages } from './messages';
import type { SnsType } from './user';
import { email } from './validation';

/**
 * Social and commerce-platform sign-in, each linked to a user as an SnsAccount: the providers as they appear in
 * paths (`/api/oauth2/{provider}/…`) and the SnsAccount `type` each one gives.
 */
export const oauthProviders = ['kakao', 'naver', 'cafe24', 'cafe24admin'] as const;
export type OAuthProviderName = (typeof oauthProviders)[number];

export const snsTypeOfProvider: Record<OAuthProviderName, SnsType> = {
  kakao: 'Kakao',
  naver: 'Naver',
  cafe24: 'Cafe24',
  cafe24admin: 'Cafe24Admin',
};

export const snsTypeLabels: Record<SnsType, string> = {
  Kakao: '카카오',
  Naver: '네이버',
  Cafe24: '카페24',
  Cafe24Admin: '카페24 관리자',
};

/** `GET /api/oauth2/providers`: which sign-in buttons the screens show. */
export interface OAuthProvidersResponse {
  providers: OAuthProviderName[];
}

/** A Cafe24 mall id: lower-case letters and digits, 4 to 16, starting with a letter. */
export const MallIdSchema = z
  .string({ error: messages.invalidMallId })
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9]{3,15}$/, { error: messages.invalidMallId });

/**
 * Why a social sign-in ended without a session; the callback sends the browser to
 * `/sns-login?error=<code>` and the page shows the sentence.
 */
export const oauthErrorMessages = {
  consent_denied: messages.oauthConsentDenied,
  state_invalid: messages.oauthStateInvalid,
  state_expired: messages.oauthStateExpired,
  provider_refused: messages.oauthProviderRefused,
  provider_unavailable: messages.oauthProviderUnavailable,
  sns_in_use: messages.snsAccountInUse,
  sns_type_linked: messages.snsTypeAlreadyLinked,
  account_inactive: messages.userInactive,
  pending_verification: messages.snsPendingVerification,
} as const;
export type OAuthErrorCode = keyof typeof oauthErrorMessages;

export const oauthErrorMessage = (code: string | null | undefined): string =>
  (code && Object.hasOwn(oauthErrorMessages, code)
    ? oauthErrorMessages[code as OAuthErrorCode]
    : undefined) ?? messages.oauthStateInvalid;

/** `GET /api/signup/sns/{ticket}`: what the provider told us, to prefill the SNS sign-up. */
export interface SnsSignupInfo {
  type: SnsType;
  name: string | null;
  email: string | null;
  /** The provider vouches for the address: signing up with it needs no mailed link. */
  emailVerified: boolean;
}

const optionalText = (max: number) =>
  z
    .string({ error: messages.invalidValue })
    .trim()
    .min(1, { error: messages.required })
    .max(max, { error: messages.maxLength(max) })
    .optional();

/** `POST /api/signup/sns` (the sign-up agreements, and the name and e-mail the provider did not give). */
export const SnsSignupSchema = z.object({
  ticket: z
    .string({ error: messages.snsSignupExpired })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: messages.snsSignupExpired }),
  agreements: AgreementsSchema,
  name: optionalText(50),
  email: email.optional(),
  marketingAgreed: z.boolean({ error: messages.invalidValue }).optional(),
});
export type SnsSignup = z.output<typeof SnsSignupSchema>;

/** The answer of `POST /api/signup/sns` when the address still needs its mailed link. */
export interface SnsSignupPending {
  emailVerificationRequired: true;
  email: string;
}
