import { type LoginResponse, messages, streamName } from '@interior/contracts';
import { HttpError, newRefreshToken, REFRESH_TOKEN_TTL_SECONDS, readUserDetail } from '@interior/platform';
import type { FastifyReply } from 'fastify';
import { type CommandMeta, handleCommand } from '../decider';
import { awaitProjections, type CommandServiceDeps } from '../deps';
import { sessionDecider } from './decide';

/**
 * Opens a session for a user whose credentials were checked: a `Session-<uuid>` stream holding the
 * refresh token's hash, then the answer of `POST api/login` (the token pair and the user) once the read models know the
 * session (the very next request authenticates against them).
 */
export async function startSession(
  deps: CommandServiceDeps,
  reply: FastifyReply,
  userId: number,
  meta: CommandMeta,
): Promise<LoginResponse> {
  const refresh = newRefreshToken();
  const handled = await handleCommand(deps.store, {
    stream: streamName('Session', refresh.sessionId),
    decider: sessionDecider,
    command: {
      type: 'StartSession',
      sessionId: refresh.sessionId,
      userId,
      refreshTokenHash: refresh.hash,
      now: meta.now,
      expiresAt: new Date(meta.now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    },
    meta: { ...meta, actorId: userId },
  });
  await awaitProjections(deps, reply, handled);
  const detail = await readUserDetail(deps.knex, userId);
  if (!detail) throw new HttpError(503, messages.serviceUnavailable);
  const token = await deps.tokens.issue({ userId, sessionId: refresh.sessionId }, meta.now);
  return { user: detail, token, refreshToken: refresh.token };
}
