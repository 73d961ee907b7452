import type { TokenPair } from '@interior/contracts';
import { sessionStore } from '../browserStorage';

/** The token pair lives in session storage, so it ends with the tab. */
export const tokenPairKey = 'interior.session';

export function parseTokenPair(raw: string | null): TokenPair | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { accessToken, refreshToken } = value as Record<string, unknown>;
    if (typeof accessToken !== 'string' || !accessToken) return null;
    if (typeof refreshToken !== 'string' || !refreshToken) return null;
    return { accessToken, refreshToken };
  } catch {
    return null;
  }
}

export const readTokenPair = (): TokenPair | null => parseTokenPair(sessionStore.get(tokenPairKey));

export function writeTokenPair(pair: TokenPair): void {
  sessionStore.set(tokenPairKey, JSON.stringify(pair));
}

export function clearTokenPair(): void {
  sessionStore.remove(tokenPairKey);
}

/** A reissued access token replaces the old one; the refresh token is kept. */
export function replaceAccessToken(accessToken: string): void {
  const pair = readTokenPair();
  if (pair) writeTokenPair({ ...pair, accessToken });
}
