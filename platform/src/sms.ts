/**
 * Outgoing SMS through SMS_URL: `log:` writes the message to the log (the embedded default), an
 * `http(s)://` URL receives `POST {to, text}` as JSON, so any SMS gateway can be attached with a
 * small adapter of its own.
 */
export interface SmsSender {
  /** Resolves once the gateway took the message; rejects (SmsDeliveryError) when it did not. */
  send(to: string, text: string): Promise<void>;
}

/** The gateway refused the message, failed, or could not be reached in time. */
export class SmsDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SmsDeliveryError';
  }
}

export function createSmsSender(url: string, log: (message: string) => void): SmsSender {
  if (url === 'log:' || url === 'log') {
    return { send: async (to, text) => log(`SMS to ${to}: ${text}`) };
  }
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new Error(`SMS_URL must be log: or http(s)://`);
  return {
    async send(to, text) {
      let response: Response;
      try {
        response = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to, text }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new SmsDeliveryError(`SMS gateway unreachable: ${(error as Error).message}`, { cause: error });
      }
      // Drain the body so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new SmsDeliveryError(`SMS gateway answered ${response.status}`);
    },
  };
}
