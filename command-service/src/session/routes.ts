import { LoginRequestSchema, messages, streamName, TokenBodySchema } from '@interior/contracts';
import {
  HttpError,
  parseInput,
  parseRefreshToken,
  principalOf,
  refreshSecretMatches,
  unauthorized,
  verifyAgainstNothing,
  verifyPassword,
} from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import { handleCommand, loadState } from '../decider';
import { awaitProjections, type CommandServiceDeps, metaOf } from '../deps';
import { userDecider } from '../user/decide';
import { findUserIdByEmail, normalizeEmail } from '../user/email-reservation';
import { sessionDecider } from './decide';
import { startSession } from './start-session';

/**
 * Sign-in, token reissue and sign-out. Wrong credentials answer 404 and an inactive account 403.
 * A session is a stream of its own holding the refresh token's hash; access tokens name the session, which every request checks.
 */
export function registerSessionCommands(app: FastifyInstance, deps: CommandServiceDeps): void {
  const loadUser = async (id: number) =>
    (await loadState(deps.store, streamName('User', id), userDecider)).state;

  app.post('/api/login', { config: { public: true } }, async (request, reply) => {
    await deps.rateLimits.consume('loginPerIp', request.ip);
    const { email, password } = parseInput(LoginRequestSchema, request.body);
    // Failures are counted per address (hashed), whether or not it belongs to anyone.
    const accountKey = deps.lookupKeys.hash('email', normalizeEmail(email));
    await deps.rateLimits.check('loginFailuresPerAccount', accountKey);
    const userId = await findUserIdByEmail(deps.store, deps.lookupKeys, email);
    const user = userId === null ? null : await loadUser(userId);
    const known = user && user.status !== 'absent' && user.passwordHash ? user : null;
    const valid = known
      ? await verifyPassword(known.passwordHash!, password)
      : await verifyAgainstNothing(password);
    if (!known || !valid) {
      await deps.rateLimits.consume('loginFailuresPerAccount', accountKey);
      throw new HttpError(404, messages.wrongCredentials);
    }
    // Still the inactive account's 403, but a person who has not verified the address is told so (the right
    // password was given, so this reveals nothing to anyone else) and the page offers a new mail.
    if (known.status === 'Pending') throw new HttpError(403, messages.emailNotVerified);
    if (known.status !== 'Active') throw new HttpError(403, messages.userInactive);
    await deps.rateLimits.reset('loginFailuresPerAccount', accountKey);
    return startSession(deps, reply, known.id, { ...metaOf(request), actorId: known.id });
  });

  app.post('/api/token', { config: { public: true } }, async (request) => {
    const { token } = parseInput(TokenBodySchema, request.body);
    const presented = parseRefreshToken(token);
    if (!presented) throw unauthorized(messages.sessionExpired);
    const { state: session } = await loadState(
      deps.store,
      streamName('Session', presented.sessionId),
      sessionDecider,
    );
    if (
      session.status !== 'open' ||
      Date.parse(session.expiresAt) <= Date.now() ||
      !refreshSecretMatches(presented.secret, session.refreshTokenHash)
    ) {
      throw unauthorized(messages.sessionExpired);
    }
    const user = await loadUser(session.userId);
    const revokedAfterStart =
      user.status !== 'absent' &&
      user.sessionsRevokedAt !== null &&
      user.sessionsRevokedAt >= session.startedAt;
    if (user.status !== 'Active' || revokedAfterStart) throw unauthorized(messages.sessionExpired);
    return { token: await deps.tokens.issue({ userId: session.userId, sessionId: presented.sessionId }) };
  });

  app.post('/api/logout', async (request, reply) => {
    const principal = principalOf(request);
    const handled = await handleCommand(deps.store, {
      stream: streamName('Session', principal.sessionId),
      decider: sessionDecider,
      command: { type: 'RevokeSession', reason: 'logout' },
      meta: metaOf(request),
    });
    await awaitProjections(deps, reply, handled);
    return reply.status(204).send();
  });

  /**
   * "Sign out everywhere": every session of the signed-in user ends, on every device, this one
   * included (their access tokens stop working at once, their refresh tokens are refused).
   */
  app.post('/api/logout/all', async (request, reply) => {
    const principal = principalOf(request);
    const meta = metaOf(request);
    const handled = await handleCommand(deps.store, {
      stream: streamName('User', principal.userId),
      decider: userDecider,
      command: { type: 'RevokeAllSessions', now: meta.now },
      meta,
    });
    await awaitProjections(deps, reply, handled);
    return reply.status(204).send();
  });
}
