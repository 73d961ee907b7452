import { subscriptionMessages } from '@interior/contracts';
import { eventually } from '@interior/platform/testing';
import { addDays } from 'date-fns';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

/** The embedded default provider end to end: test cards, dunning, card change, cancelling. */
let platform: TestPlatform;
let admin: string;
let user: string;
let customerKey: string;
let proId: number;
let businessId: number;

type Body = Record<string, unknown>;
const api = () => platform.api;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await api().login(ADMIN.email, ADMIN.password)).token;
  await platform.createUser({
    email: 'sandbox@test.example',
    password: 'personal-password-1',
    roles: ['PersonalFree'],
  });
  user = (await api().login('sandbox@test.example', 'personal-password-1')).token;
  const plans = (await api().request<Body[]>('GET', '/api/subscription-plan')).body;
  proId = plans.find((p) => p.code === 'PersonalPro')!.id as number;
  businessId = plans.find((p) => p.code === 'BusinessPro')!.id as number;
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

const card = (cardNumber: string, key = customerKey) =>
  api().request<Body>('POST', '/api/billing/sandbox/card', {
    token: user,
    body: { cardNumber, customerKey: key },
  });
const mine = async () => (await api().request<Body>('GET', '/api/my-subscription', { token: user })).body;
const roles = async () =>
  ((await api().request('GET', '/api/user/current', { token: user })).body as { user: { roles: string[] } })
    .user.roles;
const run = async (asOf: Date) =>
  (await api().request('POST', '/api/billing/run', { token: admin, body: { asOf: asOf.toISOString() } }))
    .body;

describe('the sandbox provider', () => {
  it('answers the checkout as the sandbox and takes only its test cards', async () => {
    const checkout = await api().request<Body>('POST', '/api/subscription/checkout', {
      token: user,
      body: { planId: proId, period: 'Yearly' },
    });
    expect(checkout.body).toMatchObject({ provider: 'sandbox', clientKey: 'sandbox', amount: 149_000 });
    customerKey = checkout.body.customerKey as string;
    expect((await card('4242424242424242', 'cus_other')).status).toBe(400);
    const real = await card('5555555555554444');
    expect(real).toMatchObject({ status: 400, body: { message: '테스트 카드 번호만 사용할 수 있습니다.' } });
    expect((await card('4000000000009995')).status).toBe(400);
    const personalOnBusiness = await api().request('POST', '/api/subscription/checkout', {
      token: user,
      body: { planId: businessId, period: 'Monthly' },
    });
    expect(personalOnBusiness.status).toBe(409);
  });

  it('subscribes with a card that declines renewals, warns by mail, takes a new card and recovers', async () => {
    const { authKey } = (await card('4000 0000 0000 0341')).body as { authKey: string };
    const subscribed = await api().request<Body>('POST', '/api/subscription', {
      token: user,
      body: { planId: proId, period: 'Monthly', authKey, customerKey },
    });
    expect(subscribed.status).toBe(201);
    expect(subscribed.body).toMatchObject({
      status: 'Active',
      provider: 'sandbox',
      cardLast4: '0341',
      amount: 14_900,
    });
    expect(await roles()).toEqual(['PersonalPro']);
    expect(
      (await platform.mailTo('sandbox@test.example', { subject: /영수증/, waitMs: 5_000 }))?.text,
    ).toContain('14,900원');

    const end = new Date(subscribed.body.currentPeriodEnd as string);
    expect(await run(end)).toEqual({ charged: 0, failed: 1, expired: 0 });
    expect(await mine()).toMatchObject({ status: 'PastDue' });
    const warning = await platform.mailTo('sandbox@test.example', { subject: /실패/, waitMs: 5_000 });
    expect(warning?.text).toContain('다시 결제를 시도합니다');

    const next = (await card('4242424242424242')).body as { authKey: string };
    const changed = await api().request<Body>('PUT', '/api/my-subscription', {
      token: user,
      body: { authKey: next.authKey, customerKey },
    });
    expect(changed.body).toMatchObject({ cardLast4: '4242', status: 'PastDue' });
    // The spent authKey cannot register a card twice.
    expect(
      (
        await api().request('PUT', '/api/my-subscription', {
          token: user,
          body: { authKey: next.authKey, customerKey },
        })
      ).status,
    ).toBe(409);
    expect(await run(addDays(end, 1))).toEqual({ charged: 1, failed: 0, expired: 0 });
    expect(await mine()).toMatchObject({ status: 'Active' });
  });

  it('changes the plan from the next period, and refuses a plan the account may not hold', async () => {
    const yearly = await api().request<Body>('PUT', '/api/my-subscription', {
      token: user,
      body: { planId: proId, period: 'Yearly' },
    });
    expect(yearly.body).toMatchObject({ period: 'Monthly', nextPeriod: 'Yearly', nextAmount: 149_000 });
    const business = await api().request('PUT', '/api/my-subscription', {
      token: user,
      body: { planId: businessId },
    });
    expect(business.status).toBe(409);
    expect(
      (await api().request('PUT', '/api/my-subscription', { token: user, body: { unknown: 1 } })).status,
    ).toBe(400);
  });

  it('cancels at the period end: the plan stays until then, then the role returns to Free', async () => {
    const cancelled = await api().request<Body>('PUT', '/api/my-subscription', {
      token: user,
      body: { cancelAtPeriodEnd: true },
    });
    expect(cancelled.body).toMatchObject({ status: 'Active', cancelAtPeriodEnd: true });
    const end = new Date(cancelled.body.currentPeriodEnd as string);
    expect(await run(addDays(end, -1))).toEqual({ charged: 0, failed: 0, expired: 0 });
    expect(await roles()).toEqual(['PersonalPro']);
    expect(await run(end)).toEqual({ charged: 0, failed: 0, expired: 1 });
    expect(await mine()).toMatchObject({ status: 'Expired', endReason: 'Cancelled' });
    expect(await roles()).toEqual(['PersonalFree']);
    const payments = (await api().list('my-payment', user)).body as Body[];
    expect(payments).toHaveLength(2);
  });
});

describe('the role follows the subscription', () => {
  const signUp = async (email: string) => {
    await platform.createUser({ email, password: 'personal-password-1', roles: ['PersonalFree'] });
    const token = (await api().login(email, 'personal-password-1')).token;
    const userId = (await api().request('GET', '/api/user/current', { token })).body.user.id as number;
    const checkout = await api().request<Body>('POST', '/api/subscription/checkout', {
      token,
      body: { planId: proId, period: 'Monthly' },
    });
    const key = checkout.body.customerKey as string;
    const { authKey } = (
      await api().request<Body>('POST', '/api/billing/sandbox/card', {
        token,
        body: { cardNumber: '4242424242424242', customerKey: key },
      })
    ).body as { authKey: string };
    const subscribed = await api().request<Body>('POST', '/api/subscription', {
      token,
      body: { planId: proId, period: 'Monthly', authKey, customerKey: key },
    });
    expect(subscribed.status).toBe(201);
    const rolesNow = async () =>
      ((await api().request('GET', '/api/user/current', { token })).body as { user: { roles: string[] } })
        .user.roles;
    expect(await rolesNow()).toEqual(['PersonalPro']);
    return { token, userId, rolesNow };
  };

  it('is given by the process manager from the subscription’s own events, with no route involved', async () => {
    const { userId, rolesNow } = await signUp('process@test.example');
    // An expiry appended as another instance's billing run would, which then died before it
    // applied the role: the process manager reads the log and takes the role back.
    const store = platform.server.runtime.store;
    const stream = `Subscription-${userId}`;
    const revision = (await store.readStream(stream)).length - 1;
    await store.append(
      stream,
      [
        {
          id: crypto.randomUUID(),
          type: 'SubscriptionExpired',
          data: { reason: 'Cancelled' },
          metadata: {
            actorId: null,
            correlationId: 'test-other-instance',
            causationId: null,
            occurredAt: new Date().toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: revision },
    );
    await eventually(async () => (await rolesNow()).join() === 'PersonalFree', {
      timeoutMs: 10_000,
      intervalMs: 100,
    });
  });

  it('answers 200 to a refund only when the provider made it and it is recorded, also when refunds race', async () => {
    const { token } = await signUp('refund-race@test.example');
    const payment = ((await api().list('my-payment', token)).body as Body[])[0]!;
    const path = `/api/subscription/payment/${payment.id}/refund`;
    const amounts = [1_000, 3_000, 2_000, 500];
    const answers = await Promise.all(
      amounts.map((amount) =>
        api().request<Body>('POST', path, { token: admin, body: { amount, reason: `동시 환불 ${amount}` } }),
      ),
    );
    const made = amounts.filter((_, i) => answers[i]!.status === 200);
    for (const answer of answers.filter((a) => a.status !== 200))
      expect(answer).toMatchObject({ status: 409, body: { message: subscriptionMessages.refundInProgress } });
    expect(made.length).toBeGreaterThan(0);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const recorded = ((await api().list('my-payment', token)).body as Body[]).find(
      (p) => p.id === payment.id,
    )!;
    expect(recorded.refundedAmount).toBe(sum(made));
    // The provider made exactly those refunds, each under its own key.
    const row = await platform.server.runtime.db
      .knex('sandbox_payments')
      .where({ paymentKey: payment.paymentKey })
      .first('cancels', 'cancelledAmount');
    const cancels = row.cancels as { key: string; amount: number }[];
    expect(cancels.map((c) => c.amount).sort()).toEqual([...made].sort());
    expect(new Set(cancels.map((c) => c.key)).size).toBe(cancels.length);
    for (const cancel of cancels) expect(cancel.key).toMatch(new RegExp(`-${cancel.amount}$`));
    // What is left is refunded whole: the records and the provider agree.
    const rest = await api().request<Body>('POST', path, { token: admin, body: { reason: '나머지 환불' } });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ status: 'Refunded', refundedAmount: 14_900 });
  });

  it('ends at once with a refund that ends the subscription (Admin)', async () => {
    const { token, rolesNow } = await signUp('refund-end@test.example');
    const payment = ((await api().list('my-payment', token)).body as Body[])[0]!;
    const refunded = await api().request<Body>('POST', `/api/subscription/payment/${payment.id}/refund`, {
      token: admin,
      body: { reason: '해지 요청 전액 환불', endSubscription: true },
    });
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ status: 'Refunded', refundedAmount: 14_900 });
    expect(await rolesNow()).toEqual(['PersonalFree']);
    expect(
      ((await api().request<Body>('GET', '/api/my-subscription', { token })).body as Body | null)?.status ??
        'none',
    ).not.toBe('Active');
  });
});
