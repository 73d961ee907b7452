import {
  agreementVersion,
  type Consent,
  email as EmailSchema,
  isWellFormedText,
  MallIdSchema,
  messages,
  type OAuthErrorCode,
  type OAuthProviderName,
  type OAuthProvidersResponse,
  oauthErrorMessages,
  oauthProviders,
  type SnsSignupInfo,
  type SnsSignupPending,
  SnsSignupSchema,
  type SnsType,
  sameOriginPath,
  snsTypeOfProvider,
  streamName,
} from '@interior/contracts';
import {
  ActionTokens,
  BINDING_COOKIE,
  badRequest,
  bindingValue,
  DomainError,
  HttpError,
  type OAuthProfile,
  type OAuthProvider,
  OAuthProviderError,
  parseInput,
  principalOf,
  readUserDetail,
  SIGNUP_TICKET_TTL_SECONDS,
  STATE_TTL_SECONDS,
} from '@interior/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type CommandMeta, handleCommand, loadState } from '../decider';
import { awaitProjections, type CommandServiceDeps, metaOf } from '../deps';
import { nextId } from '../ids';
import { startSession } from '../session/start-session';
import { userDecider } from '../user/decide';
import { isEmailTaken, normalizeEmail } from '../user/email-reservation';
import { sealedFor } from '../user/personal-data';
import { registerUser } from '../user/register';
import {
  releaseSnsAccount,
  releaseUnlinked,
  reserveSnsAccount,
  snsAccountOwner,
  snsReservationKey,
} from './sns-reservation';

const AuthorizeQuery = z.object({
  nextPage: z.string().max(2000).optional(),
  mall_id: MallIdSchema.optional(),
});
const LinkBody = z.object({ mall_id: MallIdSchema.optional() }).default({});
const CallbackQuery = z.object({
  code: z.string().min(1).max(2000).optional(),
  state: z.string().min(1).max(2000).optional(),
  error: z.string().max(200).optional(),
});
const TicketParams = z.object({ ticket: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
const SnsIdParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * The one cookie of this flow, read by hand: fastify's cookie plugin pulls in `cookie@2`, which
 * wants Node 22, and the value is always our own base64url string.
 */
function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function bindingCookie(request: FastifyRequest, value: string, maxAgeSeconds: number) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${BINDING_COOKIE}=${value}; Path=/api; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/** The browser navigates here: it gets a page that explains; an API client gets the error body. */
const wantsPage = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/**
 * Sign-in with Kakao, Naver and Cafe24 (the /sns-login, /cafe24 and /cafe24-admin pages), the SNS
 * sign-up, and linking and unlinking provider accounts on the profile.
 */
export function registerOAuthCommands(app: FastifyInstance, deps: CommandServiceDeps): void {
  const { providers, states } = deps.oauth;

  /** A configured provider; an unknown or unconfigured one does not exist (404). */
  const providerOf = (request: FastifyRequest): OAuthProvider => {
    const name = (request.params as { provider?: string }).provider;
    const provider = oauthProviders.includes(name as OAuthProviderName)
      ? providers.get(name as OAuthProviderName)
      : undefined;
    if (!provider) throw new HttpError(404, messages.oauthNotConfigured);
    return provider;
  };

  const callbackUri = (request: FastifyRequest, provider: OAuthProviderName) =>
    `${(deps.oauth.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/, '')}/api/oauth2/${provider}/callback`;

  /** Records the pending sign-in, binds it to this browser, and gives the provider's address. */
  const begin = async (
    request: FastifyRequest,
    reply: FastifyReply,
    provider: OAuthProvider,
    options: { mallId: string | undefined; nextPage: string | null; linkUserId: number | null },
  ) => {
    if (provider.needsMall && !options.mallId)
      throw badRequest(messages.invalidMallId, { mall_id: messages.invalidMallId });
    await deps.rateLimits.consume('loginPerIp', request.ip);
    const binding = bindingValue(readCookie(request, BINDING_COOKIE));
    const redirectUri = callbackUri(request, provider.name);
    const mallId = provider.needsMall ? (options.mallId ?? null) : null;
    const { state, codeChallenge } = await states.begin({
      provider: provider.name,
      redirectUri,
      nextPage: options.nextPage,
      mallId,
      linkUserId: options.linkUserId,
      pkce: provider.pkce,
      binding,
    });
    reply.header('set-cookie', bindingCookie(request, binding, STATE_TTL_SECONDS));
    reply.header('cache-control', 'no-store');
    return provider.authorizeUrl({ state, redirectUri, codeChallenge, mallId });
  };

  app.get(
    '/api/oauth2/providers',
    { config: { public: true } },
    async (): Promise<OAuthProvidersResponse> => ({
      providers: oauthProviders.filter((name) => providers.has(name)),
    }),
  );

  app.get('/api/oauth2/:provider/authorize', { config: { public: true } }, async (request, reply) => {
    const provider = providerOf(request);
    const query = parseInput(AuthorizeQuery, request.query);
    const url = await begin(request, reply, provider, {
      mallId: query.mall_id,
      nextPage: sameOriginPath(query.nextPage),
      linkUserId: null,
    });
    return reply.redirect(url, 302);
  });

  /** Linking from the profile: the signed-in user gets the provider's address to open. */
  app.post('/api/oauth2/:provider/link', async (request, reply) => {
    const provider = providerOf(request);
    const principal = principalOf(request);
    const body = parseInput(LinkBody, request.body ?? {});
    const url = await begin(request, reply, provider, {
      mallId: body.mall_id,
      nextPage: null,
      linkUserId: principal.userId,
    });
    return { url };
  });

  app.get('/api/oauth2/:provider/callback', { config: { public: true } }, async (request, reply) => {
    const provider = providerOf(request);
    /** Linking from the profile goes back there; a sign-in goes to /sns-login, which explains. */
    let linking = false;
    const fail = (code: OAuthErrorCode, status: number) => {
      if (!wantsPage(request)) throw new HttpError(status, oauthErrorMessages[code]);
      reply.header('cache-control', 'no-store');
      if (linking)
        return reply.redirect(`/dashboard/profile?${new URLSearchParams({ snsError: code })}`, 303);
      const query = new URLSearchParams({ error: code, provider: provider.name });
      return reply.redirect(`/sns-login?${query}`, 303);
    };
    const query = CallbackQuery.safeParse(request.query);
    if (!query.success || !query.data.state) return fail('state_invalid', 400);
    const { code, state, error } = query.data;
    const binding = readCookie(request, BINDING_COOKIE);
    const check = await states.finish(provider.name, state, binding);
    if (!check.ok) return fail(check.reason, 400);
    const pending = check.pending;
    linking = pending.linkUserId !== null;
    // The person said no at the provider (access_denied), or the provider gave no code.
    if (error || !code) return fail(error ? 'consent_denied' : 'provider_refused', 400);

    let profile: OAuthProfile;
    try {
      profile = await provider.profile({
        code,
        state,
        redirectUri: pending.redirectUri,
        codeVerifier: pending.codeVerifier,
        mallId: pending.mallId,
      });
    } catch (caught) {
      if (!(caught instanceof OAuthProviderError)) throw caught;
      request.log.warn({ err: caught }, 'OAuth provider failed');
      return caught.kind === 'refused' ? fail('provider_refused', 400) : fail('provider_unavailable', 503);
    }

    const type = snsTypeOfProvider[provider.name];
    const reservation = snsReservationKey(deps.lookupKeys, type, profile.uid);
    const owner = await snsAccountOwner(deps.store, reservation);
    const meta = metaOf(request);

    if (pending.linkUserId !== null) {
      const userId = pending.linkUserId;
      if (owner !== null && owner !== userId) return fail('sns_in_use', 409);
      try {
        await linkAccount(
          deps,
          reply,
          { userId, type, uid: profile.uid, reservation },
          { ...meta, actorId: userId },
        );
      } catch (caught) {
        if (caught instanceof DomainError && caught.message === messages.snsTypeAlreadyLinked)
          return fail('sns_type_linked', 409);
        if (caught instanceof DomainError && caught.message === messages.snsAccountInUse)
          return fail('sns_in_use', 409);
        throw caught;
      }
      return reply.redirect('/dashboard/profile?sns=linked', 303);
    }

    if (owner !== null) {
      const { state: user } = await loadState(deps.store, streamName('User', owner), userDecider);
      // A link whose address nobody proved signs no one in, whatever the account's status.
      const unproven =
        user.status !== 'absent' &&
        (user.snsAccounts ?? []).some((a) => a.reservation === reservation && a.unconfirmed);
      if (user.status === 'Pending' || unproven) return fail('pending_verification', 403);
      if (user.status !== 'Active') return fail('account_inactive', 403);
      const login = await startSession(deps, reply, owner, { ...meta, actorId: owner });
      const target = new URLSearchParams({ accessToken: login.token, refreshToken: login.refreshToken });
      if (pending.nextPage) target.set('nextPage', pending.nextPage);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return reply.redirect(`/sns-login?${target}`, 303);
    }

    // Unknown here: the SNS sign-up, with what the provider said kept on the server. Never linked
    // to an existing user by its e-mail address: whoever owns that account links it themselves.
    // What the provider says is prefilled only where it passes our own rules.
    const email = EmailSchema.safeParse(profile.email);
    const name = profile.name && isWellFormedText(profile.name) ? profile.name : null;
    const ticket = await states.issueTicket(
      {
        type,
        uid: profile.uid,
        name,
        email: email.success ? email.data : null,
        emailVerified: email.success && profile.emailVerified,
        nextPage: pending.nextPage,
      },
      binding!,
    );
    reply.header('set-cookie', bindingCookie(request, binding!, SIGNUP_TICKET_TTL_SECONDS));
    reply.header('cache-control', 'no-store');
    return reply.redirect(`/signup-sns?${new URLSearchParams({ ticket })}`, 303);
  });

  app.get(
    '/api/signup/sns/:ticket',
    { config: { public: true } },
    async (request): Promise<SnsSignupInfo> => {
      const params = TicketParams.safeParse(request.params);
      const ticket = params.success
        ? await states.ticket(params.data.ticket, readCookie(request, BINDING_COOKIE))
        : null;
      if (!ticket) throw new HttpError(410, messages.snsSignupExpired);
      return {
        type: ticket.type,
        name: ticket.name,
        email: ticket.email,
        emailVerified: ticket.emailVerified,
      };
    },
  );

  app.post('/api/signup/sns', { config: { public: true } }, async (request, reply) => {
    const input = parseInput(SnsSignupSchema, request.body);
    await deps.rateLimits.consume('signupPerIp', request.ip);
    const binding = readCookie(request, BINDING_COOKIE);
    const ticket = await states.ticket(input.ticket, binding);
    if (!ticket) throw new HttpError(410, messages.snsSignupExpired);
    const email = input.email ?? ticket.email;
    const name = input.name ?? ticket.name;
    if (!email || !name) {
      throw badRequest(messages.validationFailed, {
        ...(email ? {} : { email: messages.required }),
        ...(name ? {} : { name: messages.required }),
      });
    }
    // The provider's word counts only for the address it gave.
    const verified = ticket.emailVerified && ticket.email !== null && normalizeEmail(ticket.email) === email;
    if (await isEmailTaken(deps.store, deps.lookupKeys, email))
      throw new HttpError(409, messages.snsEmailInUse);
    const reservation = snsReservationKey(deps.lookupKeys, ticket.type, ticket.uid);
    if ((await snsAccountOwner(deps.store, reservation)) !== null)
      throw new HttpError(409, messages.snsAccountInUse);
    // Used up only now: a visitor told to use another address keeps their ticket.
    if (!(await states.ticket(input.ticket, binding, true)))
      throw new HttpError(410, messages.snsSignupExpired);

    const meta = metaOf(request);
    const id = await nextId(deps.knex, 'User');
    await reserveSnsAccount(deps.store, reservation, id, { ...meta, actorId: null });
    const consents: Consent[] = input.agreements.map((a) => ({
      code: a.code,
      agreed: a.agreed,
      version: agreementVersion(a.code),
      at: meta.now.toISOString(),
    }));
    const business = ticket.type === 'Cafe24Admin';
    let registered: Awaited<ReturnType<typeof registerUser>>;
    try {
      registered = await registerUser(
        deps,
        {
          id,
          email,
          name,
          consents,
          roles: [business ? 'BusinessFree' : 'PersonalFree'],
          status: verified ? 'Active' : 'Pending',
          accountType: business ? 'Business' : 'Personal',
          marketingAgreed: input.marketingAgreed ?? consents.some((c) => c.code === 'Marketing' && c.agreed),
          passwordHash: null,
        },
        { ...meta, actorId: null },
      );
    } catch (caught) {
      await releaseSnsAccount(deps.store, reservation, id, { ...meta, actorId: null });
      if (caught instanceof DomainError && caught.message === messages.emailInUse)
        throw new HttpError(409, messages.snsEmailInUse);
      throw caught;
    }
    const own = { ...meta, actorId: id };
    // Linked unconfirmed when the address is unproven: the mailed link confirms it; a password
    // recovery or another sign-up with the address drops it (see isUnprovenSnsClaim).
    const linked = await appendLink(
      deps,
      { userId: id, type: ticket.type, uid: ticket.uid, reservation, unconfirmed: !verified },
      own,
    );
    if (verified) {
      await awaitProjections(deps, reply, registered.handled, linked);
      return reply.status(201).send(await startSession(deps, reply, id, own));
    }
    const verification = await handleCommand(deps.store, {
      stream: streamName('User', id),
      decider: userDecider,
      command: { type: 'RequestEmailVerification', grant: ActionTokens.grant('verify-email', id, meta.now) },
      meta: own,
    });
    await awaitProjections(deps, reply, registered.handled, linked, verification);
    const pendingAnswer: SnsSignupPending = { emailVerificationRequired: true, email };
    return reply.status(202).send(pendingAnswer);
  });

  /** Unlinks a provider account of the signed-in user; the last way to sign in stays (409). */
  app.delete('/api/user/current/sns/:id', async (request, reply) => {
    const principal = principalOf(request);
    const params = SnsIdParams.safeParse(request.params);
    if (!params.success) throw new HttpError(404, messages.snsAccountNotFound);
    const meta = metaOf(request);
    const handled = await handleCommand(deps.store, {
      stream: streamName('User', principal.userId),
      decider: userDecider,
      command: { type: 'UnlinkSnsAccount', id: params.data.id },
      meta,
    });
    await releaseUnlinked(deps.store, principal.userId, handled.events, meta);
    await awaitProjections(deps, reply, handled);
    return readUserDetail(deps.knex, principal.userId);
  });
}

interface LinkTarget {
  userId: number;
  type: SnsType;
  uid: string;
  reservation: string;
  unconfirmed?: boolean;
}

/** The `SnsAccountLinked` event on the user's stream (the reservation is already theirs). */
async function appendLink(deps: CommandServiceDeps, target: LinkTarget, meta: CommandMeta) {
  const stream = streamName('User', target.userId);
  return handleCommand(deps.store, {
    stream,
    decider: userDecider,
    command: {
      type: 'LinkSnsAccount',
      id: await nextId(deps.knex, 'SnsAccount'),
      snsType: target.type,
      sealedUid: await sealedFor(deps.vault, stream)(target.uid),
      reservation: target.reservation,
      unconfirmed: target.unconfirmed ?? false,
    },
    meta,
  });
}

/** Reserves the provider account for the user and links it; undone if the link is refused. */
async function linkAccount(
  deps: CommandServiceDeps,
  reply: FastifyReply,
  target: LinkTarget,
  meta: CommandMeta,
): Promise<void> {
  await reserveSnsAccount(deps.store, target.reservation, target.userId, meta);
  try {
    const handled = await appendLink(deps, target, meta);
    await awaitProjections(deps, reply, handled);
  } catch (caught) {
    const { state } = await loadState(deps.store, streamName('User', target.userId), userDecider);
    const alreadyHis =
      state.status !== 'absent' &&
      (state.snsAccounts ?? []).some((a) => a.reservation === target.reservation);
    if (!alreadyHis) await releaseSnsAccount(deps.store, target.reservation, target.userId, meta);
    throw caught;
  }
}
