import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, as the contract tests check it. */
export interface TossCall {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: Record<string, unknown> | undefined;
}

interface FakePayment {
  paymentKey: string;
  orderId: string;
  orderName: string;
  status: string;
  totalAmount: number;
  balanceAmount: number;
  approvedAt: string;
  method: string;
  receipt: { url: string };
  card: { issuerCode: string; number: string; amount: number };
  cancels: { cancelAmount: number; cancelReason: string }[];
}

/**
 * A local stand-in for the Toss Payments API v1 as its documentation describes it (card billing):
 * Basic auth of the secret key and a colon, `{code, message}` errors, and `Idempotency-Key`
 * answered with the first response for the same key. Tests steer it: decline the next charges,
 * cut the connection after charging, or hold a charge in flight.
 */
export class TossFake {
  readonly calls: TossCall[] = [];
  private readonly payments = new Map<string, FakePayment>();
  private readonly byOrder = new Map<string, string>();
  private readonly billingKeys = new Map<string, string>();
  private readonly replies = new Map<string, { status: number; body: unknown }>();
  /** Charges to decline, one per count. */
  declineNext = 0;
  /** Charges to approve and then answer by cutting the connection (the network fails after the charge). */
  cutAfterChargeNext = 0;
  /** When set, charges are approved but their answer waits until `release()` (a charge in flight). */
  private held: (() => void)[] | null = null;
  url = '';

  private constructor(
    private readonly server: http.Server,
    private readonly secretKey: string,
  ) {}

  static async start(secretKey: string): Promise<TossFake> {
    let fake: TossFake | undefined;
    const server = http.createServer((req, res) => {
      fake!.handle(req, res).catch(() => {
        res.statusCode = 500;
        res.end();
      });
    });
    fake = new TossFake(server, secretKey);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return fake;
  }

  hold() {
    this.held = [];
  }
  release() {
    const waiting = this.held ?? [];
    this.held = null;
    for (const go of waiting) go();
  }

  /** Charges the fake approved (each order id at most once). */
  approvedOrders() {
    return [...this.payments.values()].map((p) => p.orderId);
  }

  callsTo(prefix: string, method?: string) {
    return this.calls.filter((c) => c.path.startsWith(prefix) && (!method || c.method === method));
  }

  async stop() {
    this.release();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    const path = (req.url ?? '').split('?')[0]!;
    const call: TossCall = {
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      body,
    };
    this.calls.push(call);
    const send = (status: number, answer: unknown) => {
      if (call.idempotencyKey) this.replies.set(call.idempotencyKey, { status, body: answer });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    };
    const fail = (status: number, code: string, message: string) => send(status, { code, message });

    if (call.authorization !== `Basic ${Buffer.from(`${this.secretKey}:`).toString('base64')}`)
      return fail(401, 'UNAUTHORIZED_KEY', '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.');
    if (call.idempotencyKey && this.replies.has(call.idempotencyKey)) {
      const first = this.replies.get(call.idempotencyKey)!;
      return res
        .writeHead(first.status, { 'content-type': 'application/json' })
        .end(JSON.stringify(first.body));
    }

    if (req.method === 'POST' && path === '/v1/billing/authorizations/issue') {
      const authKey = String(body?.authKey ?? '');
      if (!authKey.startsWith('auth_')) return fail(400, 'INVALID_AUTH_KEY', '유효하지 않은 인증 키입니다.');
      const billingKey = `bk_${randomUUID()}`;
      this.billingKeys.set(billingKey, String(body?.customerKey));
      return send(200, {
        mId: 'tosspayments',
        customerKey: body?.customerKey,
        authenticatedAt: new Date().toISOString(),
        method: '카드',
        billingKey,
        cardCompany: '신한',
        cardNumber: '433012******1234',
        card: {
          issuerCode: '4V',
          acquirerCode: '41',
          number: '433012******1234',
          cardType: '신용',
          ownerType: '개인',
        },
      });
    }
    const billing = /^\/v1\/billing\/([^/]+)$/.exec(path);
    if (req.method === 'POST' && billing) {
      const billingKey = decodeURIComponent(billing[1]!);
      if (this.billingKeys.get(billingKey) !== body?.customerKey)
        return fail(404, 'NOT_FOUND_BILLING_KEY', '빌링키가 존재하지 않습니다.');
      const orderId = String(body?.orderId);
      if (this.byOrder.has(orderId))
        return fail(400, 'DUPLICATED_ORDER_ID', '이미 승인 및 취소가 진행된 중복된 주문번호 입니다.');
      if (this.declineNext > 0) {
        this.declineNext--;
        return fail(403, 'REJECT_CARD_COMPANY', '카드사에서 결제를 거절했습니다.');
      }
      const payment: FakePayment = {
        paymentKey: `pay_${randomUUID().replaceAll('-', '')}`,
        orderId,
        orderName: String(body?.orderName),
        status: 'DONE',
        totalAmount: Number(body?.amount),
        balanceAmount: Number(body?.amount),
        approvedAt: new Date().toISOString(),
        method: '카드',
        receipt: { url: `https://dashboard.tosspayments.com/receipt/${orderId}` },
        card: { issuerCode: '4V', number: '433012******1234', amount: Number(body?.amount) },
        cancels: [],
      };
      this.payments.set(payment.paymentKey, payment);
      this.byOrder.set(orderId, payment.paymentKey);
      if (this.held) {
        await new Promise<void>((resolve) => this.held?.push(resolve));
        if (call.idempotencyKey) this.replies.set(call.idempotencyKey, { status: 200, body: payment });
        return res.destroy();
      }
      if (this.cutAfterChargeNext > 0) {
        this.cutAfterChargeNext--;
        if (call.idempotencyKey) this.replies.set(call.idempotencyKey, { status: 200, body: payment });
        return res.destroy();
      }
      return send(200, payment);
    }
    const byOrder = /^\/v1\/payments\/orders\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && byOrder) {
      const key = this.byOrder.get(decodeURIComponent(byOrder[1]!));
      return key
        ? send(200, this.payments.get(key))
        : fail(404, 'NOT_FOUND_PAYMENT', '존재하지 않는 결제 정보 입니다.');
    }
    const cancel = /^\/v1\/payments\/([^/]+)\/cancel$/.exec(path);
    if (req.method === 'POST' && cancel) {
      const payment = this.payments.get(decodeURIComponent(cancel[1]!));
      if (!payment) return fail(404, 'NOT_FOUND_PAYMENT', '존재하지 않는 결제 정보 입니다.');
      const amount = body?.cancelAmount === undefined ? payment.balanceAmount : Number(body.cancelAmount);
      if (amount > payment.balanceAmount)
        return fail(400, 'NOT_CANCELABLE_AMOUNT', '취소 할 수 없는 금액 입니다.');
      payment.balanceAmount -= amount;
      payment.cancels.push({ cancelAmount: amount, cancelReason: String(body?.cancelReason) });
      payment.status = payment.balanceAmount === 0 ? 'CANCELED' : 'PARTIAL_CANCELED';
      return send(200, payment);
    }
    const one = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && one) {
      const payment = this.payments.get(decodeURIComponent(one[1]!));
      return payment ? send(200, payment) : fail(404, 'NOT_FOUND_PAYMENT', '존재하지 않는 결제 정보 입니다.');
    }
    return fail(404, 'NOT_FOUND', '요청한 리소스를 찾을 수 없습니다.');
  }
}
