import { addDays } from 'date-fns';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { TossFake } from '../testing/toss-fake';

const SECRET = 'test_sk_zXLkKEypNArWmo50nX3lmeaxYG5R';
const basic = `Basic ${Buffer.from(`${SECRET}:`).toString('base64')}`;

let toss: TossFake;
let platform: TestPlatform;
let admin: string;
let developer: string;
let subscriber: string;
let subscriberId: number;
let other: string;

type Body = Record<string, unknown>;

beforeAll(async () => {
  toss = await TossFake.start(SECRET);
  platform = await startTestPlatform({
    env: {
      PAYMENT_PROVIDER: 'toss',
      TOSS_SECRET_KEY: SECRET,
      TOSS_CLIENT_KEY: 'test_ck_D5GePWvyJnrK0W0k6q8gLzN97Eoq',
      TOSS_API_URL: toss.url,
    },
  });
  admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
  await platform.createUser({
    email: 'dev@test.example',
    password: 'developer-password-1',
    roles: ['Developer'],
  });
  developer = (await platform.api.login('dev@test.example', 'developer-password-1')).token;
  subscriberId = await platform.createUser({
    email: 'free@test.example',
    password: 'personal-password-1',
    roles: ['PersonalFree'],
  });
  subscriber = (await platform.api.login('free@test.example', 'personal-password-1')).token;
  await platform.createUser({
    email: 'other@test.example',
    password: 'personal-password-2',
    roles: ['PersonalFree'],
  });
  other = (await platform.api.login('other@test.example', 'personal-password-2')).token;
}, 60_000);
afterAll(async () => {
  await platform?.stop();
  await toss?.stop();
});

const api = () => platform.api;
const rolesOf = async (token: string) =>
  ((await api().request('GET', '/api/user/current', { token })).body as { user: { roles: string[] } }).user
    .roles;
const run = (asOf: Date) =>
  api().request<Body>('POST', '/api/billing/run', { token: admin, body: { asOf: asOf.toISOString() } });
const mine = async () =>
  (await api().request<Body>('GET', '/api/my-subscription', { token: subscriber })).body;
const charges = () => toss.callsTo('/v1/billing/', 'POST').filter((c) => !c.path.includes('authorizations'));

describe('plans', () => {
  it('lists the default plans to anyone, signed in or not, in Korean with VAT-included won', async () => {
    const answer = await api().request<Body[]>('GET', '/api/subscription-plan');
    expect(answer.status).toBe(200);
    expect(answer.body.map((p) => p.code)).toEqual(['PersonalPro', 'BusinessPro', 'BusinessPremium']);
    expect(answer.body[0]).toMatchObject({ name: '개인 프로', monthlyPrice: 14_900, yearlyPrice: 149_000 });
    expect(answer.headers.get('content-range')).toBe('subscription-plan 0-2/3');
  });

  it('lets Admin and Developer write plans, and nobody else', async () => {
    const body = {
      code: 'PersonalPro',
      name: '개인 프로 (연말 특가)',
      monthlyPrice: 9_900,
      yearlyPrice: 99_000,
      features: ['특가'],
      active: false,
    };
    expect((await api().request('POST', '/api/subscription-plan', { token: subscriber, body })).status).toBe(
      403,
    );
    expect((await api().request('POST', '/api/subscription-plan', { body })).status).toBe(401);
    const created = await api().request<Body>('POST', '/api/subscription-plan', { token: developer, body });
    expect(created.status).toBe(201);
    // An inactive plan is hidden from the public and from subscribers.
    expect((await api().request('GET', `/api/subscription-plan/${created.body.id}`)).status).toBe(404);
    expect(
      (await api().request('GET', `/api/subscription-plan/${created.body.id}`, { token: admin })).status,
    ).toBe(200);
    const bad = await api().request<Body>('POST', '/api/subscription-plan', {
      token: admin,
      body: { ...body, monthlyPrice: -1 },
    });
    expect(bad.status).toBe(400);
    const deleted = await api().request('DELETE', `/api/subscription-plan/${created.body.id}`, {
      token: admin,
    });
    expect(deleted.status).toBe(200);
  });
});

describe('subscribing, renewing, failing, recovering and refunding through Toss', () => {
  let plans: Body[];
  let start: Date;

  it('checks out and subscribes: one issue, one charge, the role becomes PersonalPro', async () => {
    plans = (await api().request<Body[]>('GET', '/api/subscription-plan')).body;
    const pro = plans.find((p) => p.code === 'PersonalPro')!;
    const checkout = await api().request<Body>('POST', '/api/subscription/checkout', {
      token: subscriber,
      body: { planId: pro.id, period: 'Monthly' },
    });
    expect(checkout.status).toBe(200);
    expect(checkout.body).toMatchObject({
      provider: 'toss',
      clientKey: 'test_ck_D5GePWvyJnrK0W0k6q8gLzN97Eoq',
      amount: 14_900,
      orderName: '개인 프로 월간 구독',
    });
    const customerKey = checkout.body.customerKey as string;
    // A keyed hash of the user id (40 characters), never the id itself; whether a digit of the id
    // happens to appear among the hash's characters is chance, not a leak.
    expect(customerKey).toMatch(/^cus_[A-Za-z0-9_-]{40}$/);
    expect(customerKey).not.toBe(`cus_${subscriberId}`);

    const wrongKey = await api().request('POST', '/api/subscription', {
      token: subscriber,
      body: { planId: pro.id, period: 'Monthly', authKey: 'auth_x', customerKey: 'cus_someone_else' },
    });
    expect(wrongKey.status).toBe(400);

    const subscribed = await api().request<Body>('POST', '/api/subscription', {
      token: subscriber,
      body: { planId: pro.id, period: 'Monthly', authKey: 'auth_first', customerKey },
    });
    expect(subscribed.status).toBe(201);
    expect(subscribed.body).toMatchObject({
      status: 'Active',
      planCode: 'PersonalPro',
      amount: 14_900,
      cardLast4: '1234',
    });
    expect(subscribed.body).not.toHaveProperty('billingKey');
    expect(await rolesOf(subscriber)).toEqual(['PersonalPro']);

    const issue = toss.callsTo('/v1/billing/authorizations/issue');
    expect(issue).toHaveLength(1);
    expect(issue[0]).toMatchObject({ authorization: basic, body: { authKey: 'auth_first', customerKey } });
    expect(charges()).toHaveLength(1);
    expect(charges()[0]).toMatchObject({
      authorization: basic,
      idempotencyKey: `sub-${subscriberId}-1-1-1`,
      body: {
        customerKey,
        amount: 14_900,
        orderId: `sub-${subscriberId}-1-1-1`,
        orderName: '개인 프로 월간 구독',
      },
    });
    start = new Date(subscribed.body.currentPeriodStart as string);

    const again = await api().request('POST', '/api/subscription', {
      token: subscriber,
      body: { planId: pro.id, period: 'Monthly', authKey: 'auth_second', customerKey },
    });
    expect(again.status).toBe(409);
    expect(toss.callsTo('/v1/billing/authorizations/issue')).toHaveLength(1);
  });

  it('renews at the period end only, once however often the run is repeated', async () => {
    const end = new Date((await mine()).currentPeriodEnd as string);
    expect((await run(addDays(end, -1))).body).toEqual({ charged: 0, failed: 0, expired: 0 });
    expect((await run(end)).body).toEqual({ charged: 1, failed: 0, expired: 0 });
    expect((await run(end)).body).toEqual({ charged: 0, failed: 0, expired: 0 });
    expect(charges()).toHaveLength(2);
    expect(charges()[1]).toMatchObject({
      idempotencyKey: `sub-${subscriberId}-1-2-1`,
      body: { amount: 14_900 },
    });
    const renewed = await mine();
    expect(new Date(renewed.currentPeriodStart as string).getTime()).toBe(end.getTime());
    expect(new Date(renewed.currentPeriodStart as string).getTime()).toBeGreaterThan(start.getTime());
  });

  it('fails once (PastDue, role kept), then recovers on the retry a day later', async () => {
    const end = new Date((await mine()).currentPeriodEnd as string);
    toss.declineNext = 1;
    expect((await run(end)).body).toEqual({ charged: 0, failed: 1, expired: 0 });
    expect(await mine()).toMatchObject({ status: 'PastDue', failedAttempts: 1 });
    expect(await rolesOf(subscriber)).toEqual(['PersonalPro']);
    expect((await run(addDays(end, 0.5))).body).toEqual({ charged: 0, failed: 0, expired: 0 });
    expect((await run(addDays(end, 1))).body).toEqual({ charged: 1, failed: 0, expired: 0 });
    expect(await mine()).toMatchObject({ status: 'Active', failedAttempts: 0 });
    expect(
      charges()
        .slice(2)
        .map((c) => c.idempotencyKey),
    ).toEqual([`sub-${subscriberId}-1-3-1`, `sub-${subscriberId}-1-3-2`]);
    const orders = await api().list('subscription/order', admin, { filter: { userId: subscriberId } });
    expect((orders.body as Body[]).map((o) => o.status).sort()).toEqual(['Failed', 'Paid', 'Paid', 'Paid']);
  });

  it('records a charge whose answer was lost by asking Toss for the order id, never charging twice', async () => {
    const end = new Date((await mine()).currentPeriodEnd as string);
    toss.cutAfterChargeNext = 1;
    expect((await run(end)).body).toEqual({ charged: 0, failed: 0, expired: 0 });
    expect(await mine()).toMatchObject({ pendingOrderId: `sub-${subscriberId}-1-4-1` });
    expect((await run(end)).body).toEqual({ charged: 1, failed: 0, expired: 0 });
    expect(toss.callsTo(`/v1/payments/orders/sub-${subscriberId}-1-4-1`, 'GET')).toHaveLength(1);
    expect(charges().filter((c) => c.body?.orderId === `sub-${subscriberId}-1-4-1`)).toHaveLength(1);
    const mineList = await api().list('my-payment', subscriber);
    expect((mineList.body as Body[]).map((p) => p.orderId)).toHaveLength(4);
    expect(toss.approvedOrders().filter((o) => o.startsWith(`sub-${subscriberId}-`))).toHaveLength(4);
    expect(new Set((mineList.body as Body[]).map((p) => p.orderId)).size).toBe(4);
  });

  it('records a lost answer from the webhook too, after fetching the payment again', async () => {
    const end = new Date((await mine()).currentPeriodEnd as string);
    toss.cutAfterChargeNext = 1;
    expect((await run(end)).body).toEqual({ charged: 0, failed: 0, expired: 0 });
    const pending = (await mine()).pendingOrderId as string;
    const paymentKey = (await (
      await fetch(`${toss.url}/v1/payments/orders/${pending}`, { headers: { authorization: basic } })
    ).json()) as { paymentKey: string };
    const lie = {
      eventType: 'PAYMENT_STATUS_CHANGED',
      data: { paymentKey: paymentKey.paymentKey, status: 'DONE', totalAmount: 1 },
    };
    expect((await api().request('POST', '/api/payment/webhook', { body: lie })).status).toBe(200);
    expect((await api().request('POST', '/api/payment/webhook', { body: lie })).status).toBe(200);
    expect(await mine()).toMatchObject({ status: 'Active', pendingOrderId: null });
    const payments = (await api().list('my-payment', subscriber)).body as Body[];
    expect(payments.filter((p) => p.orderId === pending)).toEqual([
      expect.objectContaining({ amount: 14_900 }),
    ]);
    expect((await run(end)).body).toEqual({ charged: 0, failed: 0, expired: 0 });
  });

  it('refunds part of a payment with its own idempotency key (Admin or Developer only)', async () => {
    const payments = (await api().list('my-payment', subscriber, { sort: ['approvedAt', 'ASC'] }))
      .body as Body[];
    const first = payments[0]!;
    const path = `/api/subscription/payment/${first.id}/refund`;
    expect(
      (await api().request('POST', path, { token: subscriber, body: { amount: 4_900, reason: '부분 환불' } }))
        .status,
    ).toBe(403);
    expect((await api().request('POST', path, { token: admin, body: { amount: 4_900 } })).status).toBe(400);
    expect(
      (await api().request('POST', path, { token: admin, body: { amount: 20_000, reason: '과다' } })).status,
    ).toBe(409);
    const refunded = await api().request<Body>('POST', path, {
      token: developer,
      body: { amount: 4_900, reason: '서비스 장애 보상' },
    });
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ status: 'PartiallyRefunded', refundedAmount: 4_900 });
    const cancels = toss.callsTo('/v1/payments/', 'POST');
    expect(cancels).toHaveLength(1);
    expect(cancels[0]).toMatchObject({
      path: `/v1/payments/${first.paymentKey}/cancel`,
      authorization: basic,
      idempotencyKey: `refund-${first.id}-1-4900`,
      body: { cancelReason: '서비스 장애 보상', cancelAmount: 4_900 },
    });
    expect(await rolesOf(subscriber)).toEqual(['PersonalPro']);
  });

  it('expires after the retries of 1, 3 and 7 days fail, and the role returns to PersonalFree', async () => {
    const end = new Date((await mine()).currentPeriodEnd as string);
    toss.declineNext = 4;
    expect((await run(end)).body).toEqual({ charged: 0, failed: 1, expired: 0 });
    expect((await run(addDays(end, 1))).body).toEqual({ charged: 0, failed: 1, expired: 0 });
    expect((await run(addDays(end, 3))).body).toEqual({ charged: 0, failed: 1, expired: 0 });
    expect(await rolesOf(subscriber)).toEqual(['PersonalPro']);
    expect((await run(addDays(end, 7))).body).toEqual({ charged: 0, failed: 0, expired: 1 });
    expect(await mine()).toMatchObject({ status: 'Expired', endReason: 'PaymentFailed' });
    expect(await rolesOf(subscriber)).toEqual(['PersonalFree']);
    const dunning = await platform.mailTo('free@test.example', { subject: /결제/, waitMs: 5_000 });
    expect(dunning?.subject).toMatch(/결제/);
  });
});

describe('who may see and do what', () => {
  it('refuses the operators lists and actions to other roles', async () => {
    for (const token of [subscriber, other]) {
      expect((await api().list('subscription/order', token)).status).toBe(403);
      expect((await api().list('subscription/payment', token)).status).toBe(403);
    }
    expect((await api().list('subscription/payment', developer)).status).toBe(200);
    expect((await api().request('POST', '/api/billing/run', { token: developer, body: {} })).status).toBe(
      403,
    );
    expect((await api().request('POST', '/api/billing/run', { token: subscriber, body: {} })).status).toBe(
      403,
    );
  });

  it('shows a subscriber only their own subscription and payments', async () => {
    expect((await api().request('GET', '/api/my-subscription', { token: other })).status).toBe(404);
    const theirs = await api().list('my-payment', other);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual([]);
    const mineList = (await api().list('my-payment', subscriber)).body as Body[];
    expect((await api().request('GET', `/api/my-payment/${mineList[0]!.id}`, { token: other })).status).toBe(
      404,
    );
  });

  it('refuses my-subscription to roles its route does not name (a BusinessFree user)', async () => {
    await platform.createUser({
      email: 'biz@test.example',
      password: 'business-password-1',
      roles: ['BusinessFree'],
    });
    const biz = (await api().login('biz@test.example', 'business-password-1')).token;
    expect((await api().request('GET', '/api/my-subscription', { token: biz })).status).toBe(403);
    expect((await api().list('my-payment', biz)).status).toBe(403);
  });
});

describe('POST /api/payment/webhook', () => {
  it('answers 200 to malformed or foreign notices and changes nothing', async () => {
    for (const raw of ['not json', '{"data":null}', '[]', '{"data":{"paymentKey":"../../etc"}}']) {
      const answer = await api().request('POST', '/api/payment/webhook', {
        raw,
        headers: { 'content-type': 'application/json' },
      });
      expect([200, 400]).toContain(answer.status);
    }
    const unknown = await api().request('POST', '/api/payment/webhook', {
      body: { eventType: 'PAYMENT_STATUS_CHANGED', data: { paymentKey: 'pay_unknown', status: 'DONE' } },
    });
    expect(unknown.status).toBe(200);
    expect(toss.callsTo('/v1/payments/pay_unknown', 'GET')).toHaveLength(1);
  });
});
