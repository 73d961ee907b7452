import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { type ChargeRequest, type PaymentProvider, ProviderDeclined, type ProviderPayment } from './provider';

/**
 * The documented test cards of the sandbox (README "Subscriptions and payments"). Only these are
 * accepted, so nobody types a real card number into the test form.
 */
export const sandboxTestCards = {
  '4242424242424242': { behaviour: 'approve', label: '항상 승인' },
  '4000000000000341': { behaviour: 'approve-first', label: '첫 결제만 승인, 갱신은 거절' },
  '4000000000000002': { behaviour: 'decline', label: '모든 결제 거절' },
  '4000000000009995': { behaviour: 'refuse-registration', label: '카드 등록 거절' },
} as const;
export type SandboxCardNumber = keyof typeof sandboxTestCards;

const token = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

interface PaymentRow {
  paymentKey: string;
  orderId: string;
  billingKey: string;
  amount: number;
  cancelledAmount: number;
  status: string;
  approvedAt: Date | string;
}

/**
 * The embedded provider, on by default: no money moves. The card form of the platform
 * (`/subscription`, marked 테스트 모드) registers one of the test cards and receives an `authKey`,
 * exactly as Toss's window would; billing keys and charges are kept in this provider's own
 * tables, charges once per order id like a real provider's idempotency.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly clientKey = 'sandbox';

  constructor(private readonly knex: Knex) {}

  /** The card form's registration: keeps the last four digits and the test behaviour, never the number. */
  async registerCard(cardNumber: string, customerKey: string): Promise<{ authKey: string }> {
    const card = sandboxTestCards[cardNumber as SandboxCardNumber];
    if (!card) throw new ProviderDeclined('INVALID_CARD_NUMBER', '테스트 카드 번호만 사용할 수 있습니다.');
    if (card.behaviour === 'refuse-registration')
      throw new ProviderDeclined('INVALID_CARD', '카드 등록이 거절되었습니다. (테스트 카드)');
    const authKey = token('sbx_auth');
    await this.knex('sandbox_billing').insert({
      billingKey: token('sbx_billing'),
      authKey,
      customerKey,
      last4: cardNumber.slice(-4),
      behaviour: card.behaviour,
    });
    return { authKey };
  }

  async issueBillingKey(authKey: string, customerKey: string) {
    const updated = await this.knex('sandbox_billing')
      .where({ authKey, customerKey, issued: false })
      .update({ issued: true })
      .returning(['billingKey', 'last4']);
    const row = updated[0] as { billingKey: string; last4: string } | undefined;
    if (!row)
      throw new ProviderDeclined('INVALID_AUTH_KEY', '카드 등록 정보가 만료되었거나 이미 사용되었습니다.');
    return { billingKey: row.billingKey, card: { company: '테스트카드', last4: row.last4 } };
  }

  async charge(request: ChargeRequest, _idempotencyKey: string) {
    const billing = await this.knex('sandbox_billing')
      .where({ billingKey: request.billingKey, customerKey: request.customerKey, issued: true })
      .first<{ behaviour: string; last4: string } | undefined>();
    if (!billing) throw new ProviderDeclined('NOT_FOUND_BILLING_KEY', '빌링키를 찾을 수 없습니다.', 404);
    const existing = await this.row({ orderId: request.orderId });
    if (existing) {
      // The same order again is the same payment (idempotent replay); another charge under a used
      // order id is refused, as Toss does.
      if (existing.billingKey !== request.billingKey || existing.amount !== request.amount)
        throw new ProviderDeclined('DUPLICATED_ORDER_ID', '이미 사용된 주문번호입니다.');
      return this.paymentOf(existing, billing.last4);
    }
    const paid = await this.knex('sandbox_payments')
      .where({ billingKey: request.billingKey })
      .count<{ n: string }[]>({ n: '*' });
    if (billing.behaviour === 'decline' || (billing.behaviour === 'approve-first' && Number(paid[0]?.n) > 0))
      throw new ProviderDeclined('REJECT_CARD_COMPANY', '카드사에서 결제를 거절했습니다. (테스트 카드)', 403);
    await this.knex('sandbox_payments')
      .insert({
        paymentKey: token('sbx_pay'),
        orderId: request.orderId,
        billingKey: request.billingKey,
        amount: request.amount,
        status: 'DONE',
      })
      .onConflict('orderId')
      .ignore();
    const row = await this.row({ orderId: request.orderId });
    if (!row) throw new ProviderDeclined('FAILED_PAYMENT', '결제를 기록하지 못했습니다.');
    return this.paymentOf(row, billing.last4);
  }

  async getPayment(paymentKey: string) {
    const row = await this.row({ paymentKey });
    return row ? this.paymentOf(row) : null;
  }

  async findByOrderId(orderId: string) {
    const row = await this.row({ orderId });
    return row ? this.paymentOf(row) : null;
  }

  async cancel(
    paymentKey: string,
    request: { cancelReason: string; cancelAmount?: number },
    idempotencyKey: string,
  ) {
    return this.knex.transaction(async (trx) => {
      const row = await trx('sandbox_payments').where({ paymentKey }).forUpdate().first();
      if (!row) throw new ProviderDeclined('NOT_FOUND_PAYMENT', '결제를 찾을 수 없습니다.', 404);
      const cancels = row.cancels as { key: string; amount: number }[];
      if (cancels.some((c) => c.key === idempotencyKey)) return this.paymentOf(row);
      const amount = request.cancelAmount ?? row.amount - row.cancelledAmount;
      if (amount <= 0 || amount > row.amount - row.cancelledAmount)
        throw new ProviderDeclined('NOT_CANCELABLE_AMOUNT', '취소할 수 없는 금액입니다.');
      const cancelledAmount = row.cancelledAmount + amount;
      const status = cancelledAmount === row.amount ? 'CANCELED' : 'PARTIAL_CANCELED';
      await trx('sandbox_payments')
        .where({ paymentKey })
        .update({
          cancelledAmount,
          status,
          cancels: JSON.stringify([
            ...cancels,
            { key: idempotencyKey, amount, reason: request.cancelReason },
          ]),
        });
      return this.paymentOf({ ...row, cancelledAmount, status });
    });
  }

  private async row(where: Partial<PaymentRow>): Promise<PaymentRow | undefined> {
    return this.knex('sandbox_payments').where(where).first();
  }

  private paymentOf(row: PaymentRow, last4?: string): ProviderPayment {
    return {
      paymentKey: row.paymentKey,
      orderId: row.orderId,
      status: row.status,
      totalAmount: row.amount,
      approvedAt: new Date(row.approvedAt).toISOString(),
      receiptUrl: null,
      card: last4 ? { company: '테스트카드', last4 } : null,
    };
  }
}
