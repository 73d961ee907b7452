import {
  accountLimits,
  agreementVersion,
  BusinessInputSchema,
  EmailBodySchema,
  isPasswordTheEmail,
  MarketingConsentSchema,
  messages,
  PasswordChangeSchema,
  PasswordResetSchema,
  ProfileUpdateSchema,
  streamName,
  TokenBodySchema,
} from '@interior/contracts';
import {
  type ActionGrant,
  ActionTokens,
  badRequest,
  HttpError,
  hashPassword,
  parseInput,
  principalOf,
  readUserDetail,
  requireRouteAccess,
  verifyPassword,
} from '@interior/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type CommandMeta, handleCommand, loadState } from '../decider';
import { awaitProjections, type CommandServiceDeps, metaOf } from '../deps';
import { storeFile } from '../files/files';
import { acceptUploads, detectAccepted, readUploadPayload } from '../files/upload-payload';
import { nextId } from '../ids';
import { releaseUnlinked } from '../oauth/sns-reservation';
import { startSession } from '../session/start-session';
import { mobileKey } from '../signup/mobile-code';
import { confirmEmailChange } from './account-changes-routes';
import { userDecider } from './decide';
import { findUserIdByEmail, normalizeEmail } from './email-reservation';
import { requestOrigin } from './link-origin';
import { sealedFor } from './personal-data';
import type { UserState } from './user';

/** Image types a profile photo may have, recognised by content, not by name. */

/**
 * What a signed-in user does to their own account, and the links mailed to them (the pages
 * /email-verification, /find-password, /reset-password, /dashboard/profile, business-profile).
 */
export function registerAccountCommands(app: FastifyInstance, deps: CommandServiceDeps): void {
  const loadUser = async (id: number) => loadState(deps.store, streamName('User', id), userDecider);
  const run = (
    id: number,
    command: Parameters<typeof userDecider.decide>[0],
    meta: CommandMeta,
    ifMatch?: number,
  ) =>
    handleCommand(deps.store, {
      stream: streamName('User', id),
      decider: userDecider,
      command,
      meta,
      ifMatch,
    });
  const detailOf = async (id: number, reply: FastifyReply, ...handled: Awaited<ReturnType<typeof run>>[]) => {
    await awaitProjections(deps, reply, ...handled);
    return readUserDetail(deps.knex, id);
  };
  const refuseEmailAsPassword = async (user: UserState, password: string, field: string) => {
    if (user.status === 'absent') return;
    const email = await deps.vault.open(streamName('User', user.id), user.sealedEmail);
    if (email && isPasswordTheEmail(password, email)) {
      throw badRequest(messages.passwordIsEmail, { [field]: messages.passwordIsEmail });
    }
  };

  /** Verifies a mailed link's token for one of the purposes; a stale one is a 410. */
  const grantOf = async (token: string, purposes: ActionGrant['purpose'][]): Promise<ActionGrant> => {
    for (const purpose of purposes) {
      const grant = await deps.actionTokens.verify(token, purpose);
      if (grant === 'expired') throw new HttpError(410, messages.linkExpired);
      if (grant) return grant;
    }
    throw badRequest(messages.invalidToken, { token: messages.invalidToken });
  };

  const limitMail = async (request: FastifyRequest, email: string) => {
    await deps.rateLimits.consume('mailPerIp', request.ip);
    await deps.rateLimits.consume('mailPerAddress', deps.lookupKeys.hash('email', normalizeEmail(email)));
  };

  /** Neither the answer's time nor its outcome may tell whether an address is registered. */
  const inBackground = (request: FastifyRequest, work: () => Promise<unknown>) => {
    work().catch((error) => request.log.error({ err: error }, 'mail request failed'));
  };

  app.post('/api/email/verify', { config: { public: true } }, async (request, reply) => {
    const { token } = parseInput(TokenBodySchema, request.body);
    const grant = await grantOf(token, ['verify-email', 'change-email']);
    const meta = { ...metaOf(request), actorId: grant.userId };
    // The link of an e-mail change verifies the new address the same way.
    if (grant.purpose === 'change-email') {
      await confirmEmailChange(deps, grant, meta);
      return { status: 'Active', emailChanged: true };
    }
    const handled = await run(grant.userId, { type: 'VerifyEmail', jti: grant.jti, now: meta.now }, meta);
    await awaitProjections(deps, reply, handled);
    return { status: 'Active' };
  });

  /**
   * A link mailed on request (verification resend, password recovery): the same answer for any
   * address, limited per address and IP, the work done without making the answer wait for it.
   */
  const mailLinkOnRequest = (path: string, purpose: 'verify-email' | 'reset-password') =>
    app.post(path, { config: { public: true } }, async (request, reply) => {
      const { email } = parseInput(EmailBodySchema, request.body);
      await limitMail(request, email);
      const meta = metaOf(request);
      const origin = requestOrigin(request);
      inBackground(request, async () => {
        const id = await findUserIdByEmail(deps.store, deps.lookupKeys, email);
        if (id === null) return;
        const grant = { ...ActionTokens.grant(purpose, id, meta.now), origin };
        const command =
          purpose === 'verify-email'
            ? ({ type: 'RequestEmailVerification', grant } as const)
            : ({ type: 'RequestPasswordReset', grant } as const);
        await run(id, command, { ...meta, actorId: id });
      });
      return reply.status(202).send({ status: 202, message: messages.mailSentIfRegistered });
    });
  mailLinkOnRequest('/api/email/resend', 'verify-email');
  mailLinkOnRequest('/api/password/forgot', 'reset-password');

  app.post('/api/password/reset', { config: { public: true } }, async (request, reply) => {
    const { token, password } = parseInput(PasswordResetSchema, request.body);
    const grant = await grantOf(token, ['reset-password', 'invitation']);
    const { state } = await loadUser(grant.userId);
    await refuseEmailAsPassword(state, password, 'password');
    const meta = { ...metaOf(request), actorId: grant.userId };
    const handled = await run(
      grant.userId,
      {
        type: 'SetPasswordWithLink',
        purpose: grant.purpose === 'invitation' ? 'invitation' : 'reset-password',
        jti: grant.jti,
        passwordHash: await hashPassword(password),
        now: meta.now,
      },
      meta,
    );
    // The recovery proved the address: links an unproven SNS sign-up made were dropped; free them.
    await releaseUnlinked(deps.store, grant.userId, handled.events, meta);
    await awaitProjections(deps, reply, handled);
    return reply.status(204).send();
  });

  app.put('/api/user/current/password', async (request, reply) => {
    const principal = principalOf(request);
    const { currentPassword, newPassword } = parseInput(PasswordChangeSchema, request.body);
    const accountKey = `user:${principal.userId}`;
    await deps.rateLimits.check('loginFailuresPerAccount', accountKey);
    const { state, revision } = await loadUser(principal.userId);
    if (
      state.status === 'absent' ||
      !state.passwordHash ||
      !(await verifyPassword(state.passwordHash, currentPassword))
    ) {
      await deps.rateLimits.consume('loginFailuresPerAccount', accountKey);
      throw badRequest(messages.wrongCurrentPassword, { currentPassword: messages.wrongCurrentPassword });
    }
    await refuseEmailAsPassword(state, newPassword, 'newPassword');
    const meta = metaOf(request);
    // If-Match on the revision the password was checked against: a change in between is a 412.
    const handled = await run(
      principal.userId,
      { type: 'ChangePassword', passwordHash: await hashPassword(newPassword), now: meta.now },
      meta,
      typeof revision === 'number' ? revision : undefined,
    );
    await awaitProjections(deps, reply, handled);
    // Every session ended, this one too; the user carries on in a new one, started after the
    // revocation so that it is not caught by it.
    return startSession(deps, reply, principal.userId, {
      ...meta,
      now: new Date(Math.max(Date.now(), meta.now.getTime() + 1)),
    });
  });

  app.put('/api/user/current/marketing', async (request, reply) => {
    const principal = principalOf(request);
    const { agreed } = parseInput(MarketingConsentSchema, request.body);
    const meta = metaOf(request);
    const handled = await run(
      principal.userId,
      {
        type: 'ChangeConsent',
        code: 'Marketing',
        agreed,
        version: agreementVersion('Marketing'),
        now: meta.now,
      },
      meta,
    );
    return detailOf(principal.userId, reply, handled);
  });

  app.put('/api/user/current/business', async (request, reply) => {
    const principal = requireRouteAccess(request, 'business-profile');
    const input = parseInput(BusinessInputSchema, request.body);
    const seal = sealedFor(deps.vault, streamName('User', principal.userId));
    const handled = await run(
      principal.userId,
      {
        type: 'SaveBusinessProfile',
        businessId: await nextId(deps.knex, 'Business'),
        registrationNumber: input.registrationNumber,
        sealedRepresentative: await seal(input.representative),
        sealedMobile: await seal(input.mobile),
        sealedTelephone: input.telephone ? await seal(input.telephone) : null,
        sealedAddress: input.address ? await seal(input.address) : null,
        industry: input.industry ?? null,
        description: input.description,
      },
      metaOf(request),
    );
    return detailOf(principal.userId, reply, handled);
  });

  // The profile form posts the upload payload (multipart: fields, `attachment0`, `filesSize` JSON,
  // `attachmentChanged` "true"/"false"); JSON is accepted when no file is sent.
  const photoLimits = {
    fileBytes: accountLimits.profileImageBytes,
    files: 1,
    tooLarge: messages.imageTooLarge,
  };
  app.register(async (scoped) => {
    const bodyLimit = await acceptUploads(scoped, photoLimits);
    scoped.put('/api/user/current', { bodyLimit }, async (request, reply) => {
      const principal = principalOf(request);
      const upload = await readUploadPayload(request, photoLimits);
      const photo = upload.attachments.get('attachment0') ?? null;
      if (upload.attachments.size > (photo ? 1 : 0)) throw badRequest(messages.invalidUpload);
      const input = parseInput(ProfileUpdateSchema, upload.fields);
      const stream = streamName('User', principal.userId);
      const { state } = await loadUser(principal.userId);
      if (state.status === 'absent') throw new HttpError(404, messages.userNotFound);
      const meta = metaOf(request);
      const handled: Awaited<ReturnType<typeof run>>[] = [];

      const currentName = await deps.vault.open(stream, state.sealedName);
      const currentMobile = state.sealedMobile ? await deps.vault.open(stream, state.sealedMobile) : null;
      const newMobile = input.mobile !== undefined && input.mobile !== currentMobile ? input.mobile : null;
      // The number verified at sign-up changes only to one proven the same way: with the SMS
      // code sent to the new number (POST /api/code), checked first and used up by the change.
      const mobileKeyOfNew = newMobile === null ? null : mobileKey(deps, newMobile);
      if (mobileKeyOfNew !== null) {
        if (!input.code || (await deps.codes.check(mobileKeyOfNew, input.code)) !== 'ok') {
          throw badRequest(messages.invalidMobileCode, { code: messages.invalidMobileCode });
        }
      }
      if (input.name !== currentName || newMobile !== null) {
        const seal = sealedFor(deps.vault, stream);
        const sealedName = await seal(input.name);
        const sealedMobile = newMobile !== null ? { sealedMobile: await seal(newMobile) } : {};
        // Used up just before the change is written; a code used meanwhile (another request) fails.
        if (mobileKeyOfNew !== null && (await deps.codes.consume(mobileKeyOfNew, input.code!)) !== 'ok') {
          throw badRequest(messages.invalidMobileCode, { code: messages.invalidMobileCode });
        }
        handled.push(
          await run(principal.userId, { type: 'UpdateProfile', sealedName, ...sealedMobile }, meta),
        );
      }
      if (upload.attachmentChanged) {
        const image = photo ? await storeImage(principal.userId, photo) : null;
        handled.push(await run(principal.userId, { type: 'ChangeImage', image }, meta));
      }
      return detailOf(principal.userId, reply, ...handled);
    });
  });

  async function storeImage(ownerId: number, file: { data: Buffer; filename: string }) {
    if (file.data.length > accountLimits.profileImageBytes) throw new HttpError(413, messages.imageTooLarge);
    const detected = await detectAccepted(file.data, 'image');
    if (!detected) throw badRequest(messages.imageRequired, { attachment0: messages.imageRequired });
    // An unguessable name: images are served without a token (an <img> cannot send one).
    const { id, name } = await storeFile(
      deps.knex,
      { data: file.data, originalName: file.filename, ...detected },
      ownerId,
      'profile',
    );
    return { id, name };
  }
}
