import {
  agreementVersion,
  type BusinessInput,
  BusinessSignupSchema,
  type Consent,
  isPasswordTheEmail,
  MobileCodeRequestSchema,
  messages,
  type PersonalSignup,
  PersonalSignupSchema,
  PhoneSchema,
  streamName,
  type User,
  VerificationCodeSchema,
} from '@interior/contracts';
import {
  badRequest,
  HttpError,
  hashPassword,
  parseInput,
  type RateLimitName,
  readModels,
  readRecord,
  userRecordColumns,
} from '@interior/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { handleCommand } from '../decider';
import { awaitProjections, type CommandServiceDeps, metaOf } from '../deps';
import { nextId } from '../ids';
import { userDecider } from '../user/decide';
import { isEmailTaken } from '../user/email-reservation';
import { linkGrant } from '../user/link-origin';
import { registerUser } from '../user/register';
import { mobileKey } from './mobile-code';

const CodeParams = z.object({ mobile: PhoneSchema, code: VerificationCodeSchema });

/**
 * Sign-up (the /signup-personal and /signup-business pages) and mobile verification
 * (POST api/code, HEAD api/code/{mobile}/{code}).
 */
export function registerSignupCommands(app: FastifyInstance, deps: CommandServiceDeps): void {
  app.post('/api/code', { config: { public: true } }, async (request, reply) => {
    const { mobile } = parseInput(MobileCodeRequestSchema, request.body);
    const key = mobileKey(deps, mobile);
    const limits: [RateLimitName, string][] = [
      ['codePerIpDay', request.ip],
      ['codeResendPerNumber', key],
      ['codePerNumberHour', key],
      ['codePerNumberDay', key],
    ];
    for (const [name, limitKey] of limits) await deps.rateLimits.consume(name, limitKey);
    const code = await deps.codes.issue(key);
    try {
      await deps.sms.send(mobile, `[인테리어 플랫폼] 인증번호 ${code} (3분 안에 입력해 주세요)`);
    } catch (error) {
      // Nothing reached the visitor: the code is void, and the attempt costs them nothing (they may
      // ask again at once rather than wait out the resend minute for a message that never came).
      request.log.error({ err: error }, 'SMS could not be sent');
      const undone = await Promise.allSettled([
        deps.codes.discard(key, code),
        ...limits.map(([name, limitKey]) => deps.rateLimits.reward(name, limitKey)),
      ]);
      for (const outcome of undone) {
        if (outcome.status === 'rejected')
          request.log.error({ err: outcome.reason }, 'unsent code not undone');
      }
      throw new HttpError(503, messages.smsUnavailable, undefined, { 'retry-after': '30' });
    }
    // The same answer whether or not the number belongs to anyone.
    return reply.status(202).send({ expiresIn: 180, resendAfter: 60 });
  });

  app.head('/api/code/:mobile/:code', { config: { public: true } }, async (request, reply) => {
    await deps.rateLimits.consume('codeCheckPerIp', request.ip);
    // A malformed number or code cannot match any code sent: 404 like any other mismatch.
    const params = CodeParams.safeParse(request.params);
    if (!params.success) return reply.status(404).send();
    const { mobile, code } = params.data;
    // Checking does not use the code up; the sign-up carrying it does.
    const result = await deps.codes.check(mobileKey(deps, mobile), code);
    return reply.status(result === 'ok' ? 200 : 404).send();
  });

  const signUp = async (request: FastifyRequest, business: boolean) => {
    const input: PersonalSignup & { business?: BusinessInput } = business
      ? parseInput(BusinessSignupSchema, request.body)
      : parseInput(PersonalSignupSchema, request.body);
    if (isPasswordTheEmail(input.password, input.email)) {
      throw badRequest(messages.passwordIsEmail, { password: messages.passwordIsEmail });
    }
    // Only well-formed attempts count: a visitor fixing form errors is not locked out for an hour.
    await deps.rateLimits.consume('signupPerIp', request.ip);
    const codeKey = mobileKey(deps, input.mobile);
    // The code first (checked, not used up): without the code sent to the number, nobody can learn
    // whether an address is registered. Wrong tries count towards voiding the code.
    if ((await deps.codes.check(codeKey, input.code)) !== 'ok') {
      throw badRequest(messages.invalidMobileCode, { code: messages.invalidMobileCode });
    }
    // An address in use is refused with the code left valid, so the visitor can use another address.
    // (Two sign-ups racing for one address are still settled by the reservation stream.)
    if (await isEmailTaken(deps.store, deps.lookupKeys, input.email)) {
      throw new HttpError(409, messages.emailInUse);
    }
    // Used up as the account is created; of two sign-ups carrying one code only one gets here.
    if ((await deps.codes.consume(codeKey, input.code)) !== 'ok') {
      throw badRequest(messages.invalidMobileCode, { code: messages.invalidMobileCode });
    }
    const meta = metaOf(request);
    const consents: Consent[] = input.agreements.map((a) => ({
      code: a.code,
      agreed: a.agreed,
      version: agreementVersion(a.code),
      at: meta.now.toISOString(),
    }));
    const { id, handled: registered } = await registerUser(
      deps,
      {
        email: input.email,
        name: input.name,
        mobile: input.mobile,
        consents,
        roles: [business ? 'BusinessFree' : 'PersonalFree'],
        status: 'Pending',
        accountType: business ? 'Business' : 'Personal',
        marketingAgreed: consents.some((c) => c.code === 'Marketing' && c.agreed),
        passwordHash: await hashPassword(input.password),
      },
      { ...meta, actorId: null },
    );
    const stream = streamName('User', id);
    const own = { ...meta, actorId: id };
    const handled = [registered];
    if (input.business) {
      const b = input.business;
      const saved = await handleCommand(deps.store, {
        stream,
        decider: userDecider,
        command: {
          type: 'SaveBusinessProfile',
          businessId: await nextId(deps.knex, 'Business'),
          registrationNumber: b.registrationNumber,
          sealedRepresentative: await deps.vault.seal(stream, b.representative),
          sealedMobile: await deps.vault.seal(stream, b.mobile),
          sealedTelephone: b.telephone ? await deps.vault.seal(stream, b.telephone) : null,
          sealedAddress: b.address ? await deps.vault.seal(stream, b.address) : null,
          industry: b.industry ?? null,
          description: b.description,
        },
        meta: own,
      });
      handled.push(saved);
    }
    const verification = await handleCommand(deps.store, {
      stream,
      decider: userDecider,
      command: { type: 'RequestEmailVerification', grant: linkGrant(request, 'verify-email', id, meta.now) },
      meta: own,
    });
    return { id, handled: [...handled, verification] };
  };

  for (const kind of ['personal', 'business'] as const) {
    app.post(`/api/signup/${kind}`, { config: { public: true } }, async (request, reply) => {
      const { id, handled } = await signUp(request, kind === 'business');
      await awaitProjections(deps, reply, ...handled);
      const user = await readRecord<User>(deps.knex, readModels.users, id, userRecordColumns);
      return reply.status(201).send(user ?? { id });
    });
  }
}
