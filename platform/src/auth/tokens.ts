import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { ExpiringCache } from '../expiring-cache';

/**
 * Access tokens: short-lived JWTs signed with HS256, the algorithm pinned on verification, with
 * issuer and audience checked. They name the user and the session; whether that session is still
 * open is checked on every request (auth/authenticate.ts), so revocation takes effect at once.
 *
 * Refresh tokens: `<sessionId>.<256 random bits>`; only a SHA-256 of the random part is stored
 * (a fast hash is right for a random secret of this size; passwords use argon2).
 */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 60 * 60;

const ISSUER = 'interior-platform';
const AUDIENCE = 'interior-api';
const ALGORITHM = 'HS256';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/** Tokens whose signature was checked, remembered so a client's next requests skip the HMAC. */
const VERIFIED_CACHE_SIZE = 10_000;

export class AccessTokens {
  /**
   * Verified tokens until they expire. A token is immutable, so a signature checked once stays
   * valid; expiry is checked on every use.
   */
  private readonly verified = new ExpiringCache<string, AccessClaims>(VERIFIED_CACHE_SIZE);

  constructor(private readonly secret: Uint8Array) {}

  async issue(claims: AccessClaims, now = new Date()): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .setJti(randomUUID())
      .sign(this.secret);
  }

  /** The claims of a valid, unexpired token, or null. */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) return known;
    try {
      // Every claim relied on must be there: without `exp` (or `iat`) a token would never
      // expire, and `maxTokenAge` bounds even a token whose `exp` lies far ahead.
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        typ: 'JWT',
        requiredClaims: ['exp', 'iat', 'sub', 'sid', 'jti'],
        maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
      });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.sid !== 'string') return null;
      const claims = { userId, sessionId: payload.sid };
      // jose refuses from `exp` on, or from `iat` + the TTL on: whichever comes first.
      this.verified.set(
        token,
        claims,
        Math.min(payload.exp!, payload.iat! + ACCESS_TOKEN_TTL_SECONDS) * 1000,
      );
      return claims;
    } catch {
      return null;
    }
  }
}

export interface RefreshToken {
  token: string;
  sessionId: string;
  hash: string;
}

export function newRefreshToken(): RefreshToken {
  const sessionId = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  return { token: `${sessionId}.${secret}`, sessionId, hash: hashRefreshSecret(secret) };
}

/** Splits a presented refresh token, or null when it is not of our form. */
export function parseRefreshToken(token: string): { sessionId: string; secret: string } | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  return match ? { sessionId: match[1]!, secret: match[2]! } : null;
}

export function hashRefreshSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

export function refreshSecretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashRefreshSecret(secret));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}
