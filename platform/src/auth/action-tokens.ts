import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/**
 * Links sent by e-mail (verify the address, reset or set a password): JWTs signed with HS256
 * under the platform key, for one purpose and one user, expiring. The token's id (jti) is
 * recorded in the user's stream when the link is requested, and a use must name the latest one,
 * so every link works once. Only the jti and expiry are in the event: the link itself is signed
 * again when the mail is written, and cannot be made from the log without the key.
 */
export type ActionPurpose = 'verify-email' | 'reset-password' | 'invitation' | 'change-email';

export const actionTokenLifetimes: Record<ActionPurpose, number> = {
  'verify-email': 24 * 60 * 60,
  'reset-password': 30 * 60,
  invitation: 7 * 24 * 60 * 60,
  'change-email': 24 * 60 * 60,
};

const ISSUER = 'interior-platform';
const AUDIENCE = 'interior-action';

export interface ActionGrant {
  purpose: ActionPurpose;
  userId: number;
  jti: string;
  expiresAt: Date;
}

export class ActionTokens {
  constructor(private readonly secret: Uint8Array) {}

  /** A new grant (to record in the user's stream) for a purpose. */
  static grant(purpose: ActionPurpose, userId: number, now: Date): ActionGrant {
    return {
      purpose,
      userId,
      jti: randomUUID(),
      expiresAt: new Date(now.getTime() + actionTokenLifetimes[purpose] * 1000),
    };
  }

  sign(grant: ActionGrant): Promise<string> {
    return new SignJWT({ purpose: grant.purpose })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(grant.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setJti(grant.jti)
      .setExpirationTime(Math.floor(grant.expiresAt.getTime() / 1000))
      .sign(this.secret);
  }

  /** The grant of a valid token for this purpose; `expired` when signed by us but out of date. */
  async verify(token: string, purpose: ActionPurpose): Promise<ActionGrant | 'expired' | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      const userId = Number(payload.sub);
      if (
        payload.purpose !== purpose ||
        !Number.isSafeInteger(userId) ||
        typeof payload.jti !== 'string' ||
        !payload.exp
      ) {
        return null;
      }
      return { purpose, userId, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
    } catch (error) {
      return (error as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'expired' : null;
    }
  }
}
