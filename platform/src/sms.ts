/**
 * Outgoing SMS through SMS_URL: `log:` writes the message to the log (the embedded default), an
 * `http(s)://` URL receives `POST {to, text}` as JSON, so any SMS gateway can be attached with a
 * small adapter of its own.
 */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
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
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
