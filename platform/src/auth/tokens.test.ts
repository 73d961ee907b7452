import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokens } from './tokens';

const secret = randomBytes(32);
const tokens = new AccessTokens(secret);
const now = () => Math.floor(Date.now() / 1000);

/** A token signed with the right key, built claim by claim so that one can be left out. */
function forge(
  claims: {
    sub?: string;
    sid?: string;
    iss?: string;
    aud?: string;
    iat?: number;
    exp?: number;
    jti?: string;
  },
  typ = 'JWT',
) {
  const { sub, iss, aud, iat, exp, jti, sid } = claims;
  const jwt = new SignJWT(sid === undefined ? {} : { sid }).setProtectedHeader({ alg: 'HS256', typ });
  if (sub !== undefined) jwt.setSubject(sub);
  if (iss !== undefined) jwt.setIssuer(iss);
  if (aud !== undefined) jwt.setAudience(aud);
  if (iat !== undefined) jwt.setIssuedAt(iat);
  if (exp !== undefined) jwt.setExpirationTime(exp);
  if (jti !== undefined) jwt.setJti(jti);
  return jwt.sign(secret);
}

const complete = () => ({
  sub: '7',
  sid: randomUUID(),
  iss: 'interior-platform',
  aud: 'interior-api',
  iat: now(),
  exp: now() + 60,
  jti: randomUUID(),
});

describe('access tokens', () => {
  it('accepts what it issues', async () => {
    const token = await tokens.issue({ userId: 7, sessionId: 'session-1' });
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: 'session-1' });
  });

  it('accepts a forged token only when it is complete (the key is right)', async () => {
    const claims = complete();
    expect(await tokens.verify(await forge(claims))).toEqual({ userId: 7, sessionId: claims.sid });
  });

  it.each(['exp', 'iat', 'sub', 'sid', 'jti', 'iss', 'aud'] as const)(
    'refuses a token without %s',
    async (claim) => {
      const claims: Partial<ReturnType<typeof complete>> = complete();
      delete claims[claim];
      expect(await tokens.verify(await forge(claims))).toBeNull();
    },
  );

  it('refuses a token older than an access token lives, whatever its exp says', async () => {
    const claims = { ...complete(), iat: now() - ACCESS_TOKEN_TTL_SECONDS - 60, exp: now() + 365 * 86400 };
    expect(await tokens.verify(await forge(claims))).toBeNull();
  });

  it('refuses a token issued in the future, expired, or of another type', async () => {
    expect(await tokens.verify(await forge({ ...complete(), iat: now() + 3600 }))).toBeNull();
    expect(await tokens.verify(await forge({ ...complete(), exp: now() - 1 }))).toBeNull();
    expect(await tokens.verify(await forge(complete(), 'at+jwt'))).toBeNull();
  });
});
