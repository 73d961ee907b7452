import { type LoginResponse, messages, type TokenPair, type UserDetail } from '@interior/contracts';
import { showNotice } from '../feedback/notices';
import { ApiError, apiBase, apiJson, setSessionExpiredHandler } from './http';
import {
  announceNewTab,
  handOverRenewedPair,
  handOverTokenPair,
  listenToOtherTabs,
  raiseFlush,
  sessionFingerprint,
} from './tabSync';
import { clearTokenPair, readTokenPair, writeTokenPair } from './tokens';

/**
 * Why there is no session: never had one (`none`), signed out here (`signedOut`), the server no
 * longer accepts it (`expired`), or another tab signed out (`otherTab`).
 */
export type SignedOutReason = 'none' | 'signedOut' | 'expired' | 'otherTab';

export type SessionState =
  | { status: 'pending' }
  | { status: 'signedIn'; user: UserDetail }
  | { status: 'signedOut'; reason: SignedOutReason };

/** How long a new tab waits for another tab to hand over its session before it counts as signed out. */
export const handOverWaitMs = 300;

let state: SessionState = { status: 'pending' };
const listeners = new Set<() => void>();

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const getSessionState = (): SessionState => state;

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The signed-in user, or null. */
export const currentUser = (): UserDetail | null => (state.status === 'signedIn' ? state.user : null);

/**
 * GET /api/user/current with the stored token pair. 401 means not signed in: the pair is
 * dropped, no notice. Other failures keep the pair (the server may be back at the next try).
 */
async function loadCurrentUser(): Promise<UserDetail | null> {
  try {
    const user = await apiJson<UserDetail>(`${apiBase}/user/current`, { session: 'optional' });
    setState({ status: 'signedIn', user });
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearTokenPair();
    } else {
      showNotice(error instanceof Error ? error.message : messages.unknownError, 'error');
    }
    setState({ status: 'signedOut', reason: 'none' });
    return null;
  }
}

/**
 * Drops the session here and in every other tab (invalidating a session raises the flush signal).
 * A session the server refused (`endedRefreshToken`) ends only the tabs still holding it: a tab
 * that holds another, newer session (one renewed by a password change) keeps it.
 */
function endSession(reason: SignedOutReason, endedRefreshToken?: string): void {
  clearTokenPair();
  raiseFlush(endedRefreshToken ? sessionFingerprint(endedRefreshToken) : undefined);
  setState({ status: 'signedOut', reason });
}

let started = false;

/**
 * Restores the session at start: from this tab's token pair, or from another tab that hands its
 * pair over after this one announces itself. Call once, before rendering.
 */
export async function startSession(): Promise<void> {
  if (started) return;
  started = true;

  setSessionExpiredHandler((rejectedRefreshToken) => {
    if (state.status !== 'signedIn') return;
    // A newer pair arrived while the refused request was under way: this tab's session is fine.
    const pair = readTokenPair();
    if (pair && pair.refreshToken !== rejectedRefreshToken) return;
    endSession('expired', rejectedRefreshToken);
    showNotice(messages.loginRequired, 'info');
  });

  listenToOtherTabs({
    shareRequested: () => {
      const pair = readTokenPair();
      if (pair && state.status === 'signedIn') handOverTokenPair(pair);
    },
    tokenReceived: (pair, renewal) => {
      const own = readTokenPair();
      if (!own) {
        void adoptTokenPair(pair);
        return;
      }
      // The user's session was renewed in another tab (every earlier one was revoked): take the
      // new pair quietly; this tab's page stays as it is.
      if (
        renewal &&
        state.status === 'signedIn' &&
        state.user.user.id === renewal.userId &&
        own.refreshToken !== pair.refreshToken
      ) {
        writeTokenPair(pair);
      }
    },
    flushed: (endedSession) => {
      const pair = readTokenPair();
      if (!pair && state.status !== 'signedIn') return;
      // Another tab's session ended; this tab holds a different one, which still counts.
      if (endedSession && pair && sessionFingerprint(pair.refreshToken) !== endedSession) return;
      clearTokenPair();
      setState({ status: 'signedOut', reason: 'otherTab' });
    },
  });

  if (readTokenPair()) {
    await loadCurrentUser();
    return;
  }
  announceNewTab();
  await new Promise((resolve) => setTimeout(resolve, handOverWaitMs));
  // A pair handed over meanwhile is being loaded by adoptTokenPair: leave the outcome to it.
  if (state.status === 'pending' && !readTokenPair()) setState({ status: 'signedOut', reason: 'none' });
}

/** POST /api/login; on success the token pair is stored and the user is signed in. Throws ApiError. */
export async function signIn(email: string, password: string): Promise<UserDetail> {
  const answer = await apiJson<LoginResponse>(`${apiBase}/login`, {
    method: 'POST',
    json: { email, password },
    session: 'none',
  });
  writeTokenPair({ accessToken: answer.token, refreshToken: answer.refreshToken });
  setState({ status: 'signedIn', user: answer.user });
  return answer.user;
}

/** Takes a token pair issued elsewhere (SNS sign-in, another tab) and loads its user. */
export async function adoptTokenPair(pair: TokenPair): Promise<UserDetail | null> {
  writeTokenPair(pair);
  setState({ status: 'pending' });
  return loadCurrentUser();
}

/**
 * Takes the new pair a renewal of the session answered (a password change ended every session of
 * the user and started this one) and hands it to the user's other tabs, which keep working with it
 * instead of failing with the revoked pair and signing everyone out.
 */
export async function adoptRenewedSession(pair: TokenPair, userId: number): Promise<UserDetail | null> {
  writeTokenPair(pair);
  handOverRenewedPair(pair, { userId });
  setState({ status: 'pending' });
  return loadCurrentUser();
}

/**
 * POST /api/logout/all: every session of the user ends, on every device and in every tab. Throws
 * (ApiError, network error) when the server could not do it: the user must know it did not happen.
 */
export async function signOutEverywhere(): Promise<void> {
  await apiJson<void>(`${apiBase}/logout/all`, { method: 'POST' });
  endSession('signedOut');
}

/** POST /api/logout (best effort: the session ends here whatever the server says), then everywhere. */
export async function signOut(): Promise<void> {
  if (!readTokenPair()) {
    if (state.status === 'signedIn') setState({ status: 'signedOut', reason: 'signedOut' });
    return;
  }
  try {
    await apiJson<void>(`${apiBase}/logout`, { method: 'POST', session: 'optional' });
  } catch {
    // An unreachable server or an already revoked token must not keep anyone signed in.
  }
  endSession('signedOut');
}
