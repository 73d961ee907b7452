import type { UserDetail } from '@interior/contracts';
import { currentUser } from '../session';

let latest: UserDetail | null = null;

/**
 * Keeps the newest copy of the signed-in user's detail that a dashboard call answered (the profile
 * page's saves answer UserDetail), so the app bar shows the new name and photo at once. The session
 * module keeps the copy it loaded at sign-in; it offers no way to replace it without reloading
 * the session, so the dashboard keeps the newer copy beside it.
 */
export function rememberCurrentUser(detail: UserDetail): void {
  latest = detail;
}

/** The session's user, or the newer copy of the same user that a save answered. */
export function freshCurrentUser(): UserDetail | null {
  const session = currentUser();
  if (!session) return null;
  const mine = latest?.user.id === session.user.id ? latest : null;
  return mine && mine.user.version >= session.user.version ? mine : session;
}
