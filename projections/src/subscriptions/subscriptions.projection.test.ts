import { eventsOf, givenAt, projectionSpec, projectionTestDatabase } from '../testing/projection-spec';
import { subscriptionPlansProjection, subscriptionsProjection } from './subscriptions.projection';

const db = projectionTestDatabase();

describe('the subscription plans read model', () => {
  const spec = projectionSpec(subscriptionPlansProjection, db);
  const plan = eventsOf(['SubscriptionPlan', 2], 1);
  const fields = {
    id: 2,
    code: 'PRO',
    name: '프로',
    monthlyPrice: 11_000,
    yearlyPrice: 110_000,
    features: ['공유', '견적'],
    active: true,
  };
  const created = plan('SubscriptionPlanCreated', fields);

  it('lists a plan as created, changes only the fields an update carries, and forgets a deleted one', async () => {
    expect(await spec.given([created]).rows('subscription_plans')).toEqual([
      {
        ...fields,
        registered: givenAt(0),
        registeredBy: 1,
        updated: null,
        updatedBy: null,
        version: 0,
      },
    ]);
    const [updated] = await spec
      .given([created, plan('SubscriptionPlanUpdated', { monthlyPrice: 12_000, features: ['공유'] }, 3)])
      .rows('subscription_plans');
    expect(updated).toMatchObject({
      name: '프로',
      monthlyPrice: 12_000,
      yearlyPrice: 110_000,
      features: ['공유'],
      updated: givenAt(1),
      updatedBy: 3,
      version: 1,
    });
    expect(
      await spec.given([created, plan('SubscriptionPlanDeleted', {})]).rows('subscription_plans'),
    ).toEqual([]);
  });
});

describe('the subscriptions, orders and payments read models', () => {
  const spec = projectionSpec(subscriptionsProjection, db);
  const terms = { planId: 2, planCode: 'PRO', planName: '프로', period: 'Monthly', amount: 11_000 };
  const card = { company: '신한', last4: '1234' };
  const on = eventsOf(['Subscription', 5]);
  const requested = on('SubscriptionRequested', {
    userId: 5,
    planId: 2,
    planCode: 'PRO',
    planName: '프로',
    period: 'Monthly',
    amount: 11_000,
    card,
    provider: 'sandbox',
  });
  const started = (orderId: string, periodNo: number, attempt: number) =>
    on('SubscriptionChargeStarted', {
      orderId,
      periodNo,
      attempt,
      terms,
      orderName: '프로 월간 구독',
      amount: 11_000,
    });
  const charged = (orderId: string, paymentId: number, start: string, end: string) =>
    on('SubscriptionCharged', {
      orderId,
      paymentId,
      paymentKey: `pay-${paymentId}`,
      terms,
      amount: 11_000,
      approvedAt: start,
      periodStart: start,
      periodEnd: end,
      receiptUrl: null,
      card: { company: null, last4: null },
    });
  const firstCharge = [
    requested,
    started('o-1', 1, 1),
    charged('o-1', 10, '2026-11-01T00:02:00.000Z', '2026-12-01T00:02:00.000Z'),
  ];

  it('makes a paid subscription Active until the end of its period, with its order and payment', async () => {
    const given = spec.given(firstCharge);
    expect((await given.rows('subscriptions'))[0]).toMatchObject({
      id: 5,
      userId: 5,
      status: 'Active',
      planName: '프로',
      currentPeriodStart: givenAt(2),
      currentPeriodEnd: new Date('2026-12-01T00:02:00.000Z'),
      dueAt: new Date('2026-12-01T00:02:00.000Z'),
      pendingOrderId: null,
      // A charge that does not report the card keeps the one the subscription was made with.
      cardCompany: '신한',
      cardLast4: '1234',
      registered: givenAt(0),
      version: 2,
    });
    expect(await given.rows('subscription_orders')).toEqual([
      expect.objectContaining({ id: 'o-1', periodNo: 1, attempt: 1, status: 'Paid', paymentId: 10 }),
    ]);
    expect(await given.rows('subscription_payments')).toEqual([
      expect.objectContaining({
        id: 10,
        orderId: 'o-1',
        orderName: '프로 월간 구독',
        amount: 11_000,
        refundedAmount: 0,
        status: 'Paid',
        refunds: [],
      }),
    ]);
  });

  it('is PastDue after a failed renewal, due again at the retry, and Expired when retries run out', async () => {
    const failed = on('SubscriptionChargeFailed', {
      orderId: 'o-2',
      attempt: 1,
      code: 'REJECT_CARD_COMPANY',
      message: '카드사 거절',
      nextRetryAt: '2026-12-02T00:00:00.000Z',
    });
    const given = spec.given([...firstCharge, started('o-2', 2, 1), failed]);
    expect((await given.rows('subscriptions'))[0]).toMatchObject({
      status: 'PastDue',
      failedAttempts: 1,
      pendingOrderId: null,
      dueAt: new Date('2026-12-02T00:00:00.000Z'),
    });
    expect((await given.rows('subscription_orders')).map((o) => [o.id, o.status, o.failureMessage])).toEqual([
      ['o-1', 'Paid', null],
      ['o-2', 'Failed', '카드사 거절'],
    ]);
    const expired = spec.given([
      ...firstCharge,
      started('o-2', 2, 1),
      failed,
      on('SubscriptionExpired', { reason: 'PaymentFailed' }),
    ]);
    expect((await expired.rows('subscriptions'))[0]).toMatchObject({
      status: 'Expired',
      dueAt: null,
      endReason: 'PaymentFailed',
    });
  });

  it('stays Pending when its first charge fails', async () => {
    const [row] = await spec
      .given([
        requested,
        started('o-1', 1, 1),
        on('SubscriptionChargeFailed', {
          orderId: 'o-1',
          attempt: 1,
          code: 'X',
          message: '거절',
          nextRetryAt: null,
        }),
      ])
      .rows('subscriptions');
    expect(row).toMatchObject({ status: 'Pending', dueAt: null, failedAttempts: 1 });
  });

  it('records cancelling, resuming, a scheduled plan change and a new card', async () => {
    const [row] = await spec
      .given([
        ...firstCharge,
        on('SubscriptionCancelScheduled', {}),
        on('SubscriptionResumed', {}),
        on('SubscriptionCancelScheduled', {}),
        on('SubscriptionPlanChangeScheduled', {
          planId: 3,
          planName: '비즈니스',
          period: 'Yearly',
          amount: 220_000,
        }),
        on('SubscriptionCardChanged', { card: { company: '국민', last4: '9876' } }),
      ])
      .rows('subscriptions');
    expect(row).toMatchObject({
      cancelAtPeriodEnd: true,
      nextPlanId: 3,
      nextPlanName: '비즈니스',
      nextPeriod: 'Yearly',
      nextAmount: 220_000,
      cardCompany: '국민',
      cardLast4: '9876',
      version: 7,
    });
  });

  it('adds up refunds: partly refunded, then refunded in full, each refund kept', async () => {
    const refund = (refundNo: number, amount: number) =>
      on('SubscriptionPaymentRefunded', {
        paymentId: 10,
        refundNo,
        amount,
        reason: '고객 요청',
        cancelledAt: '2026-11-03T00:00:00.000Z',
      });
    const partly = await spec.given([...firstCharge, refund(1, 1_000)]).rows('subscription_payments');
    expect(partly[0]).toMatchObject({ refundedAmount: 1_000, status: 'PartiallyRefunded' });
    const whole = await spec
      .given([...firstCharge, refund(1, 1_000), refund(2, 10_000)])
      .rows('subscription_payments');
    expect(whole[0]).toMatchObject({
      refundedAmount: 11_000,
      status: 'Refunded',
      refunds: [
        { refundNo: 1, amount: 1_000, reason: '고객 요청', at: '2026-11-03T00:00:00.000Z' },
        { refundNo: 2, amount: 10_000, reason: '고객 요청', at: '2026-11-03T00:00:00.000Z' },
      ],
    });
  });
});
