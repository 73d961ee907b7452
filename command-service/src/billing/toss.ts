import type { Card } from '@interior/contracts';
import {
  type ChargeRequest,
  last4Of,
  type PaymentProvider,
  ProviderDeclined,
  type ProviderPayment,
  ProviderUnavailable,
} from './provider';

/** How long one call to Toss may take before it counts as unanswered. */
const TIMEOUT_MS = 15_000;

interface TossCard {
  number?: string | null;
  company?: string | null;
  issuerCode?: string | null;
}

interface TossPayment {
  paymentKey: string;
  orderId: string;
  status: string;
  totalAmount: number;
  approvedAt?: string | null;
  receipt?: { url?: string | null } | null;
  card?: TossCard | null;
}

const cardOf = (card: TossCard | null | undefined, company?: string | null): Card | null =>
  card ? { company: company ?? card.company ?? card.issuerCode ?? null, last4: last4Of(card.number) } : null;

const paymentOf = (p: TossPayment): ProviderPayment => ({
  paymentKey: p.paymentKey,
  orderId: p.orderId,
  status: p.status,
  totalAmount: p.totalAmount,
  approvedAt: p.approvedAt ?? null,
  receiptUrl: p.receipt?.url ?? null,
  card: cardOf(p.card),
});

/**
 * Toss Payments card billing (자동결제) over its REST API v1: Basic auth of the secret key and a
 * colon, JSON bodies, errors as `{code, message}`, and an `Idempotency-Key` on every POST that
 * moves money, so a retry after a timeout is answered with the first result instead of charging
 * again. No card number passes through us: the browser registers the card in Toss's window and
 * hands us only the one-time `authKey`.
 */
export class TossProvider implements PaymentProvider {
  readonly name = 'toss' as const;
  readonly clientKey: string;
  private readonly apiUrl: string;
  private readonly authorization: string;

  constructor(options: { apiUrl: string; secretKey: string; clientKey: string }) {
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.clientKey = options.clientKey;
    this.authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
  }

  async issueBillingKey(authKey: string, customerKey: string) {
    const answer = await this.call<{
      billingKey: string;
      cardCompany?: string | null;
      cardNumber?: string | null;
      card?: TossCard | null;
    }>('POST', '/v1/billing/authorizations/issue', { authKey, customerKey });
    return {
      billingKey: answer.billingKey,
      card: {
        company: answer.cardCompany ?? answer.card?.company ?? answer.card?.issuerCode ?? null,
        last4: last4Of(answer.cardNumber ?? answer.card?.number),
      },
    };
  }

  async charge(request: ChargeRequest, idempotencyKey: string) {
    const { billingKey, ...body } = request;
    return paymentOf(
      await this.call<TossPayment>(
        'POST',
        `/v1/billing/${encodeURIComponent(billingKey)}`,
        body,
        idempotencyKey,
      ),
    );
  }

  async getPayment(paymentKey: string) {
    return this.lookup(`/v1/payments/${encodeURIComponent(paymentKey)}`);
  }

  async findByOrderId(orderId: string) {
    return this.lookup(`/v1/payments/orders/${encodeURIComponent(orderId)}`);
  }

  async cancel(
    paymentKey: string,
    request: { cancelReason: string; cancelAmount?: number },
    idempotencyKey: string,
  ) {
    return paymentOf(
      await this.call<TossPayment>(
        'POST',
        `/v1/payments/${encodeURIComponent(paymentKey)}/cancel`,
        request,
        idempotencyKey,
      ),
    );
  }

  private async lookup(path: string): Promise<ProviderPayment | null> {
    try {
      return paymentOf(await this.call<TossPayment>('GET', path));
    } catch (error) {
      if (error instanceof ProviderDeclined && error.httpStatus === 404) return null;
      throw error;
    }
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<T> {
    const headers: Record<string, string> = { authorization: this.authorization };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.apiUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      throw new ProviderUnavailable(`toss ${method} ${path}: ${(error as Error).message}`);
    }
    if (response.status >= 500) throw new ProviderUnavailable(`toss ${method} ${path}: ${response.status}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ProviderUnavailable(`toss ${method} ${path}: not JSON (${response.status})`);
    }
    if (!response.ok) {
      const error = (parsed ?? {}) as { code?: unknown; message?: unknown };
      throw new ProviderDeclined(
        typeof error.code === 'string' ? error.code : `HTTP_${response.status}`,
        typeof error.message === 'string' ? error.message : '결제사가 요청을 거절했습니다.',
        response.status,
      );
    }
    return parsed as T;
  }
}
