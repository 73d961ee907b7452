import {
  BillingRunSchema,
  type CheckoutAnswer,
  CheckoutSchema,
  freeRoleOf,
  hasAnyRole,
  MySubscriptionUpdateSchema,
  type PlanTerms,
  RefundSchema,
  SubscribeSchema,
  SubscriptionPlanId,
  SubscriptionPlanInputSchema,
  type SubscriptionPlanRecord,
  SubscriptionPlanUpdateSchema,
  streamName,
  subscriptionMessages,
} from '@interior/contracts';
import {
  badRequest,
  conflict,
  etagOf,
  HttpError,
  notFound,
  type Principal,
  parseIfMatch,
  parseInput,
  principalOf,
  readRecord,
  requireRole,
  requireRouteAccess,
} from '@interior/platform';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { type PaymentProvider, ProviderDeclined, ProviderUnavailable } from '../billing/provider';
import { SandboxProvider } from '../billing/sandbox';
import { type CommandMeta, handleCommand, loadState } from '../decider';
import { awaitProjections, type CommandServiceDeps, metaOf } from '../deps';
import { nextId } from '../ids';
import { type Billing, subscriptionStream } from './billing';
import { planDecider } from './plan';
import type { SubscriptionRoleProcess } from './role-process';
import { orderNameOf, planRefund, refundKeyOf, subscriptionDecider } from './subscription';

/** Read models this side answers with (projections/src/subscriptions/). */
const PLANS = 'subscription_plans';
const SUBSCRIPTIONS = 'subscriptions';
const PAYMENTS = 'subscription_payments';
/** Refund numbers taken before the provider is asked (migration 021). */
const REFUND_ATTEMPTS = 'payment_refund_attempts';

const subscriptionEventTypes = [
  'SubscriptionRequested',
  'SubscriptionChargeStarted',
  'SubscriptionCharged',
  'SubscriptionChargeFailed',
  'SubscriptionExpired',
  'SubscriptionCancelScheduled',
  'SubscriptionResumed',
  'SubscriptionPlanChangeScheduled',
  'SubscriptionCardChanged',
  'SubscriptionPaymentRefunded',
  'UserRolesChanged',
];

const Params = z.object({ id: SubscriptionPlanId });
const PaymentParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export interface SubscriptionWiring {
  provider: PaymentProvider;
  billing: Billing;
  roles: SubscriptionRoleProcess;
}

/** The plan's roles may be bought by its own kind of account; staff may try any plan. */
function mayHold(principal: Principal, code: PlanTerms['planCode']) {
  return (
    hasAnyRole(principal.roles, ['Admin', 'Developer', freeRoleOf(code), code]) ||
    (code !== 'PersonalPro' && hasAnyRole(principal.roles, ['BusinessPro', 'BusinessPremium']))
  );
}

/** Plans, subscribing, the subscriber's own changes, refunds, renewals and the provider's webhook. */
export function registerSubscriptionCommands(
  app: FastifyInstance,
  deps: CommandServiceDeps,
  wiring: SubscriptionWiring,
): void {
  const { provider, billing, roles } = wiring;
  const plan = (id: number) => readRecord<SubscriptionPlanRecord>(deps.knex, PLANS, id);
  const customerKeyOf = (userId: number) =>
    `cus_${deps.lookupKeys.hash('payment-customer', String(userId)).slice(0, 40)}`;

  const waitFor = async (reply: FastifyReply | null, positions: string[]) => {
    if (positions.length === 0) return;
    const last = positions.reduce((a, b) => (deps.store.comparePositions(a, b) >= 0 ? a : b));
    if (!(await deps.waiter.waitFor(last, subscriptionEventTypes))) reply?.header('x-read-model', 'behind');
  };
  const mySubscription = (userId: number) =>
    readRecord<Record<string, unknown>>(deps.knex, SUBSCRIPTIONS, userId);
  const answerPlan = async (reply: FastifyReply, id: number) => {
    const record = await plan(id);
    if (record) reply.header('etag', etagOf(record.version));
    return record;
  };

  const termsOf = async (planId: number, period: PlanTerms['period']): Promise<PlanTerms> => {
    const record = await plan(planId);
    if (!record) throw notFound(subscriptionMessages.planNotFound);
    if (!record.active) throw conflict(subscriptionMessages.planInactive);
    return {
      planId,
      planCode: record.code,
      planName: record.name,
      period,
      amount: period === 'Monthly' ? record.monthlyPrice : record.yearlyPrice,
    };
  };

  const providerFailure = (error: unknown): never => {
    if (error instanceof ProviderDeclined) throw conflict(subscriptionMessages.paymentFailed(error.message));
    if (error instanceof ProviderUnavailable)
      throw new HttpError(503, subscriptionMessages.providerUnavailable);
    throw error;
  };

  // ---- plans (simple-rest resource `subscription-plan`; reads are on the query side) ----

  app.post('/api/subscription-plan', async (request, reply) => {
    requireRole(request, 'Admin', 'Developer');
    const input = parseInput(SubscriptionPlanInputSchema, request.body);
    const id = await nextId(deps.knex, 'SubscriptionPlan');
    const handled = await handleCommand(deps.store, {
      stream: streamName('SubscriptionPlan', id),
      decider: planDecider,
      command: { type: 'CreatePlan', id, ...input },
      meta: metaOf(request),
    });
    await awaitProjections(deps, reply, handled);
    return reply
      .status(201)
      .send((await answerPlan(reply, id)) ?? { id, ...input, version: handled.revision });
  });

  app.put('/api/subscription-plan/:id', async (request, reply) => {
    requireRole(request, 'Admin', 'Developer');
    const { id } = parseInput(Params, request.params);
    const changes = parseInput(SubscriptionPlanUpdateSchema, request.body);
    const handled = await handleCommand(deps.store, {
      stream: streamName('SubscriptionPlan', id),
      decider: planDecider,
      command: { type: 'UpdatePlan', changes },
      meta: metaOf(request),
      ifMatch: parseIfMatch(request.headers['if-match']),
    });
    await awaitProjections(deps, reply, handled);
    return (await answerPlan(reply, id)) ?? { id };
  });

  app.delete('/api/subscription-plan/:id', async (request, reply) => {
    requireRole(request, 'Admin', 'Developer');
    const { id } = parseInput(Params, request.params);
    const before = await plan(id);
    const handled = await handleCommand(deps.store, {
      stream: streamName('SubscriptionPlan', id),
      decider: planDecider,
      command: { type: 'DeletePlan' },
      meta: metaOf(request),
      ifMatch: parseIfMatch(request.headers['if-match']),
    });
    await awaitProjections(deps, reply, handled);
    return before ?? { id };
  });

  // ---- subscribing ----

  app.post('/api/subscription/checkout', async (request) => {
    const principal = principalOf(request);
    const input = parseInput(CheckoutSchema, request.body);
    const terms = await termsOf(input.planId, input.period);
    if (!mayHold(principal, terms.planCode)) throw conflict(subscriptionMessages.planNotForYou);
    const answer: CheckoutAnswer = {
      provider: provider.name,
      clientKey: provider.clientKey,
      customerKey: customerKeyOf(principal.userId),
      amount: terms.amount,
      orderName: orderNameOf(terms),
    };
    return answer;
  });

  /** The sandbox's card form (테스트 모드): only the documented test cards; the number is never kept. */
  app.post('/api/billing/sandbox/card', { bodyLimit: 4096 }, async (request) => {
    const principal = principalOf(request);
    if (!(provider instanceof SandboxProvider)) throw notFound();
    const input = parseInput(
      z.object({ cardNumber: z.string().max(30), customerKey: z.string().max(300) }),
      request.body,
    );
    if (input.customerKey !== customerKeyOf(principal.userId))
      throw badRequest(subscriptionMessages.customerKeyMismatch);
    try {
      return await provider.registerCard(input.cardNumber.replace(/[\s-]/g, ''), input.customerKey);
    } catch (error) {
      if (error instanceof ProviderDeclined) throw badRequest(error.message, { cardNumber: error.message });
      throw error;
    }
  });

  app.post('/api/subscription', async (request, reply) => {
    const principal = principalOf(request);
    const input = parseInput(SubscribeSchema, request.body);
    if (input.customerKey !== customerKeyOf(principal.userId))
      throw badRequest(subscriptionMessages.customerKeyMismatch);
    const terms = await termsOf(input.planId, input.period);
    if (!mayHold(principal, terms.planCode)) throw conflict(subscriptionMessages.planNotForYou);
    const stream = subscriptionStream(principal.userId);
    // Refuse before the card is registered when a subscription is already running.
    const { state } = await loadState(deps.store, stream, subscriptionDecider);
    if (state.status === 'Pending' || state.status === 'Active' || state.status === 'PastDue')
      throw conflict(subscriptionMessages.alreadySubscribed);
    const issued = await provider.issueBillingKey(input.authKey, input.customerKey).catch(providerFailure);
    const meta = metaOf(request);
    const requested = await handleCommand(deps.store, {
      stream,
      decider: subscriptionDecider,
      command: {
        type: 'RequestSubscription',
        userId: principal.userId,
        provider: provider.name,
        billingKey: issued.billingKey,
        customerKey: input.customerKey,
        card: issued.card,
        terms,
      },
      meta,
    });
    const settled = await billing.settle(principal.userId, meta.now, meta);
    const positions = [requested.position, ...settled.positions].filter((p): p is string => p !== null);
    positions.push(...(await roles.applyRole(principal.userId, meta.correlationId)));
    await waitFor(reply, positions);
    if (settled.outcome === 'failed' || settled.outcome === 'expired')
      throw conflict(subscriptionMessages.paymentFailed(settled.declined ?? ''));
    const record = await mySubscription(principal.userId);
    return reply.status(settled.outcome === 'charged' ? 201 : 202).send(record ?? { id: principal.userId });
  });

  // ---- the subscriber's own subscription ----

  /** Runs one command on the caller's subscription, keeping the position to wait for. */
  const runOn = (principal: Principal, meta: CommandMeta, positions: string[]) => {
    const stream = subscriptionStream(principal.userId);
    return async (command: Parameters<typeof subscriptionDecider.decide>[0]) => {
      const handled = await handleCommand(deps.store, {
        stream,
        decider: subscriptionDecider,
        command,
        meta,
      });
      if (handled.position) positions.push(handled.position);
    };
  };
  /** The plan and period from the next period on; what is not given stays as it will be. */
  const changePlan = async (
    principal: Principal,
    input: { planId?: number | undefined; period?: PlanTerms['period'] | undefined },
    run: ReturnType<typeof runOn>,
  ) => {
    const { state } = await loadState(deps.store, subscriptionStream(principal.userId), subscriptionDecider);
    if (!('terms' in state)) throw notFound(subscriptionMessages.noSubscription);
    const current = state.nextTerms ?? state.terms;
    const terms = await termsOf(input.planId ?? current.planId, input.period ?? current.period);
    if (!mayHold(principal, terms.planCode)) throw conflict(subscriptionMessages.planNotForYou);
    await run({ type: 'ChangePlan', terms });
  };

  app.put('/api/my-subscription', async (request, reply) => {
    const principal = requireRouteAccess(request, 'my-subscription');
    const input = parseInput(MySubscriptionUpdateSchema, request.body);
    const stream = subscriptionStream(principal.userId);
    const positions: string[] = [];
    const run = runOn(principal, metaOf(request), positions);
    if (input.planId !== undefined || input.period !== undefined) await changePlan(principal, input, run);
    if (input.authKey !== undefined) {
      if (input.customerKey !== customerKeyOf(principal.userId))
        throw badRequest(subscriptionMessages.customerKeyMismatch);
      const { state } = await loadState(deps.store, stream, subscriptionDecider);
      if (!('terms' in state)) throw notFound(subscriptionMessages.noSubscription);
      const issued = await provider.issueBillingKey(input.authKey, input.customerKey).catch(providerFailure);
      await run({
        type: 'ChangeCard',
        billingKey: issued.billingKey,
        customerKey: input.customerKey,
        card: issued.card,
      });
    }
    if (input.cancelAtPeriodEnd !== undefined)
      await run({ type: 'SetCancelAtPeriodEnd', cancel: input.cancelAtPeriodEnd });
    await waitFor(reply, positions);
    const record = await mySubscription(principal.userId);
    if (!record) throw notFound(subscriptionMessages.noSubscription);
    return record;
  });

  /**
   * The plans page's 변경: any subscriber changes their own plan from the next period on. Business
   * accounts have no my-subscription screen, and still choose between their plans.
   */
  app.put('/api/subscription/current', async (request, reply) => {
    const principal = principalOf(request);
    const input = parseInput(CheckoutSchema, request.body);
    const positions: string[] = [];
    await changePlan(principal, input, runOn(principal, metaOf(request), positions));
    await waitFor(reply, positions);
    return reply.status(204).send();
  });

  // ---- operators ----

  /**
   * Takes a refund's number before the provider is asked. Another refund that took it at the same
   * moment (another amount) is a 409: answering 200 would claim a refund the provider never made.
   * The same refund sent again (same number and amount, so the same key) goes on: the provider
   * answers it with the refund already made and the record is written once.
   */
  const reserveRefund = async (
    paymentId: number,
    refundNo: number,
    amount: number,
    idempotencyKey: string,
  ) => {
    const taken = await deps
      .knex(REFUND_ATTEMPTS)
      .insert({ paymentId, refundNo, amount, idempotencyKey })
      .onConflict(['paymentId', 'refundNo'])
      .ignore()
      .returning('refundNo');
    if (taken.length > 0) return;
    const held = await deps.knex(REFUND_ATTEMPTS).where({ paymentId, refundNo }).first('idempotencyKey');
    if (held?.idempotencyKey !== idempotencyKey) throw conflict(subscriptionMessages.refundInProgress);
  };

  app.post('/api/subscription/payment/:id/refund', async (request, reply) => {
    requireRouteAccess(request, 'subscription/payment');
    const { id } = parseInput(PaymentParams, request.params);
    const input = parseInput(RefundSchema, request.body);
    const payment = await deps
      .knex(PAYMENTS)
      .where({ id })
      .first<{ userId: number; paymentKey: string } | undefined>('userId', 'paymentKey');
    if (!payment) throw notFound(subscriptionMessages.paymentNotFound);
    const stream = subscriptionStream(payment.userId);
    const { state } = await loadState(deps.store, stream, subscriptionDecider);
    const planned = planRefund(state, id, input.amount);
    const full = planned.amount === state.payments[id]!.amount - state.payments[id]!.refunded;
    const idempotencyKey = refundKeyOf(id, planned.refundNo, planned.amount);
    await reserveRefund(id, planned.refundNo, planned.amount, idempotencyKey);
    await provider
      .cancel(
        payment.paymentKey,
        full && planned.refundNo === 1
          ? { cancelReason: input.reason }
          : { cancelReason: input.reason, cancelAmount: planned.amount },
        idempotencyKey,
      )
      .catch(async (error) => {
        // Not made: the number is free again for the next attempt.
        await deps.knex(REFUND_ATTEMPTS).where({ paymentId: id, idempotencyKey }).delete();
        return providerFailure(error);
      });
    const meta = metaOf(request);
    const handled = await handleCommand(deps.store, {
      stream,
      decider: subscriptionDecider,
      command: {
        type: 'RecordRefund',
        paymentId: id,
        amount: planned.amount,
        refundNo: planned.refundNo,
        reason: input.reason,
        cancelledAt: meta.now.toISOString(),
        endSubscription: input.endSubscription,
      },
      meta,
    });
    const positions = handled.position ? [handled.position] : [];
    if (input.endSubscription) positions.push(...(await roles.applyRole(payment.userId, meta.correlationId)));
    await waitFor(reply, positions);
    return deps.knex(PAYMENTS).where({ id }).first();
  });

  app.post('/api/billing/run', async (request, reply) => {
    requireRole(request, 'Admin');
    const input = parseInput(BillingRunSchema, request.body ?? {});
    if (input.asOf && deps.config.production) throw badRequest(subscriptionMessages.asOfInProduction);
    const meta = metaOf(request);
    const asOf = input.asOf ? new Date(input.asOf) : meta.now;
    const result = await billing.runDue(asOf, { ...meta, now: asOf });
    const positions = [...result.positions];
    for (const userId of result.settledUsers)
      positions.push(...(await roles.applyRole(userId, meta.correlationId)));
    await waitFor(reply, positions);
    return { charged: result.charged, failed: result.failed, expired: result.expired };
  });

  /**
   * The provider's notice of a payment. The body is only a hint: the payment is fetched again from
   * the provider and recorded if it is the pending order of a subscription. Always 200 for what we
   * cannot use, so a malformed or foreign notice is neither an error nor retried forever.
   */
  app.post(
    '/api/payment/webhook',
    { config: { public: true }, bodyLimit: 64 * 1024 },
    async (request, reply) => {
      const paymentKey = paymentKeyIn(request.body);
      if (!paymentKey) return reply.send({ received: true });
      let payment: Awaited<ReturnType<PaymentProvider['getPayment']>>;
      try {
        payment = await provider.getPayment(paymentKey);
      } catch (error) {
        if (error instanceof ProviderUnavailable)
          return reply.status(503).send({ status: 503, message: subscriptionMessages.providerUnavailable });
        if (error instanceof ProviderDeclined) return reply.send({ received: true });
        throw error;
      }
      const userId = /^sub-(\d{1,10})-\d+-\d+-\d+$/.exec(payment?.orderId ?? '')?.[1];
      if (!payment || !userId || !['DONE', 'CANCELED', 'PARTIAL_CANCELED'].includes(payment.status))
        return reply.send({ received: true });
      const stream = subscriptionStream(Number(userId));
      const { state } = await loadState(deps.store, stream, subscriptionDecider);
      if (
        !('pending' in state) ||
        state.pending?.orderId !== payment.orderId ||
        state.pending.amount !== payment.totalAmount
      )
        return reply.send({ received: true });
      const meta: CommandMeta = { ...metaOf(request), actorId: null };
      const positions = await billing.recordPaid(stream, payment, meta);
      positions.push(...(await roles.applyRole(Number(userId), meta.correlationId)));
      await waitFor(reply, positions);
      return reply.send({ received: true });
    },
  );
}

/** `paymentKey` of Toss's webhook bodies (`{data: {paymentKey}}`) or a bare `{paymentKey}`. */
function paymentKeyIn(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as { paymentKey?: unknown; data?: { paymentKey?: unknown } | null };
  const key = typeof b.data === 'object' && b.data !== null ? b.data.paymentKey : b.paymentKey;
  return typeof key === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(key) ? key : null;
}
