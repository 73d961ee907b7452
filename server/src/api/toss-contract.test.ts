import { ProviderDeclined, ProviderUnavailable, TossProvider } from '@interior/command-service';
import { TossFake } from '../testing/toss-fake';

/**
 * The Toss adapter against a local fake of the documented API (card billing, REST v1): what it
 * sends (Basic auth, bodies, Idempotency-Key) and how it reads every kind of answer.
 */
const SECRET = 'test_sk_contract';
let toss: TossFake;
let provider: TossProvider;

beforeEach(async () => {
  toss = await TossFake.start(SECRET);
  provider = new TossProvider({ apiUrl: `${toss.url}/`, secretKey: SECRET, clientKey: 'test_ck_contract' });
});
afterEach(async () => {
  await toss.stop();
});

async function billingKey() {
  return (await provider.issueBillingKey('auth_contract', 'cus_contract')).billingKey;
}
const order = (orderId: string, key: string) => ({
  billingKey: key,
  customerKey: 'cus_contract',
  amount: 14_900,
  orderId,
  orderName: '개인 프로 월간 구독',
});

describe('Toss adapter contract', () => {
  it('issues a billing key and charges it: Basic auth of the secret key and a colon, the order id as Idempotency-Key', async () => {
    const issued = await provider.issueBillingKey('auth_contract', 'cus_contract');
    expect(issued.card).toEqual({ company: '신한', last4: '1234' });
    const paid = await provider.charge(order('sub-1-1-1-1', issued.billingKey), 'sub-1-1-1-1');
    expect(paid).toMatchObject({ orderId: 'sub-1-1-1-1', status: 'DONE', totalAmount: 14_900 });
    const auth = `Basic ${Buffer.from(`${SECRET}:`).toString('base64')}`;
    expect(toss.calls.map((c) => [c.method, c.path, c.authorization, c.idempotencyKey ?? null])).toEqual([
      ['POST', '/v1/billing/authorizations/issue', auth, null],
      ['POST', `/v1/billing/${issued.billingKey}`, auth, 'sub-1-1-1-1'],
    ]);
    expect(toss.calls[1]!.body).toEqual({
      customerKey: 'cus_contract',
      amount: 14_900,
      orderId: 'sub-1-1-1-1',
      orderName: '개인 프로 월간 구독',
    });
    expect(await provider.getPayment(paid.paymentKey)).toMatchObject({ orderId: 'sub-1-1-1-1' });
    expect(await provider.getPayment('pay_missing')).toBeNull();
  });

  it('reads a declined card as ProviderDeclined with Toss code and message', async () => {
    const key = await billingKey();
    toss.declineNext = 1;
    const error = await provider.charge(order('sub-1-1-1-1', key), 'sub-1-1-1-1').catch((e) => e);
    expect(error).toBeInstanceOf(ProviderDeclined);
    expect(error).toMatchObject({ code: 'REJECT_CARD_COMPANY', message: '카드사에서 결제를 거절했습니다.' });
  });

  it('reports a network cut after the charge as unavailable; the order id then finds the payment', async () => {
    const key = await billingKey();
    toss.cutAfterChargeNext = 1;
    await expect(provider.charge(order('sub-1-1-2-1', key), 'sub-1-1-2-1')).rejects.toBeInstanceOf(
      ProviderUnavailable,
    );
    expect(await provider.findByOrderId('sub-1-1-2-1')).toMatchObject({
      status: 'DONE',
      totalAmount: 14_900,
    });
    expect(await provider.findByOrderId('sub-1-1-9-1')).toBeNull();
  });

  it('replays the first answer for the same Idempotency-Key, and refuses a used order id under another key', async () => {
    const key = await billingKey();
    const first = await provider.charge(order('sub-1-1-3-1', key), 'sub-1-1-3-1');
    const replay = await provider.charge(order('sub-1-1-3-1', key), 'sub-1-1-3-1');
    expect(replay.paymentKey).toBe(first.paymentKey);
    const duplicate = await provider.charge(order('sub-1-1-3-1', key), 'another-key').catch((e) => e);
    expect(duplicate).toMatchObject({ code: 'DUPLICATED_ORDER_ID' });
    expect(toss.approvedOrders()).toEqual(['sub-1-1-3-1']);
  });

  it('cancels in part with its own idempotency key, once however often it is sent', async () => {
    const key = await billingKey();
    const paid = await provider.charge(order('sub-1-1-4-1', key), 'sub-1-1-4-1');
    const request = { cancelReason: '부분 환불', cancelAmount: 4_900 };
    expect(await provider.cancel(paid.paymentKey, request, 'refund-1-1')).toMatchObject({
      status: 'PARTIAL_CANCELED',
    });
    expect(await provider.cancel(paid.paymentKey, request, 'refund-1-1')).toMatchObject({
      status: 'PARTIAL_CANCELED',
    });
    expect(await provider.cancel(paid.paymentKey, { cancelReason: '나머지' }, 'refund-1-2')).toMatchObject({
      status: 'CANCELED',
    });
    const cancels = toss.calls.filter((c) => c.path.endsWith('/cancel'));
    expect(cancels.map((c) => [c.idempotencyKey, c.body])).toEqual([
      ['refund-1-1', request],
      ['refund-1-1', request],
      ['refund-1-2', { cancelReason: '나머지' }],
    ]);
  });

  it('treats a wrong secret key as a refusal, and an unreachable API as unavailable', async () => {
    const wrong = new TossProvider({ apiUrl: toss.url, secretKey: 'test_sk_wrong', clientKey: 'x' });
    await expect(wrong.issueBillingKey('auth_x', 'cus_x')).rejects.toMatchObject({
      code: 'UNAUTHORIZED_KEY',
    });
    const url = toss.url;
    await toss.stop();
    const gone = new TossProvider({ apiUrl: url, secretKey: SECRET, clientKey: 'x' });
    await expect(gone.getPayment('pay_x')).rejects.toBeInstanceOf(ProviderUnavailable);
    toss = await TossFake.start(SECRET);
  });
});
