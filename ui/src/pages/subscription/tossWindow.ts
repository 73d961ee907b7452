import { loadTossPayments } from '@tosspayments/tosspayments-sdk';

/**
 * Opens Toss Payments' card window (SDK v2, 자동결제 카드 등록). The card is entered on Toss's
 * side only; Toss then sends the browser back to `successUrl` with `authKey` and `customerKey`
 * in the query (or to `failUrl` with `code` and `message`).
 */
export async function openTossCardWindow(options: {
  clientKey: string;
  customerKey: string;
  successPath: string;
  failPath: string;
}) {
  const toss = await loadTossPayments(options.clientKey);
  await toss.payment({ customerKey: options.customerKey }).requestBillingAuth({
    method: 'CARD',
    successUrl: `${window.location.origin}${options.successPath}`,
    failUrl: `${window.location.origin}${options.failPath}`,
  });
}

/** What Toss put in the address on its way back: the authKey, or its error. */
export function tossReturn(params: URLSearchParams) {
  const authKey = params.get('authKey');
  const customerKey = params.get('customerKey');
  if (authKey && customerKey) return { ok: true as const, authKey, customerKey };
  const message = params.get('message');
  if (params.get('code') && message) return { ok: false as const, message };
  return null;
}
