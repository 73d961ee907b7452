import {
  billingPeriodLabels,
  type Card,
  type PlanTerms,
  type SubscriptionEvent,
  subscriptionMessages,
} from '@interior/contracts';
import { domainNotFound, ruleBroken } from '@interior/platform';
import { addDays, addMonths, addYears } from 'date-fns';
import type { Decider } from '../decider';

/** A charge asked of the provider and not yet answered (a crash leaves it here). */
export interface PendingCharge {
  orderId: string;
  orderName: string;
  amount: number;
  periodNo: number;
  attempt: number;
  terms: PlanTerms;
}

interface PaymentEntry {
  amount: number;
  refunded: number;
  refunds: number;
}

interface Common {
  term: number;
  payments: Record<number, PaymentEntry>;
  chargedOrders: string[];
}

export interface LiveSubscription extends Common {
  status: 'Pending' | 'Active' | 'PastDue';
  userId: number;
  provider: string;
  billingKey: string;
  customerKey: string;
  card: Card;
  terms: PlanTerms;
  nextTerms: PlanTerms | null;
  cancelAtPeriodEnd: boolean;
  periodNo: number;
  periodStart: string | null;
  periodEnd: string | null;
  pending: PendingCharge | null;
  nextRetryAt: string | null;
  /** Attempts that failed for the period now due. */
  failedAttempts: number;
}

export type SubscriptionState = (Common & { status: 'None' | 'Expired' }) | LiveSubscription;

/** Retries after a failed renewal, counted from the day it was due. */
export const RETRY_AFTER_DAYS = [1, 3, 7] as const;

export const orderIdOf = (userId: number, term: number, periodNo: number, attempt: number) =>
  `sub-${userId}-${term}-${periodNo}-${attempt}`;
/**
 * The provider's idempotency key of a refund: bound to its number and its amount, so a retry of
 * the same refund is answered with it and a different refund never reuses its key.
 */
export const refundKeyOf = (paymentId: number, refundNo: number, amount: number) =>
  `refund-${paymentId}-${refundNo}-${amount}`;
export const orderNameOf = (terms: PlanTerms) =>
  `${terms.planName} ${billingPeriodLabels[terms.period]} 구독`;

export const periodEndOf = (start: Date, period: PlanTerms['period']) =>
  period === 'Monthly' ? addMonths(start, 1) : addYears(start, 1);

export const isLive = (state: SubscriptionState): state is LiveSubscription =>
  state.status === 'Pending' || state.status === 'Active' || state.status === 'PastDue';

export type SubscriptionCommand =
  | {
      type: 'RequestSubscription';
      userId: number;
      provider: string;
      billingKey: string;
      customerKey: string;
      card: Card;
      terms: PlanTerms;
    }
  /** Whatever is due at `now`: the first charge, a renewal, a retry, or the end of a cancelled plan. */
  | { type: 'RunDue'; now: Date }
  | {
      type: 'RecordCharged';
      orderId: string;
      paymentId: number;
      paymentKey: string;
      amount: number;
      approvedAt: string;
      receiptUrl: string | null;
      card: Card | null;
    }
  | { type: 'RecordChargeFailed'; orderId: string; code: string; message: string }
  | { type: 'SetCancelAtPeriodEnd'; cancel: boolean }
  | { type: 'ChangePlan'; terms: PlanTerms }
  | { type: 'ChangeCard'; billingKey: string; customerKey: string; card: Card }
  | {
      type: 'RecordRefund';
      paymentId: number;
      amount: number;
      refundNo: number;
      reason: string;
      cancelledAt: string;
      endSubscription: boolean;
    };

export const initialSubscriptionState = (): SubscriptionState => ({
  status: 'None',
  term: 0,
  payments: {},
  chargedOrders: [],
});

function common(state: SubscriptionState): Common {
  return { term: state.term, payments: state.payments, chargedOrders: state.chargedOrders };
}

export function evolveSubscription(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  switch (event.type) {
    case 'SubscriptionRequested': {
      const { userId, term, provider, billingKey, customerKey, card, ...terms } = event.data;
      return {
        ...common(state),
        term,
        status: 'Pending',
        userId,
        provider,
        billingKey,
        customerKey,
        card,
        terms,
        nextTerms: null,
        cancelAtPeriodEnd: false,
        periodNo: 0,
        periodStart: null,
        periodEnd: null,
        pending: null,
        nextRetryAt: null,
        failedAttempts: 0,
      };
    }
    case 'SubscriptionChargeStarted':
      return isLive(state) ? { ...state, pending: { ...event.data } } : state;
    case 'SubscriptionCharged': {
      const payments = {
        ...state.payments,
        [event.data.paymentId]: { amount: event.data.amount, refunded: 0, refunds: 0 },
      };
      const chargedOrders = [...state.chargedOrders, event.data.orderId];
      if (!isLive(state)) return { ...state, payments, chargedOrders };
      return {
        ...state,
        payments,
        chargedOrders,
        status: 'Active',
        terms: event.data.terms,
        nextTerms: null,
        card: { ...state.card, ...event.data.card },
        periodNo: event.data.periodNo,
        periodStart: event.data.periodStart,
        periodEnd: event.data.periodEnd,
        pending: null,
        nextRetryAt: null,
        failedAttempts: 0,
      };
    }
    case 'SubscriptionChargeFailed':
      return isLive(state)
        ? {
            ...state,
            pending: null,
            status: state.status === 'Pending' ? 'Pending' : 'PastDue',
            nextRetryAt: event.data.nextRetryAt,
            failedAttempts: event.data.attempt,
          }
        : state;
    case 'SubscriptionExpired':
      return { ...common(state), status: 'Expired' };
    case 'SubscriptionCancelScheduled':
      return isLive(state) ? { ...state, cancelAtPeriodEnd: true } : state;
    case 'SubscriptionResumed':
      return isLive(state) ? { ...state, cancelAtPeriodEnd: false } : state;
    case 'SubscriptionPlanChangeScheduled':
      return isLive(state) ? { ...state, nextTerms: event.data } : state;
    case 'SubscriptionCardChanged':
      return isLive(state)
        ? {
            ...state,
            billingKey: event.data.billingKey,
            customerKey: event.data.customerKey,
            card: event.data.card,
          }
        : state;
    case 'SubscriptionPaymentRefunded': {
      const entry = state.payments[event.data.paymentId];
      if (!entry) return state;
      return {
        ...state,
        payments: {
          ...state.payments,
          [event.data.paymentId]: {
            ...entry,
            refunded: entry.refunded + event.data.amount,
            refunds: event.data.refundNo,
          },
        },
      };
    }
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

function live(state: SubscriptionState): LiveSubscription {
  if (!isLive(state)) throw domainNotFound(subscriptionMessages.noSubscription);
  return state;
}

function startCharge(state: LiveSubscription, periodNo: number, attempt: number): SubscriptionEvent {
  const terms = periodNo > state.periodNo && state.nextTerms ? state.nextTerms : state.terms;
  return {
    type: 'SubscriptionChargeStarted',
    data: {
      orderId: orderIdOf(state.userId, state.term, periodNo, attempt),
      orderName: orderNameOf(terms),
      amount: terms.amount,
      periodNo,
      attempt,
      terms,
    },
  };
}

/** What a refund of a payment would be now: its amount (the rest when not given) and number. */
export function planRefund(state: SubscriptionState, paymentId: number, amount: number | undefined) {
  const entry = state.payments[paymentId];
  if (!entry) throw domainNotFound(subscriptionMessages.paymentNotFound);
  const remaining = entry.amount - entry.refunded;
  if (remaining <= 0) throw ruleBroken(subscriptionMessages.alreadyRefunded);
  const refund = amount ?? remaining;
  if (refund > remaining) throw ruleBroken(subscriptionMessages.refundTooLarge);
  return { amount: refund, refundNo: entry.refunds + 1 };
}

export function decideSubscription(
  command: SubscriptionCommand,
  state: SubscriptionState,
): SubscriptionEvent[] {
  switch (command.type) {
    case 'RequestSubscription': {
      if (isLive(state)) throw ruleBroken(subscriptionMessages.alreadySubscribed);
      const { type: _type, terms, ...rest } = command;
      return [{ type: 'SubscriptionRequested', data: { ...rest, ...terms, term: state.term + 1 } }];
    }
    case 'RunDue': {
      if (!isLive(state) || state.pending) return [];
      if (state.status === 'Pending') return state.periodNo === 0 ? [startCharge(state, 1, 1)] : [];
      const now = command.now.getTime();
      if (state.status === 'Active') {
        if (!state.periodEnd || now < Date.parse(state.periodEnd)) return [];
        if (state.cancelAtPeriodEnd) return [{ type: 'SubscriptionExpired', data: { reason: 'Cancelled' } }];
        return [startCharge(state, state.periodNo + 1, 1)];
      }
      // PastDue: the next retry, once its day has come; cancelling while past due ends it then.
      if (!state.nextRetryAt || now < Date.parse(state.nextRetryAt)) return [];
      if (state.cancelAtPeriodEnd) return [{ type: 'SubscriptionExpired', data: { reason: 'Cancelled' } }];
      return [startCharge(state, state.periodNo + 1, state.failedAttempts + 1)];
    }
    case 'RecordCharged': {
      if (state.chargedOrders.includes(command.orderId)) return [];
      if (!isLive(state) || state.pending?.orderId !== command.orderId) return [];
      const pending = state.pending;
      // A renewal keeps its anchor: the new period starts where the paid one ended, even when it was
      // paid on a retry days later.
      const start =
        pending.periodNo === 1 || !state.periodEnd ? new Date(command.approvedAt) : new Date(state.periodEnd);
      return [
        {
          type: 'SubscriptionCharged',
          data: {
            orderId: command.orderId,
            paymentId: command.paymentId,
            paymentKey: command.paymentKey,
            amount: command.amount,
            approvedAt: command.approvedAt,
            receiptUrl: command.receiptUrl,
            periodNo: pending.periodNo,
            periodStart: start.toISOString(),
            periodEnd: periodEndOf(start, pending.terms.period).toISOString(),
            terms: pending.terms,
            card: command.card ?? state.card,
          },
        },
      ];
    }
    case 'RecordChargeFailed': {
      if (!isLive(state) || state.pending?.orderId !== command.orderId) return [];
      const attempt = state.pending.attempt;
      const failure = { orderId: command.orderId, code: command.code, message: command.message, attempt };
      if (state.status === 'Pending') {
        return [
          { type: 'SubscriptionChargeFailed', data: { ...failure, nextRetryAt: null } },
          { type: 'SubscriptionExpired', data: { reason: 'FirstChargeFailed' } },
        ];
      }
      const days = RETRY_AFTER_DAYS[attempt - 1];
      if (days === undefined || !state.periodEnd) {
        return [
          { type: 'SubscriptionChargeFailed', data: { ...failure, nextRetryAt: null } },
          { type: 'SubscriptionExpired', data: { reason: 'PaymentFailed' } },
        ];
      }
      const nextRetryAt = addDays(new Date(state.periodEnd), days).toISOString();
      return [{ type: 'SubscriptionChargeFailed', data: { ...failure, nextRetryAt } }];
    }
    case 'SetCancelAtPeriodEnd': {
      const s = live(state);
      if (s.status === 'Pending') throw ruleBroken(subscriptionMessages.chargeInProgress);
      if (s.cancelAtPeriodEnd === command.cancel) return [];
      return [{ type: command.cancel ? 'SubscriptionCancelScheduled' : 'SubscriptionResumed', data: {} }];
    }
    case 'ChangePlan': {
      const s = live(state);
      const same = (a: PlanTerms, b: PlanTerms) =>
        a.planId === b.planId && a.period === b.period && a.amount === b.amount;
      if (s.nextTerms && same(s.nextTerms, command.terms)) return [];
      if (!s.nextTerms && same(s.terms, command.terms)) throw ruleBroken(subscriptionMessages.samePlan);
      return [{ type: 'SubscriptionPlanChangeScheduled', data: command.terms }];
    }
    case 'ChangeCard': {
      live(state);
      const { type: _type, ...data } = command;
      return [{ type: 'SubscriptionCardChanged', data }];
    }
    case 'RecordRefund': {
      const entry = state.payments[command.paymentId];
      if (entry && command.refundNo <= entry.refunds) return [];
      const planned = planRefund(state, command.paymentId, command.amount);
      if (planned.refundNo !== command.refundNo) throw ruleBroken(subscriptionMessages.chargeInProgress);
      const events: SubscriptionEvent[] = [
        {
          type: 'SubscriptionPaymentRefunded',
          data: {
            paymentId: command.paymentId,
            amount: planned.amount,
            reason: command.reason,
            refundNo: command.refundNo,
            cancelledAt: command.cancelledAt,
          },
        },
      ];
      if (command.endSubscription && isLive(state))
        events.push({ type: 'SubscriptionExpired', data: { reason: 'Refunded' } });
      return events;
    }
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

export const subscriptionDecider: Decider<SubscriptionCommand, SubscriptionEvent, SubscriptionState> = {
  initialState: initialSubscriptionState,
  evolve: evolveSubscription,
  decide: decideSubscription,
};
