import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { OAuthProviderName, SnsType } from '@interior/contracts';
import { jwtVerify, SignJWT } from 'jose';
import type { OneTimeStore } from './one-time-store';

/**
 * The OAuth `state` (RFC 6749 §10.12, RFC 9700 §4.7): a JWT signed under a key of its own
 * (derived from the platform secret), valid ten minutes, naming a pending sign-in kept on the
 * server, which the callback takes (so it works once). The pending sign-in also holds the PKCE
 * verifier, which thus never reaches the browser, and a hash of a random value set as an HttpOnly
 * SameSite=Lax cookie by the authorize call: a callback from another browser does not match.
 */
export const STATE_TTL_SECONDS = 10 * 60;
/** How long a visitor has to finish the SNS sign-up after the provider answered. */
export const SIGNUP_TICKET_TTL_SECONDS = 30 * 60;
/** The browser-binding cookie: `/api` sees it (callback and SNS sign-up), scripts never do. */
export const BINDING_COOKIE = 'oauth_binding';

const ISSUER = 'interior-platform';
const AUDIENCE = 'interior-oauth-state';

export interface PendingSignIn {
  provider: OAuthProviderName;
  redirectUri: string;
  nextPage: string | null;
  mallId: string | null;
  codeVerifier: string | null;
  /** Linking from the profile: the signed-in user who asked. */
  linkUserId: number | null;
  bindingHash: string;
}

export interface SignupTicket {
  type: SnsType;
  uid: string;
  name: string | null;
  email: string | null;
  emailVerified: boolean;
  nextPage: string | null;
  bindingHash: string;
}

export type StateCheck =
  | { ok: true; pending: PendingSignIn }
  | { ok: false; reason: 'state_invalid' | 'state_expired' };

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const sameHash = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};
const BINDING = /^[A-Za-z0-9_-]{43}$/;

/** A fresh browser-binding value, unless the browser already carries a well-formed one. */
export const bindingValue = (current: string | undefined) =>
  current && BINDING.test(current) ? current : randomBytes(32).toString('base64url');

export class OAuthStates {
  constructor(
    private readonly key: Uint8Array,
    private readonly store: OneTimeStore,
  ) {}

  /** Starts a sign-in: the `state` to send and the PKCE challenge (when the provider takes one). */
  async begin(
    input: Omit<PendingSignIn, 'codeVerifier' | 'bindingHash'> & { pkce: boolean; binding: string },
    now = new Date(),
  ): Promise<{ state: string; codeChallenge: string | null }> {
    const nonce = randomUUID();
    const codeVerifier = input.pkce ? randomBytes(32).toString('base64url') : null;
    const pending: PendingSignIn = {
      provider: input.provider,
      redirectUri: input.redirectUri,
      nextPage: input.nextPage,
      mallId: input.mallId,
      codeVerifier,
      linkUserId: input.linkUserId,
      bindingHash: sha256(input.binding),
    };
    await this.store.put(`oauth-state:${nonce}`, JSON.stringify(pending), STATE_TTL_SECONDS * 1000);
    const issuedAt = Math.floor(now.getTime() / 1000);
    const state = await new SignJWT({ prv: input.provider })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setJti(nonce)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + STATE_TTL_SECONDS)
      .sign(this.key);
    return { state, codeChallenge: codeVerifier ? sha256(codeVerifier) : null };
  }

  /** Ends a sign-in: the pending one the `state` names, once, from the browser that began it. */
  async finish(provider: OAuthProviderName, state: string, binding: string | undefined): Promise<StateCheck> {
    let nonce: string;
    try {
      const { payload } = await jwtVerify(state, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      if (payload.prv !== provider || typeof payload.jti !== 'string')
        return { ok: false, reason: 'state_invalid' };
      nonce = payload.jti;
    } catch (error) {
      const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
      return { ok: false, reason: expired ? 'state_expired' : 'state_invalid' };
    }
    // Taken before the browser is compared: a state presented by the wrong browser is spent too.
    const stored = await this.store.take(`oauth-state:${nonce}`);
    if (!stored) return { ok: false, reason: 'state_expired' };
    const pending = JSON.parse(stored) as PendingSignIn;
    if (!binding || !sameHash(sha256(binding), pending.bindingHash))
      return { ok: false, reason: 'state_invalid' };
    return { ok: true, pending };
  }

  /** Keeps what the provider said for the SNS sign-up; the ticket names it in the address. */
  async issueTicket(ticket: Omit<SignupTicket, 'bindingHash'>, binding: string): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const value: SignupTicket = { ...ticket, bindingHash: sha256(binding) };
    await this.store.put(`sns-ticket:${id}`, JSON.stringify(value), SIGNUP_TICKET_TTL_SECONDS * 1000);
    return id;
  }

  /** The ticket, if it is alive and this browser is the one it was issued to; `take` uses it up. */
  async ticket(id: string, binding: string | undefined, take = false): Promise<SignupTicket | null> {
    const key = `sns-ticket:${id}`;
    const stored = await this.store.get(key);
    if (!stored) return null;
    const ticket = JSON.parse(stored) as SignupTicket;
    if (!binding || !sameHash(sha256(binding), ticket.bindingHash)) return null;
    if (take && !(await this.store.take(key))) return null;
    return ticket;
  }
}
