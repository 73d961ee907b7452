import type { TokenPair } from '@interior/contracts';
import { localStore } from '../browserStorage';
import { sha256HexSync } from './sha256';
import { parseTokenPair } from './tokens';

/**
 * Tabs share the session (a new tab is handed the token, signing out spreads) over localStorage `storage` events (they reach every other tab of the
 * origin, never the writer). Each signal is written and removed at once: nothing lingers in
 * localStorage (the token pair above all), and the next identical signal is still a change.
 */
export const tabSignalKeys = {
  /** A new tab without a session asks whether another tab has one. */
  share: 'interior.tab.share',
  /**
   * A tab with a session answers with its token pair; a tab whose session was renewed (a password
   * change ends every session and answers a new one) hands the new pair to the user's other tabs.
   */
  token: 'interior.tab.token',
  /** A tab that signed out (or whose session ended) tells the others to sign out too. */
  flush: 'interior.tab.flush',
} as const;

/** A pair handed over after a renewal: for the tabs signed in as this user, which swap theirs for it. */
export interface Renewal {
  userId: number;
}

export interface TabSignalHandlers {
  shareRequested(): void;
  tokenReceived(pair: TokenPair, renewal: Renewal | null): void;
  /**
   * `endedSession`: the fingerprint of the one session that ended (the server refused it), so that a
   * tab holding another, newer session keeps it; null for a sign-out, which ends every tab.
   */
  flushed(endedSession: string | null): void;
}

function signal(key: string, value: string): void {
  localStore.set(key, value);
  localStore.remove(key);
}

/** Unique per signal so that two signals in a row are both seen as changes. */
const stamp = () => `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * A short fingerprint naming a session by its refresh token (the first 64 bits of its SHA-256), so
 * a flush can say which session ended without writing the token itself into localStorage.
 */
export const sessionFingerprint = (refreshToken: string): string =>
  sha256HexSync(new TextEncoder().encode(refreshToken)).slice(0, 16);

export const announceNewTab = () => signal(tabSignalKeys.share, stamp());
export const handOverTokenPair = (pair: TokenPair) => signal(tabSignalKeys.token, JSON.stringify(pair));
/** Hands a renewed session to the other tabs of the user (they drop the pair the server revoked). */
export const handOverRenewedPair = (pair: TokenPair, renewal: Renewal) =>
  signal(tabSignalKeys.token, JSON.stringify({ ...pair, renewedFor: renewal.userId }));
/** Signs out every tab; with `endedSession` only those still holding that session. */
export const raiseFlush = (endedSession?: string) =>
  signal(tabSignalKeys.flush, JSON.stringify({ at: stamp(), ...(endedSession ? { endedSession } : {}) }));

function parseRenewal(raw: string): Renewal | null {
  try {
    const value = JSON.parse(raw) as { renewedFor?: unknown };
    return typeof value.renewedFor === 'number' && Number.isInteger(value.renewedFor)
      ? { userId: value.renewedFor }
      : null;
  } catch {
    return null;
  }
}

function parseEndedSession(raw: string): string | null {
  try {
    const value = JSON.parse(raw) as { endedSession?: unknown } | null;
    return typeof value?.endedSession === 'string' ? value.endedSession : null;
  } catch {
    return null; // a plain stamp: a flush of every tab
  }
}

/** Starts listening; returns the function that stops. */
export function listenToOtherTabs(handlers: TabSignalHandlers): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== globalThis.localStorage || event.newValue === null) return; // removals
    switch (event.key) {
      case tabSignalKeys.share:
        handlers.shareRequested();
        break;
      case tabSignalKeys.token: {
        const pair = parseTokenPair(event.newValue);
        if (pair) handlers.tokenReceived(pair, parseRenewal(event.newValue));
        break;
      }
      case tabSignalKeys.flush:
        handlers.flushed(parseEndedSession(event.newValue));
        break;
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
