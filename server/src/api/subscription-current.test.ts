import { subscriptionMessages } from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

/**
 * What the public plans page reads and does: plans as a visitor may see them (what they are and
 * cost, not who wrote them), where the signed-in person stands, and a change of plan from the next
 * period on, for personal and business subscribers alike.
 */
let platform: TestPlatform;
let admin: string;
const plans: Record<string, number> = {};

type Body = Record<string, unknown>;
const api = () => platform.api;

/** A user of `role` subscribed to `code` with the sandbox's test card; answers their token. */
async function subscriber(email: string, role: 'PersonalFree' | 'BusinessFree', code: string) {
  await platform.createUser({
    email,
    password: 'current-password-1',
    roles: [role],
    accountType: role === 'BusinessFree' ? 'Business' : 'Personal',
  });
  const token = (await api().login(email, 'current-password-1')).token;
  const checkout = await api().request<Body>('POST', '/api/subscription/checkout', {
    token,
    body: { planId: plans[code], period: 'Monthly' },
  });
  const customerKey = checkout.body.customerKey as string;
  const card = await api().request<Body>('POST', '/api/billing/sandbox/card', {
    token,
    body: { cardNumber: '4242424242424242', customerKey },
  });
  const subscribed = await api().request('POST', '/api/subscription', {
    token,
    body: { planId: plans[code], period: 'Monthly', authKey: card.body.authKey, customerKey },
  });
  expect(subscribed.status).toBe(201);
  return token;
}

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await api().login(ADMIN.email, ADMIN.password)).token;
  for (const plan of (await api().request<Body[]>('GET', '/api/subscription-plan')).body)
    plans[plan.code as string] = plan.id as number;
}, 120_000);
afterAll(async () => {
  await platform?.stop();
});

describe('the plans a visitor reads', () => {
  it('shows what each plan is and costs, and who wrote it only to the operators', async () => {
    const visible = ['active', 'code', 'features', 'id', 'monthlyPrice', 'name', 'yearlyPrice'];
    const anonymous = await api().request<Body[]>('GET', '/api/subscription-plan');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.length).toBe(3);
    for (const plan of anonymous.body) expect(Object.keys(plan).sort()).toEqual(visible);
    const one = await api().request<Body>('GET', `/api/subscription-plan/${plans.PersonalPro}`);
    expect(Object.keys(one.body).sort()).toEqual(visible);
    expect(one.body).toMatchObject({ name: '개인 프로', monthlyPrice: 14_900 });
    const operator = await api().request<Body[]>('GET', '/api/subscription-plan', { token: admin });
    expect(operator.body[0]).toHaveProperty('registered');
    expect(operator.body[0]).toHaveProperty('registeredBy');
  });
});

describe('the current subscription', () => {
  it('is read only by the signed-in person, and is a 404 without one', async () => {
    expect((await api().request('GET', '/api/subscription/current')).status).toBe(401);
    expect(
      (await api().request('PUT', '/api/subscription/current', { body: { planId: 1, period: 'Monthly' } }))
        .status,
    ).toBe(401);
    await platform.createUser({ email: 'nosub@current.example', password: 'current-password-1' });
    const token = (await api().login('nosub@current.example', 'current-password-1')).token;
    const none = await api().request<Body>('GET', '/api/subscription/current', { token });
    expect(none).toMatchObject({ status: 404, body: { message: subscriptionMessages.noSubscription } });
    const change = await api().request<Body>('PUT', '/api/subscription/current', {
      token,
      body: { planId: plans.PersonalPro, period: 'Yearly' },
    });
    expect(change).toMatchObject({ status: 404, body: { message: subscriptionMessages.noSubscription } });
  });

  it('changes a personal plan to yearly from the next period, and refuses a business plan', async () => {
    const token = await subscriber('personal@current.example', 'PersonalFree', 'PersonalPro');
    const current = await api().request<Body>('GET', '/api/subscription/current', { token });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ planId: plans.PersonalPro, period: 'Monthly', status: 'Active' });
    expect(current.body).not.toHaveProperty('cardLast4');

    const business = await api().request<Body>('PUT', '/api/subscription/current', {
      token,
      body: { planId: plans.BusinessPro, period: 'Monthly' },
    });
    expect(business).toMatchObject({ status: 409, body: { message: subscriptionMessages.planNotForYou } });
    const same = await api().request<Body>('PUT', '/api/subscription/current', {
      token,
      body: { planId: plans.PersonalPro, period: 'Monthly' },
    });
    expect(same).toMatchObject({ status: 409, body: { message: subscriptionMessages.samePlan } });
    const invalid = await api().request<Body>('PUT', '/api/subscription/current', {
      token,
      body: { planId: plans.PersonalPro, period: 'Weekly' },
    });
    expect(invalid.status).toBe(400);

    const yearly = await api().request('PUT', '/api/subscription/current', {
      token,
      body: { planId: plans.PersonalPro, period: 'Yearly' },
    });
    expect(yearly.status).toBe(204);
    const after = await api().request<Body>('GET', '/api/subscription/current', { token });
    expect(after.body).toMatchObject({
      planId: plans.PersonalPro,
      period: 'Monthly',
      nextPlanId: plans.PersonalPro,
      nextPeriod: 'Yearly',
    });
  });

  it('lets a business subscriber, who has no my-subscription screen, move to another business plan', async () => {
    const token = await subscriber('business@current.example', 'BusinessFree', 'BusinessPro');
    expect((await api().request('GET', '/api/my-subscription', { token })).status).toBe(403);
    const changed = await api().request('PUT', '/api/subscription/current', {
      token,
      body: { planId: plans.BusinessPremium, period: 'Monthly' },
    });
    expect(changed.status).toBe(204);
    const after = await api().request<Body>('GET', '/api/subscription/current', { token });
    expect(after.body).toMatchObject({
      planId: plans.BusinessPro,
      nextPlanId: plans.BusinessPremium,
      nextPlanName: '비즈니스 프리미엄',
    });
  });
});
