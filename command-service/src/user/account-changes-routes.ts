import { CloseAccountSchema, EmailChangeSchema, messages, streamName } from '@interior/contracts';
import {
  type ActionGrant,
  badRequest,
  HttpError,
  parseInput,
  principalOf,
  readModels,
  verifyPassword,
} from '@interior/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type CommandMeta, handleCommand, loadState } from '../decider';
import { awaitProjections, type CommandServiceDeps, metaOf } from '../deps';
import { userDecider } from './decide';
import { emailReservationDecider, emailStream, isEmailTaken, normalizeEmail } from './email-reservation';
import { eraseAccount } from './erase';
import { linkGrant } from './link-origin';
import { reserveEmail } from './register';
import type { RegisteredUser } from './user';

/**
 * What a signed-in person changes about their own account beyond the profile: 회원 탈퇴
 * and a new e-mail address. Both need the password typed again; wrong passwords count towards
 * the same per-account limit as sign-in.
 */
export function registerAccountChangeCommands(app: FastifyInstance, deps: CommandServiceDeps): void {
  /** The signed-in user, once their password is confirmed; a wrong one is a 400 on `password`. */
  const confirmedUser = async (request: FastifyRequest, password: string): Promise<RegisteredUser> => {
    const { userId } = principalOf(request);
    const accountKey = `user:${userId}`;
    await deps.rateLimits.check('loginFailuresPerAccount', accountKey);
    const { state } = await loadState(deps.store, streamName('User', userId), userDecider);
    if (
      state.status === 'absent' ||
      state.status === 'Deleted' ||
      !state.passwordHash ||
      !(await verifyPassword(state.passwordHash, password))
    ) {
      await deps.rateLimits.consume('loginFailuresPerAccount', accountKey);
      throw badRequest(messages.wrongPassword, { password: messages.wrongPassword });
    }
    return state;
  };

  /**
   * 회원 탈퇴: the same erasure an Admin performs, asked for by the person. Every session ends with
   * it. The last active Admin is refused (409): the platform would be left without one.
   */
  app.post('/api/user/current/withdraw', async (request, reply) => {
    const { password } = parseInput(CloseAccountSchema, request.body);
    const user = await confirmedUser(request, password);
    const [counted] = await deps
      .knex(readModels.users)
      .whereRaw(`'Admin' = any(roles)`)
      .where({ status: 'Active' })
      .whereNot({ id: user.id })
      .count({ total: '*' });
    const meta = metaOf(request);
    const handled = await eraseAccount(deps, {
      user,
      command: { type: 'CloseAccount', otherAdmins: Number(counted?.total ?? 0), now: meta.now },
      meta,
    });
    await awaitProjections(deps, reply, handled);
    return reply.status(204).send();
  });

  /**
   * A new address, proven by a link mailed to it. The answer is the same whether or not the
   * address is free (an address already taken changes nothing and gets no mail), and the work is
   * done without making the answer wait, so its time tells nothing either.
   */
  app.post('/api/user/current/email', async (request, reply) => {
    const { email, password } = parseInput(EmailChangeSchema, request.body);
    const user = await confirmedUser(request, password);
    const stream = streamName('User', user.id);
    const current = await deps.vault.open(stream, user.sealedEmail);
    if (current && normalizeEmail(current) === normalizeEmail(email)) {
      throw badRequest(messages.sameEmail, { email: messages.sameEmail });
    }
    if (user.status !== 'Active') throw new HttpError(409, messages.userInactive);
    await deps.rateLimits.consume('mailPerIp', request.ip);
    await deps.rateLimits.consume('mailPerAddress', deps.lookupKeys.hash('email', normalizeEmail(email)));
    const meta = metaOf(request);
    const grant = linkGrant(request, 'change-email', user.id, meta.now);
    const work = async () => {
      if (await isEmailTaken(deps.store, deps.lookupKeys, email)) return;
      await handleCommand(deps.store, {
        stream,
        decider: userDecider,
        command: {
          type: 'RequestEmailChange',
          grant,
          sealedEmail: await deps.vault.seal(stream, normalizeEmail(email)),
        },
        meta,
      });
    };
    work().catch((error) => request.log.error({ err: error }, 'e-mail change request failed'));
    return reply.status(202).send({ status: 202, message: messages.emailChangeMailSent });
  });
}

/**
 * The link of an e-mail change, opened: the new address is reserved for the user (refused with
 * 409 if someone took it meanwhile), the change recorded, and the old address released. A failure
 * after the reservation leaves it held by this user, which opening the same link again completes.
 */
export async function confirmEmailChange(deps: CommandServiceDeps, grant: ActionGrant, meta: CommandMeta) {
  const stream = streamName('User', grant.userId);
  const { state } = await loadState(deps.store, stream, userDecider);
  if (state.status !== 'Active' || !state.sealedPendingEmail) throw new HttpError(410, messages.linkExpired);
  const [next, previous] = await Promise.all([
    deps.vault.open(stream, state.sealedPendingEmail),
    deps.vault.open(stream, state.sealedEmail),
  ]);
  if (!next) throw new HttpError(410, messages.linkExpired);
  await reserveEmail(deps, next, grant.userId, meta);
  const handled = await handleCommand(deps.store, {
    stream,
    decider: userDecider,
    command: { type: 'ConfirmEmailChange', jti: grant.jti, now: meta.now },
    meta,
  }).catch(async (error: unknown) => {
    // The link was not good after all: the new address is free again, unless a concurrent
    // opening of the same link has just made it the account's.
    const { state: now } = await loadState(deps.store, stream, userDecider);
    const holds = now.status !== 'absent' && (await deps.vault.open(stream, now.sealedEmail)) === next;
    if (!holds) {
      await handleCommand(deps.store, {
        stream: emailStream(deps.lookupKeys, next),
        decider: emailReservationDecider,
        command: { type: 'ReleaseEmail', userId: grant.userId },
        meta,
      });
    }
    throw error;
  });
  if (previous && normalizeEmail(previous) !== normalizeEmail(next)) {
    await handleCommand(deps.store, {
      stream: emailStream(deps.lookupKeys, previous),
      decider: emailReservationDecider,
      command: { type: 'ReleaseEmail', userId: grant.userId },
      meta,
    });
  }
  await awaitProjections(deps, null, handled);
  return handled;
}
