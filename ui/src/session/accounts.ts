import type { BusinessSignup, PersonalSignup } from '@interior/contracts';
import { ApiError, apiBase, apiFetch, apiJson } from './http';

/**
 * The public account calls (sign-up, e-mail verification, password recovery, mobile
 * codes). None of them uses the session: they are made by someone not signed in. Each
 * throws ApiError (with the API's Korean message and field errors) or the network error.
 */

/** POST /api/code answers 202 with how long the code lives and when another may be asked for. */
export interface MobileCodeSent {
  expiresIn: number;
  resendAfter: number;
}

/** The API's timings, used when an answer does not carry them. */
export const mobileCodeDefaults: MobileCodeSent = { expiresIn: 180, resendAfter: 60 };

/** POST /api/code {mobile}: sends a 6-digit code by SMS. 429 when asked again too soon. */
export async function requestMobileCode(mobile: string): Promise<MobileCodeSent> {
  const answer = await apiJson<Partial<MobileCodeSent> | undefined>(`${apiBase}/code`, {
    method: 'POST',
    json: { mobile },
    session: 'none',
  });
  return {
    expiresIn: answer?.expiresIn ?? mobileCodeDefaults.expiresIn,
    resendAfter: answer?.resendAfter ?? mobileCodeDefaults.resendAfter,
  };
}

/**
 * HEAD /api/code/{mobile}/{code}: true when the code is the one sent and still valid, false when
 * it is wrong or expired (404). Checking does not use the code up; the sign-up does.
 */
export async function checkMobileCode(mobile: string, code: string): Promise<boolean> {
  try {
    await apiFetch(`${apiBase}/code/${encodeURIComponent(mobile)}/${encodeURIComponent(code)}`, {
      method: 'HEAD',
      session: 'none',
    });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

export type SignupKind = 'personal' | 'business';

/** POST /api/signup/personal or /api/signup/business: 201, and a verification mail is on its way. */
export async function signUp(kind: 'personal', input: PersonalSignup): Promise<void>;
export async function signUp(kind: 'business', input: BusinessSignup): Promise<void>;
export async function signUp(kind: SignupKind, input: PersonalSignup | BusinessSignup): Promise<void> {
  await apiJson<unknown>(`${apiBase}/signup/${kind}`, { method: 'POST', json: input, session: 'none' });
}

/**
 * POST /api/email/verify {token}: 200 once the address is verified (`emailChanged` when the link
 * was an e-mail change's); 410 for a used or stale link.
 */
export async function verifyEmail(token: string): Promise<{ emailChanged: boolean }> {
  const answer = await apiJson<{ emailChanged?: boolean } | undefined>(`${apiBase}/email/verify`, {
    method: 'POST',
    json: { token },
    session: 'none',
  });
  return { emailChanged: answer?.emailChanged === true };
}

/** POST /api/email/resend {email}: 202 whether or not the address is registered. */
export async function resendVerificationMail(email: string): Promise<void> {
  await apiJson<unknown>(`${apiBase}/email/resend`, { method: 'POST', json: { email }, session: 'none' });
}

/** POST /api/password/forgot {email}: 202 whether or not the address is registered. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiJson<unknown>(`${apiBase}/password/forgot`, {
    method: 'POST',
    json: { email },
    session: 'none',
  });
}

/** POST /api/password/reset {token, password}: 204; also sets the first password of an invitation. */
export async function resetPassword(token: string, password: string): Promise<void> {
  await apiJson<void>(`${apiBase}/password/reset`, {
    method: 'POST',
    json: { token, password },
    session: 'none',
  });
}
