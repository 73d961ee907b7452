import type { MyPermissions } from '@interior/contracts';
import type { AuthProvider } from 'react-admin';
import { avatarUrl } from '../avatar/avatarUrl';
import { freshCurrentUser } from '../kit/currentUser';
import { apiGrants, type GrantSource } from '../kit/grants';
import { currentUser, getSessionState, signOut } from '../session';
import { decideAccess } from './grantAccess';

/**
 * react-admin's view of the session module. Signing in happens on the public /login page and
 * DashboardGate keeps signed-out visitors out of the dashboard, so nothing here navigates:
 * `logout` answers false (no redirect) and the gate sends the visitor to /login when the session
 * state changes. One place decides where a signed-out visitor goes.
 */
export const authProvider: AuthProvider = {
  login: () => Promise.reject(new Error('Sign-in happens on the /login page.')),

  logout: async () => {
    await signOut();
    return false;
  },

  checkAuth: async () => {
    if (getSessionState().status !== 'signedIn') throw { message: false };
  },

  // The HTTP layer has already tried a token reissue: a 401 here means the session is over.
  // 403 is not a reason to sign out (docs/architecture.md "Commands"): the page shows the API's message.
  checkError: async (error: unknown) => {
    const status = (error as { status?: unknown } | null)?.status;
    if (status === 401) throw { message: false };
  },

  // The app bar's user menu shows the name and the avatar (the user's photo, else one from the e-mail hash).
  getIdentity: async () => {
    const detail = freshCurrentUser();
    if (!detail) throw new Error('Not signed in');
    const { user } = detail;
    const avatar = await avatarUrl(user).catch(() => null);
    return { id: user.id, fullName: user.name, ...(avatar ? { avatar } : {}) };
  },

  getPermissions: async () => currentUser()?.user.roles ?? [],

  // Resources are named after the dashboard paths: the route's roles, OR a grant on the
  // resource's objects, open its list, pages and buttons (grantAccess.ts). Should the grants not
  // load, only the route's roles count (the API refuses anything else anyway).
  canAccess: async ({ resource, action, record }) => {
    const roles = currentUser()?.user.roles;
    if (roles === undefined) return false;
    return decideAccess({ resource, action, record, roles, grants: apiGrants }).catch(() =>
      decideAccess({ resource, action, record, roles, grants: noGrants }),
    );
  },
};

/** No grants at all: what the route's roles alone allow. */
const noGrants: GrantSource = {
  mine: async () => ({ types: {} as MyPermissions['types'] }),
  onRecord: async () => null,
};
