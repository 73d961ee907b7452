import {
  type SubscriptionEvent,
  SubscriptionEventSchemas,
  type SubscriptionPlanEvent,
  SubscriptionPlanEventSchemas,
} from '@interior/contracts';
import type { StoredEvent } from '@interior/platform';
import { defineProjection, occurredAt } from '../projection';

/** The `subscription-plan` resource: plans as the public page and the Admin screens show them. */
export const subscriptionPlansProjection = defineProjection({
  name: 'subscription_plans',
  version: 1,
  handles: Object.keys(SubscriptionPlanEventSchemas),
  tables: {
    subscription_plans: (t) => {
      t.integer('id').primary();
      t.text('code').notNullable();
      t.text('name').notNullable();
      t.integer('monthlyPrice').notNullable();
      t.integer('yearlyPrice').notNullable();
      t.jsonb('features').notNullable();
      t.boolean('active').notNullable();
      t.timestamp('registered', { useTz: true }).notNullable();
      t.integer('registeredBy');
      t.timestamp('updated', { useTz: true });
      t.integer('updatedBy');
      t.integer('version').notNullable();
    },
  },
  async apply(trx, stored, tables) {
    const table = tables.subscription_plans;
    const event = stored as StoredEvent & SubscriptionPlanEvent;
    const id = Number(stored.stream.slice('SubscriptionPlan-'.length));
    switch (event.type) {
      case 'SubscriptionPlanCreated':
        await trx(table)
          .insert({
            ...event.data,
            features: JSON.stringify(event.data.features),
            registered: occurredAt(stored),
            registeredBy: stored.metadata.actorId,
            version: stored.revision,
          })
          .onConflict('id')
          .ignore();
        return;
      case 'SubscriptionPlanUpdated': {
        const { features, ...rest } = event.data;
        await trx(table)
          .where({ id })
          .update({
            ...rest,
            ...(features ? { features: JSON.stringify(features) } : {}),
            updated: occurredAt(stored),
            updatedBy: stored.metadata.actorId,
            version: stored.revision,
          });
        return;
      }
      case 'SubscriptionPlanDeleted':
        await trx(table).where({ id }).delete();
        return;
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  },
});

/**
 * Subscriptions (one row per subscriber: `my-subscription`), orders (one per charge attempt:
 * `subscription/order`) and payments (one per approved charge: `subscription/payment`,
 * `my-payment`). Billing keys are never copied here.
 */
export const subscriptionsProjection = defineProjection({
  name: 'subscriptions',
  version: 1,
  handles: Object.keys(SubscriptionEventSchemas),
  tables: {
    subscriptions: (t) => {
      t.integer('id').primary();
      t.integer('userId').notNullable();
      t.text('status').notNullable();
      t.integer('planId').notNullable();
      t.text('planCode').notNullable();
      t.text('planName').notNullable();
      t.text('period').notNullable();
      t.integer('amount').notNullable();
      t.boolean('cancelAtPeriodEnd').notNullable().defaultTo(false);
      t.timestamp('currentPeriodStart', { useTz: true });
      t.timestamp('currentPeriodEnd', { useTz: true });
      /** When the next charge (renewal or retry) or the end of a cancelled plan is due. */
      t.timestamp('dueAt', { useTz: true });
      t.text('pendingOrderId');
      t.integer('failedAttempts').notNullable().defaultTo(0);
      t.integer('nextPlanId');
      t.text('nextPlanName');
      t.text('nextPeriod');
      t.integer('nextAmount');
      t.text('cardCompany');
      t.text('cardLast4');
      t.text('provider').notNullable();
      t.text('endReason');
      t.timestamp('registered', { useTz: true }).notNullable();
      t.timestamp('updated', { useTz: true });
      t.integer('version').notNullable();
      t.index(['status', 'dueAt']);
    },
    subscription_orders: (t) => {
      t.text('id').primary();
      t.integer('userId').notNullable();
      t.integer('periodNo').notNullable();
      t.integer('attempt').notNullable();
      t.integer('planId').notNullable();
      t.text('planName').notNullable();
      t.text('period').notNullable();
      t.text('orderName').notNullable();
      t.integer('amount').notNullable();
      t.text('status').notNullable();
      t.text('failureCode');
      t.text('failureMessage');
      t.integer('paymentId');
      t.timestamp('registered', { useTz: true }).notNullable();
      t.timestamp('updated', { useTz: true });
      t.index(['userId']);
      t.index(['registered']);
    },
    subscription_payments: (t) => {
      t.integer('id').primary();
      t.text('orderId').notNullable().unique();
      t.integer('userId').notNullable();
      t.text('paymentKey').notNullable();
      t.text('orderName').notNullable();
      t.text('planName').notNullable();
      t.text('period').notNullable();
      t.integer('amount').notNullable();
      t.integer('refundedAmount').notNullable().defaultTo(0);
      t.text('status').notNullable();
      t.timestamp('approvedAt', { useTz: true }).notNullable();
      t.timestamp('periodStart', { useTz: true }).notNullable();
      t.timestamp('periodEnd', { useTz: true }).notNullable();
      t.text('receiptUrl');
      t.text('cardCompany');
      t.text('cardLast4');
      t.jsonb('refunds').notNullable().defaultTo('[]');
      t.timestamp('registered', { useTz: true }).notNullable();
      t.index(['userId']);
      t.index(['approvedAt']);
    },
  },
  async apply(trx, stored, tables) {
    const subs = tables.subscriptions;
    const orders = tables.subscription_orders;
    const payments = tables.subscription_payments;
    const event = stored as StoredEvent & SubscriptionEvent;
    const id = Number(stored.stream.slice('Subscription-'.length));
    const at = occurredAt(stored);
    const touch = { updated: at, version: stored.revision };
    switch (event.type) {
      case 'SubscriptionRequested': {
        const d = event.data;
        const row = {
          userId: d.userId,
          status: 'Pending',
          planId: d.planId,
          planCode: d.planCode,
          planName: d.planName,
          period: d.period,
          amount: d.amount,
          cancelAtPeriodEnd: false,
          currentPeriodStart: null,
          currentPeriodEnd: null,
          dueAt: null,
          pendingOrderId: null,
          failedAttempts: 0,
          nextPlanId: null,
          nextPlanName: null,
          nextPeriod: null,
          nextAmount: null,
          cardCompany: d.card.company,
          cardLast4: d.card.last4,
          provider: d.provider,
          endReason: null,
          registered: at,
          ...touch,
        };
        await trx(subs)
          .insert({ id, ...row })
          .onConflict('id')
          .merge(row);
        return;
      }
      case 'SubscriptionChargeStarted': {
        const d = event.data;
        await trx(orders)
          .insert({
            id: d.orderId,
            userId: id,
            periodNo: d.periodNo,
            attempt: d.attempt,
            planId: d.terms.planId,
            planName: d.terms.planName,
            period: d.terms.period,
            orderName: d.orderName,
            amount: d.amount,
            status: 'Pending',
            registered: at,
          })
          .onConflict('id')
          .ignore();
        await trx(subs)
          .where({ id })
          .update({ pendingOrderId: d.orderId, ...touch });
        return;
      }
      case 'SubscriptionCharged': {
        const d = event.data;
        await trx(orders)
          .where({ id: d.orderId })
          .update({ status: 'Paid', paymentId: d.paymentId, updated: at });
        await trx(payments)
          .insert({
            id: d.paymentId,
            orderId: d.orderId,
            userId: id,
            paymentKey: d.paymentKey,
            orderName: `${d.terms.planName} ${d.terms.period === 'Monthly' ? '월간' : '연간'} 구독`,
            planName: d.terms.planName,
            period: d.terms.period,
            amount: d.amount,
            status: 'Paid',
            approvedAt: new Date(d.approvedAt),
            periodStart: new Date(d.periodStart),
            periodEnd: new Date(d.periodEnd),
            receiptUrl: d.receiptUrl,
            cardCompany: d.card.company,
            cardLast4: d.card.last4,
            registered: at,
          })
          .onConflict('id')
          .ignore();
        await trx(subs)
          .where({ id })
          .update({
            status: 'Active',
            planId: d.terms.planId,
            planCode: d.terms.planCode,
            planName: d.terms.planName,
            period: d.terms.period,
            amount: d.terms.amount,
            currentPeriodStart: new Date(d.periodStart),
            currentPeriodEnd: new Date(d.periodEnd),
            dueAt: new Date(d.periodEnd),
            pendingOrderId: null,
            failedAttempts: 0,
            nextPlanId: null,
            nextPlanName: null,
            nextPeriod: null,
            nextAmount: null,
            ...(d.card.last4 ? { cardCompany: d.card.company, cardLast4: d.card.last4 } : {}),
            ...touch,
          });
        return;
      }
      case 'SubscriptionChargeFailed': {
        const d = event.data;
        await trx(orders)
          .where({ id: d.orderId })
          .update({ status: 'Failed', failureCode: d.code, failureMessage: d.message, updated: at });
        const row = await trx(subs).where({ id }).first('status');
        await trx(subs)
          .where({ id })
          .update({
            status: row?.status === 'Pending' ? 'Pending' : 'PastDue',
            pendingOrderId: null,
            failedAttempts: d.attempt,
            dueAt: d.nextRetryAt ? new Date(d.nextRetryAt) : null,
            ...touch,
          });
        return;
      }
      case 'SubscriptionExpired':
        await trx(subs)
          .where({ id })
          .update({
            status: 'Expired',
            dueAt: null,
            pendingOrderId: null,
            endReason: event.data.reason,
            ...touch,
          });
        return;
      case 'SubscriptionCancelScheduled':
      case 'SubscriptionResumed':
        await trx(subs)
          .where({ id })
          .update({ cancelAtPeriodEnd: event.type === 'SubscriptionCancelScheduled', ...touch });
        return;
      case 'SubscriptionPlanChangeScheduled':
        await trx(subs)
          .where({ id })
          .update({
            nextPlanId: event.data.planId,
            nextPlanName: event.data.planName,
            nextPeriod: event.data.period,
            nextAmount: event.data.amount,
            ...touch,
          });
        return;
      case 'SubscriptionCardChanged':
        await trx(subs)
          .where({ id })
          .update({ cardCompany: event.data.card.company, cardLast4: event.data.card.last4, ...touch });
        return;
      case 'SubscriptionPaymentRefunded': {
        const d = event.data;
        const row = await trx(payments)
          .where({ id: d.paymentId })
          .first('amount', 'refundedAmount', 'refunds');
        if (!row) return;
        const refundedAmount = row.refundedAmount + d.amount;
        await trx(payments)
          .where({ id: d.paymentId })
          .update({
            refundedAmount,
            status: refundedAmount >= row.amount ? 'Refunded' : 'PartiallyRefunded',
            refunds: JSON.stringify([
              ...row.refunds,
              { refundNo: d.refundNo, amount: d.amount, reason: d.reason, at: d.cancelledAt },
            ]),
          });
        await trx(subs).where({ id }).update(touch);
        return;
      }
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  },
});
