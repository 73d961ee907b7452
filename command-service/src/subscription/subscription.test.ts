import {
  messages,
  type PlanTerms,
  type Role,
  type SubscriptionEvent,
  subscriptionMessages,
  type UserEvent,
} from '@interior/contracts';
import { deciderSpec } from '../testing/given-when-then';
import { userDecider } from '../user/decide';
import { planDecider } from './plan';
import { orderIdOf, subscriptionDecider } from './subscription';

const pro: PlanTerms = {
  planId: 1,
  planCode: 'PersonalPro',
  planName: '개인 프로',
  period: 'Monthly',
  amount: 14_900,
};
const business: PlanTerms = {
  planId: 2,
  planCode: 'BusinessPro',
  planName: '비즈니스 프로',
  period: 'Yearly',
  amount: 490_000,
};
const card = { company: '신한', last4: '1234' };

const requested: SubscriptionEvent = {
  type: 'SubscriptionRequested',
  data: { userId: 7, term: 1, provider: 'toss', billingKey: 'bk1', customerKey: 'cus_7', card, ...pro },
};
const started = (periodNo: number, attempt: number, terms = pro): SubscriptionEvent => ({
  type: 'SubscriptionChargeStarted',
  data: {
    orderId: orderIdOf(7, 1, periodNo, attempt),
    orderName: `${terms.planName} ${terms.period === 'Monthly' ? '월간' : '연간'} 구독`,
    amount: terms.amount,
    periodNo,
    attempt,
    terms,
  },
});
const charged = (
  periodNo: number,
  attempt: number,
  start: string,
  end: string,
  paymentId = periodNo,
): SubscriptionEvent => ({
  type: 'SubscriptionCharged',
  data: {
    orderId: orderIdOf(7, 1, periodNo, attempt),
    paymentId,
    paymentKey: `pk${paymentId}`,
    amount: pro.amount,
    approvedAt: start,
    receiptUrl: null,
    periodNo,
    periodStart: start,
    periodEnd: end,
    terms: pro,
    card,
  },
});
const failed = (periodNo: number, attempt: number, nextRetryAt: string | null): SubscriptionEvent => ({
  type: 'SubscriptionChargeFailed',
  data: {
    orderId: orderIdOf(7, 1, periodNo, attempt),
    code: 'REJECT_CARD_COMPANY',
    message: '거절',
    attempt,
    nextRetryAt,
  },
});

const spec = deciderSpec(subscriptionDecider);
const active = [
  requested,
  started(1, 1),
  charged(1, 1, '2026-01-31T00:00:00.000Z', '2026-02-28T00:00:00.000Z'),
];

describe('subscription decider', () => {
  it('requests a subscription and starts the first charge at once', () => {
    spec
      .given([])
      .when({
        type: 'RequestSubscription',
        userId: 7,
        provider: 'toss',
        billingKey: 'bk1',
        customerKey: 'cus_7',
        card,
        terms: pro,
      })
      .thenEvents([requested]);
    spec
      .given([requested])
      .when({ type: 'RunDue', now: new Date('2026-01-31') })
      .thenEvents([started(1, 1)]);
  });

  it('refuses a second subscription while one runs', () => {
    spec
      .given(active)
      .when({
        type: 'RequestSubscription',
        userId: 7,
        provider: 'toss',
        billingKey: 'b',
        customerKey: 'c',
        card,
        terms: pro,
      })
      .thenThrows('RuleBroken', subscriptionMessages.alreadySubscribed);
  });

  it('records the first payment once, the period clamped to the month (Jan 31 → Feb 28)', () => {
    const command = {
      type: 'RecordCharged' as const,
      orderId: orderIdOf(7, 1, 1, 1),
      paymentId: 1,
      paymentKey: 'pk1',
      amount: pro.amount,
      approvedAt: '2026-01-31T00:00:00.000Z',
      receiptUrl: null,
      card,
    };
    spec
      .given([requested, started(1, 1)])
      .when(command)
      .thenEvents([active[2]!]);
    spec.given(active).when(command).thenEvents([]);
  });

  it('ignores an answer for an order that is not the pending one', () => {
    spec
      .given([requested, started(1, 1)])
      .when({ type: 'RecordChargeFailed', orderId: 'sub-7-1-9-9', code: 'X', message: 'x' })
      .thenEvents([]);
  });

  it('ends at once when the first charge is declined', () => {
    spec
      .given([requested, started(1, 1)])
      .when({
        type: 'RecordChargeFailed',
        orderId: orderIdOf(7, 1, 1, 1),
        code: 'REJECT_CARD_COMPANY',
        message: '거절',
      })
      .thenEvents([
        failed(1, 1, null),
        { type: 'SubscriptionExpired', data: { reason: 'FirstChargeFailed' } },
      ]);
  });

  it('renews only once the period has ended, from where the paid one ended', () => {
    spec
      .given(active)
      .when({ type: 'RunDue', now: new Date('2026-02-27T23:59:59Z') })
      .thenEvents([]);
    spec
      .given(active)
      .when({ type: 'RunDue', now: new Date('2026-02-28T00:00:00Z') })
      .thenEvents([started(2, 1)]);
    spec
      .given([...active, started(2, 1)])
      .when({ type: 'RunDue', now: new Date('2026-03-05') })
      .thenEvents([]);
  });

  it('retries after 1, 3 and 7 days, then expires', () => {
    const due = [...active, started(2, 1)];
    spec
      .given(due)
      .when({
        type: 'RecordChargeFailed',
        orderId: orderIdOf(7, 1, 2, 1),
        code: 'REJECT_CARD_COMPANY',
        message: '거절',
      })
      .thenEvents([failed(2, 1, '2026-03-01T00:00:00.000Z')]);
    const pastDue = [...due, failed(2, 1, '2026-03-01T00:00:00.000Z')];
    spec
      .given(pastDue)
      .when({ type: 'RunDue', now: new Date('2026-02-28T12:00:00Z') })
      .thenEvents([]);
    spec
      .given(pastDue)
      .when({ type: 'RunDue', now: new Date('2026-03-01T00:00:00Z') })
      .thenEvents([started(2, 2)]);
    const third = [...pastDue, started(2, 2), failed(2, 2, '2026-03-03T00:00:00.000Z'), started(2, 3)];
    spec
      .given(third)
      .when({
        type: 'RecordChargeFailed',
        orderId: orderIdOf(7, 1, 2, 3),
        code: 'REJECT_CARD_COMPANY',
        message: '거절',
      })
      .thenEvents([failed(2, 3, '2026-03-07T00:00:00.000Z')]);
    const last = [...third, failed(2, 3, '2026-03-07T00:00:00.000Z'), started(2, 4)];
    spec
      .given(last)
      .when({
        type: 'RecordChargeFailed',
        orderId: orderIdOf(7, 1, 2, 4),
        code: 'REJECT_CARD_COMPANY',
        message: '거절',
      })
      .thenEvents([failed(2, 4, null), { type: 'SubscriptionExpired', data: { reason: 'PaymentFailed' } }]);
  });

  it('recovers on a retry, keeping the period anchor', () => {
    const retrying = [...active, started(2, 1), failed(2, 1, '2026-03-01T00:00:00.000Z'), started(2, 2)];
    spec
      .given(retrying)
      .when({
        type: 'RecordCharged',
        orderId: orderIdOf(7, 1, 2, 2),
        paymentId: 2,
        paymentKey: 'pk2',
        amount: pro.amount,
        approvedAt: '2026-03-01T00:00:00.000Z',
        receiptUrl: null,
        card: null,
      })
      .thenEvents([
        {
          ...charged(2, 2, '2026-02-28T00:00:00.000Z', '2026-03-28T00:00:00.000Z'),
          data: {
            ...(charged(2, 2, '2026-02-28T00:00:00.000Z', '2026-03-28T00:00:00.000Z').data as object),
            approvedAt: '2026-03-01T00:00:00.000Z',
          },
        } as SubscriptionEvent,
      ]);
  });

  it('cancels at the period end, and may resume before it', () => {
    spec
      .given(active)
      .when({ type: 'SetCancelAtPeriodEnd', cancel: true })
      .thenEvents([{ type: 'SubscriptionCancelScheduled', data: {} }]);
    const cancelled = [...active, { type: 'SubscriptionCancelScheduled', data: {} } as SubscriptionEvent];
    spec.given(cancelled).when({ type: 'SetCancelAtPeriodEnd', cancel: true }).thenEvents([]);
    spec
      .given(cancelled)
      .when({ type: 'SetCancelAtPeriodEnd', cancel: false })
      .thenEvents([{ type: 'SubscriptionResumed', data: {} }]);
    spec
      .given(cancelled)
      .when({ type: 'RunDue', now: new Date('2026-02-28T00:00:00Z') })
      .thenEvents([{ type: 'SubscriptionExpired', data: { reason: 'Cancelled' } }]);
  });

  it('charges the next plan from the next period', () => {
    const changed = [
      ...active,
      { type: 'SubscriptionPlanChangeScheduled', data: business } as SubscriptionEvent,
    ];
    spec.given(active).when({ type: 'ChangePlan', terms: business }).thenEvents([changed[3]!]);
    spec
      .given(changed)
      .when({ type: 'RunDue', now: new Date('2026-02-28T00:00:00Z') })
      .thenEvents([started(2, 1, business)]);
    spec
      .given(active)
      .when({ type: 'ChangePlan', terms: pro })
      .thenThrows('RuleBroken', subscriptionMessages.samePlan);
  });

  it('changes the card with a new billing key', () => {
    spec
      .given(active)
      .when({
        type: 'ChangeCard',
        billingKey: 'bk2',
        customerKey: 'cus_7',
        card: { company: '국민', last4: '9999' },
      })
      .thenEvents([
        {
          type: 'SubscriptionCardChanged',
          data: { billingKey: 'bk2', customerKey: 'cus_7', card: { company: '국민', last4: '9999' } },
        },
      ]);
    spec
      .given([])
      .when({ type: 'ChangeCard', billingKey: 'bk2', customerKey: 'c', card })
      .thenThrows('NotFound', subscriptionMessages.noSubscription);
  });

  it('refunds in part, then the rest, never more, and once per refund number', () => {
    const refund = (amount: number, refundNo: number, endSubscription = false) => ({
      type: 'RecordRefund' as const,
      paymentId: 1,
      amount,
      refundNo,
      reason: '고객 요청',
      cancelledAt: '2026-02-01T00:00:00.000Z',
      endSubscription,
    });
    const part: SubscriptionEvent = {
      type: 'SubscriptionPaymentRefunded',
      data: {
        paymentId: 1,
        amount: 4_900,
        reason: '고객 요청',
        refundNo: 1,
        cancelledAt: '2026-02-01T00:00:00.000Z',
      },
    };
    spec.given(active).when(refund(4_900, 1)).thenEvents([part]);
    spec
      .given([...active, part])
      .when(refund(4_900, 1))
      .thenEvents([]);
    spec
      .given([...active, part])
      .when(refund(10_001, 2))
      .thenThrows('RuleBroken', subscriptionMessages.refundTooLarge);
    spec
      .given([...active, part])
      .when(refund(10_000, 2, true))
      .thenEvents([
        {
          type: 'SubscriptionPaymentRefunded',
          data: { ...(part.data as object), amount: 10_000, refundNo: 2 },
        } as SubscriptionEvent,
        { type: 'SubscriptionExpired', data: { reason: 'Refunded' } },
      ]);
    spec
      .given(active)
      .when({ ...refund(1, 1), paymentId: 99 })
      .thenThrows('NotFound', subscriptionMessages.paymentNotFound);
  });
});

describe('subscription plan decider', () => {
  const plan = deciderSpec(planDecider);
  const fields = {
    code: 'PersonalPro' as const,
    name: '개인 프로',
    monthlyPrice: 14_900,
    yearlyPrice: 149_000,
    features: ['무제한 저장'],
    active: true,
  };
  const created = { type: 'SubscriptionPlanCreated' as const, data: { id: 3, ...fields } };

  it('creates once', () => {
    plan
      .given([])
      .when({ type: 'CreatePlan', id: 3, ...fields })
      .thenEvents([created]);
    plan
      .given([created])
      .when({ type: 'CreatePlan', id: 3, ...fields })
      .thenThrows('RuleBroken', messages.alreadyExists);
  });

  it('updates only the fields that change', () => {
    plan
      .given([created])
      .when({ type: 'UpdatePlan', changes: { monthlyPrice: 15_900, name: '개인 프로' } })
      .thenEvents([{ type: 'SubscriptionPlanUpdated', data: { monthlyPrice: 15_900 } }]);
    plan
      .given([created])
      .when({ type: 'UpdatePlan', changes: { features: ['무제한 저장'] } })
      .thenEvents([]);
  });

  it('deletes once; a deleted plan cannot change', () => {
    const deleted = { type: 'SubscriptionPlanDeleted' as const, data: {} };
    plan.given([created]).when({ type: 'DeletePlan' }).thenEvents([deleted]);
    plan
      .given([created, deleted])
      .when({ type: 'UpdatePlan', changes: { active: false } })
      .thenThrows('NotFound', subscriptionMessages.planNotFound);
  });
});

describe('the plan role on the user (process manager commands)', () => {
  const users = deciderSpec(userDecider);
  const registered = (roles: Role[]): UserEvent => ({
    type: 'UserRegistered',
    data: {
      id: 9,
      email: 'pii:v1:email',
      name: 'pii:v1:name',
      mobile: null,
      roles,
      status: 'Active',
      accountType: 'Personal',
      marketingAgreed: false,
      passwordHash: 'hash',
      consents: [],
    },
  });

  it('replaces the Free role by the plan role, and gives it back when the plan ends', () => {
    users
      .given([registered(['PersonalFree'])])
      .when({ type: 'ApplyPlanRole', planRole: 'PersonalPro' })
      .thenEvents([{ type: 'UserRolesChanged', data: { roles: ['PersonalPro'] } }]);
    users
      .given([registered(['PersonalPro'])])
      .when({ type: 'ApplyPlanRole', planRole: null })
      .thenEvents([{ type: 'UserRolesChanged', data: { roles: ['PersonalFree'] } }]);
  });

  it('changes nothing when the role is already right (idempotent), and keeps staff roles', () => {
    users
      .given([registered(['PersonalPro'])])
      .when({ type: 'ApplyPlanRole', planRole: 'PersonalPro' })
      .thenEvents([]);
    users
      .given([registered(['Admin'])])
      .when({ type: 'ApplyPlanRole', planRole: 'BusinessPro' })
      .thenEvents([{ type: 'UserRolesChanged', data: { roles: ['Admin', 'BusinessPro'] } }]);
    users
      .given([registered(['BusinessFree', 'BusinessPro'])])
      .when({ type: 'ApplyPlanRole', planRole: 'BusinessPremium' })
      .thenEvents([{ type: 'UserRolesChanged', data: { roles: ['BusinessPremium'] } }]);
    users.given([]).when({ type: 'ApplyPlanRole', planRole: null }).thenEvents([]);
  });
});
