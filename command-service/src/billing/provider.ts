import type { Card } from '@interior/contracts';

/** A payment as the provider reports it (Toss's Payment object, reduced to what we keep). */
export interface ProviderPayment {
  paymentKey: string;
  orderId: string;
  /** Toss statuses: DONE, CANCELED, PARTIAL_CANCELED, ABORTED, EXPIRED, IN_PROGRESS … */
  status: string;
  totalAmount: number;
  approvedAt: string | null;
  receiptUrl: string | null;
  card: Card | null;
}

export interface ChargeRequest {
  billingKey: string;
  customerKey: string;
  amount: number;
  orderId: string;
  orderName: string;
}

/**
 * A refusal the provider answered (`{code, message}`): the card was declined, the key is wrong, the
 * order id was already used … The request reached the provider and was decided.
 */
export class ProviderDeclined extends Error {
  override name = 'ProviderDeclined';
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus = 400,
  ) {
    super(message);
  }
}

/**
 * No answer (network cut, timeout, a 5xx): the provider may or may not have acted, so a charge is
 * left pending and resolved later by asking for its order id.
 */
export class ProviderUnavailable extends Error {
  override name = 'ProviderUnavailable';
}

/**
 * The port every card-billing provider implements (README "Subscriptions and payments"). Amounts
 * are integer won, VAT included. Idempotency keys make every POST safe to repeat.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'toss';
  /** The public key the browser's card window is opened with. */
  readonly clientKey: string;
  issueBillingKey(authKey: string, customerKey: string): Promise<{ billingKey: string; card: Card }>;
  charge(request: ChargeRequest, idempotencyKey: string): Promise<ProviderPayment>;
  getPayment(paymentKey: string): Promise<ProviderPayment | null>;
  findByOrderId(orderId: string): Promise<ProviderPayment | null>;
  cancel(
    paymentKey: string,
    request: { cancelReason: string; cancelAmount?: number },
    idempotencyKey: string,
  ): Promise<ProviderPayment>;
}

/** The last four digits of a masked card number such as `433012******1234`. */
export const last4Of = (masked: string | null | undefined) => {
  const digits = (masked ?? '').replace(/[^0-9]/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
};
