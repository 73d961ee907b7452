import {
  hasAnyRole,
  SubscriptionPlanId,
  subscriptionMessages,
  subscriptionPlanSortable,
} from '@interior/contracts';
import {
  etagOf,
  type ListDefinition,
  notFound,
  parseInput,
  principalOf,
  queryList,
  readRecord,
  requireRouteAccess,
  sendList,
} from '@interior/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { QueryServiceDeps } from '../deps';

export const subscriptionPlanList: ListDefinition = {
  resource: 'subscription-plan',
  table: 'subscription_plans',
  sortable: subscriptionPlanSortable,
  defaultSort: ['monthlyPrice', 'ASC'],
  filters: { code: 'text', name: 'text', active: 'boolean', monthlyPrice: 'integer', yearlyPrice: 'integer' },
  search: ['name'],
};

/**
 * What a visitor (or any non-operator) reads of a plan: what it is and costs. Who wrote it and when
 * are the operators' business.
 */
const publicPlanColumns = [
  'id',
  'code',
  'name',
  'monthlyPrice',
  'yearlyPrice',
  'features',
  'active',
] as const;
const publicPlanList: ListDefinition = { ...subscriptionPlanList, columns: publicPlanColumns };

const orderColumns = [
  'id',
  'userId',
  'periodNo',
  'attempt',
  'planId',
  'planName',
  'period',
  'orderName',
  'amount',
  'status',
  'failureCode',
  'failureMessage',
  'paymentId',
  'registered',
  'updated',
] as const;

export const subscriptionOrderList: ListDefinition = {
  resource: 'subscription/order',
  table: 'subscription_orders',
  sortable: [
    'id',
    'registered',
    'amount',
    'status',
    'userId',
    'planName',
    'orderName',
    'period',
    'failureMessage',
  ],
  defaultSort: ['registered', 'DESC'],
  filters: { status: 'text', userId: 'integer', planId: 'integer', period: 'text', registered: 'timestamp' },
  search: ['id', 'orderName'],
  columns: orderColumns,
};

const paymentColumns = [
  'id',
  'orderId',
  'userId',
  'paymentKey',
  'orderName',
  'planName',
  'period',
  'amount',
  'refundedAmount',
  'status',
  'approvedAt',
  'periodStart',
  'periodEnd',
  'receiptUrl',
  'cardCompany',
  'cardLast4',
  'refunds',
] as const;

export const subscriptionPaymentList: ListDefinition = {
  resource: 'subscription/payment',
  table: 'subscription_payments',
  sortable: [
    'id',
    'approvedAt',
    'amount',
    'refundedAmount',
    'status',
    'userId',
    'periodStart',
    'orderId',
    'orderName',
  ],
  defaultSort: ['approvedAt', 'DESC'],
  filters: {
    status: 'text',
    userId: 'integer',
    period: 'text',
    approvedAt: 'timestamp',
    periodStart: 'timestamp',
    amount: 'integer',
  },
  search: ['orderId', 'orderName'],
  columns: paymentColumns,
};

/** The subscriber's own receipts: the same rows, only theirs. */
export const myPaymentList: ListDefinition = { ...subscriptionPaymentList, resource: 'my-payment' };

const Params = z.object({ id: SubscriptionPlanId });
const PaymentParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const isOperator = (request: FastifyRequest) =>
  !!request.principal && hasAnyRole(request.principal.roles, ['Admin', 'Developer']);

/**
 * Reads of plans (anyone, signed in or not: the public /subscription page; retired plans only for
 * Admin and Developer), of one's own subscription and receipts, and the operators' lists.
 */
export function registerSubscriptionQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  app.get('/api/subscription-plan', { config: { public: true } }, async (request, reply) => {
    const operator = isOperator(request);
    const scope = operator ? undefined : (q: import('knex').Knex.QueryBuilder) => q.where('active', true);
    const result = await queryList(
      deps.knex,
      operator ? subscriptionPlanList : publicPlanList,
      request.query as Record<string, unknown>,
      scope,
    );
    return sendList(reply, subscriptionPlanList.resource, result);
  });

  app.get('/api/subscription-plan/:id', { config: { public: true } }, async (request, reply) => {
    const { id } = parseInput(Params, request.params);
    const record = await readRecord<{ active: boolean; version: number }>(
      deps.knex,
      'subscription_plans',
      id,
    );
    const operator = isOperator(request);
    if (!record || (!record.active && !operator)) throw notFound(subscriptionMessages.planNotFound);
    const shown = operator
      ? record
      : Object.fromEntries(
          publicPlanColumns.map((column) => [column, (record as Record<string, unknown>)[column]]),
        );
    return reply.header('etag', etagOf(record.version)).send(shown);
  });

  app.get('/api/my-subscription', async (request) => {
    const principal = requireRouteAccess(request, 'my-subscription');
    const record = await deps.knex('subscriptions').where({ id: principal.userId }).first();
    if (!record) throw notFound(subscriptionMessages.noSubscription);
    return record;
  });

  // Where the caller stands, for the plans page to mark their plan: any subscriber (business
  // accounts have no my-subscription screen), their own row only, without card or payment details.
  app.get('/api/subscription/current', async (request) => {
    const principal = principalOf(request);
    const record = await deps
      .knex('subscriptions')
      .where({ id: principal.userId })
      .first([
        'planId',
        'planName',
        'period',
        'status',
        'cancelAtPeriodEnd',
        'currentPeriodEnd',
        'nextPlanId',
        'nextPlanName',
        'nextPeriod',
      ]);
    if (!record) throw notFound(subscriptionMessages.noSubscription);
    return record;
  });

  app.get('/api/my-payment', async (request, reply) => {
    const principal = requireRouteAccess(request, 'my-payment');
    const result = await queryList(deps.knex, myPaymentList, request.query as Record<string, unknown>, (q) =>
      q.where('userId', principal.userId),
    );
    return sendList(reply, myPaymentList.resource, result);
  });

  app.get('/api/my-payment/:id', async (request) => {
    const principal = requireRouteAccess(request, 'my-payment');
    const { id } = parseInput(PaymentParams, request.params);
    const record = await deps
      .knex('subscription_payments')
      .where({ id, userId: principal.userId })
      .first([...paymentColumns]);
    if (!record) throw notFound(subscriptionMessages.paymentNotFound);
    return record;
  });

  app.get('/api/subscription/order', async (request, reply) => {
    requireRouteAccess(request, 'subscription/order');
    const result = await queryList(
      deps.knex,
      subscriptionOrderList,
      request.query as Record<string, unknown>,
    );
    return sendList(reply, subscriptionOrderList.resource, result);
  });

  app.get('/api/subscription/payment', async (request, reply) => {
    requireRouteAccess(request, 'subscription/payment');
    const result = await queryList(
      deps.knex,
      subscriptionPaymentList,
      request.query as Record<string, unknown>,
    );
    return sendList(reply, subscriptionPaymentList.resource, result);
  });

  app.get('/api/subscription/payment/:id', async (request) => {
    requireRouteAccess(request, 'subscription/payment');
    const { id } = parseInput(PaymentParams, request.params);
    const record = await deps
      .knex('subscription_payments')
      .where({ id })
      .first([...paymentColumns]);
    if (!record) throw notFound(subscriptionMessages.paymentNotFound);
    return record;
  });
}
