import type { ClientLogEvent } from '@interior/contracts';
import { ClientLogEventSchema, messages } from '@interior/contracts';
import { MemoryStorage } from '../testing/memoryStorage';
import { ClientLogQueue, clientEvent, clientLogLimits, sendClientLog, withoutQueries } from './clientLog';
import { ApiError } from './http';
import { writeTokenPair } from './tokens';

const event = (n: number): ClientLogEvent => ({
  type: 'test',
  level: 'info',
  message: `event ${n}`,
  occurredAt: new Date(Date.UTC(2026, 10, 1, 0, 0, n)).toISOString(),
});

/** A server that answers each upload with the next outcome given (true: success). */
function uploads(...outcomes: boolean[]) {
  const sent: ClientLogEvent[][] = [];
  const send = jest.fn(async (events: ClientLogEvent[]) => {
    sent.push(events);
    const ok = outcomes.length ? outcomes.shift() : true;
    if (!ok) throw new ApiError(503, messages.serviceUnavailable, null);
  });
  return { send, sent };
}

const quiet = () => {};

describe('ClientLogQueue', () => {
  it('removes the events an upload delivered', async () => {
    const { send, sent } = uploads(true);
    const queue = new ClientLogQueue({ send, reportFailure: quiet });
    queue.add(event(1));
    queue.add(event(2));

    await queue.flush();

    expect(sent).toEqual([[event(1), event(2)]]);
    expect(queue.size).toBe(0);
  });

  it('keeps the events of a failed upload, reports it on the console only, and sends them next time', async () => {
    const { send, sent } = uploads(false, true);
    const reportFailure = jest.fn();
    const queue = new ClientLogQueue({ send, reportFailure });
    queue.add(event(1));

    await queue.flush();
    expect(queue.pending()).toEqual([event(1)]);
    expect(reportFailure).toHaveBeenCalledWith(expect.any(ApiError));

    queue.add(event(2));
    await queue.flush();
    expect(sent).toEqual([[event(1)], [event(1), event(2)]]);
    expect(queue.size).toBe(0);
  });

  it('reports a failure on console.error by default', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const queue = new ClientLogQueue({ send: uploads(false).send });
    queue.add(event(1));
    await queue.flush();
    expect(error).toHaveBeenCalledTimes(1);
    expect(queue.size).toBe(1);
    error.mockRestore();
  });

  it('sends at most 100 events per request, and stops at the first failed batch', async () => {
    const { send, sent } = uploads(true, false);
    const queue = new ClientLogQueue({ send, reportFailure: quiet });
    for (let n = 0; n < 250; n++) queue.add(event(n));

    await queue.flush();

    expect(sent.map((batch) => batch.length)).toEqual([100, 100]);
    expect(sent[0]![0]).toEqual(event(0));
    expect(sent[1]![0]).toEqual(event(100));
    // The first batch left; the failed one and the one never tried stay, in order.
    expect(queue.size).toBe(150);
    expect(queue.pending()[0]).toEqual(event(100));

    await queue.flush();
    expect(sent.slice(2).map((batch) => batch.length)).toEqual([100, 50]);
    expect(queue.size).toBe(0);
  });

  it('drops the oldest events beyond its cap and says so at the next flush', async () => {
    const { send, sent } = uploads();
    const queue = new ClientLogQueue({ send, maxQueued: 5, batchSize: 100 });
    for (let n = 0; n < 8; n++) queue.add(event(n));

    expect(queue.size).toBe(5);
    expect(queue.dropped).toBe(3);
    expect(queue.pending()[0]).toEqual(event(3));

    await queue.flush();
    const [batch] = sent;
    expect(batch![0]).toMatchObject({ type: 'log.dropped', level: 'warn', data: { dropped: 3 } });
    expect(batch!.slice(1)).toEqual([event(3), event(4), event(5), event(6), event(7)]);
    expect(queue.dropped).toBe(0);
    expect(queue.size).toBe(0);
  });

  it('keeps the count of dropped events until an upload reports it, within the batch size', async () => {
    const { send, sent } = uploads(false, true, true);
    const queue = new ClientLogQueue({ send, maxQueued: 4, batchSize: 4, reportFailure: quiet });
    for (let n = 0; n < 6; n++) queue.add(event(n));

    await queue.flush();
    expect(queue.dropped).toBe(2);
    expect(queue.size).toBe(4);

    await queue.flush();
    expect(sent.slice(1).map((batch) => batch.length)).toEqual([4, 1]);
    expect(sent[1]![0]).toMatchObject({ type: 'log.dropped', data: { dropped: 2 } });
    expect(queue.dropped).toBe(0);
    expect(queue.size).toBe(0);
  });

  it('keeps events added while an upload runs for the next flush, and joins concurrent flushes', async () => {
    let release: () => void = () => {};
    const sent: ClientLogEvent[][] = [];
    const send = jest.fn((events: ClientLogEvent[]) => {
      sent.push(events);
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    const queue = new ClientLogQueue({ send });
    queue.add(event(1));

    const first = queue.flush();
    const second = queue.flush();
    queue.add(event(2));
    release();
    await Promise.all([first, second]);

    expect(send).toHaveBeenCalledTimes(1);
    expect(queue.pending()).toEqual([event(2)]);
  });

  it('drops a batch the API refuses for good instead of blocking the queue', async () => {
    const send = jest.fn(async () => {
      throw new ApiError(400, messages.validationFailed, null);
    });
    const queue = new ClientLogQueue({
      send,
      reportFailure: quiet,
      isPermanentFailure: (error) => error instanceof ApiError && error.status === 400,
    });
    queue.add(event(1));
    await queue.flush();
    expect(queue.size).toBe(0);
  });

  it('restores saved events before the ones queued since', () => {
    const queue = new ClientLogQueue({ send: uploads().send });
    queue.add(event(3));
    queue.restore([event(1), event(2)]);
    expect(queue.pending()).toEqual([event(1), event(2), event(3)]);
  });

  it('flushes every 60 s once its timer runs, and not after it stopped', async () => {
    jest.useFakeTimers();
    try {
      const { send } = uploads();
      const queue = new ClientLogQueue({ send });
      const stop = queue.startTimer();
      queue.add(event(1));

      await jest.advanceTimersByTimeAsync(clientLogLimits.flushIntervalMs - 1);
      expect(send).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1);
      expect(send).toHaveBeenCalledTimes(1);
      expect(queue.size).toBe(0);

      // Nothing queued: no request.
      await jest.advanceTimersByTimeAsync(clientLogLimits.flushIntervalMs);
      expect(send).toHaveBeenCalledTimes(1);

      stop();
      queue.add(event(2));
      await jest.advanceTimersByTimeAsync(clientLogLimits.flushIntervalMs * 2);
      expect(send).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('clientEvent', () => {
  it('builds events the API accepts, cut to its limits', () => {
    const built = clientEvent('x'.repeat(300), 'error', 'm'.repeat(5000), { blob: 'b'.repeat(10_000) }, '/a');
    expect(ClientLogEventSchema.safeParse(built).success).toBe(true);
    expect(built.type).toHaveLength(clientLogLimits.type);
    expect(built.message).toHaveLength(clientLogLimits.message);
    expect(built.path).toBe('/a');
  });

  it('never carries query strings (mailed tokens) of URLs', () => {
    expect(withoutQueries('failed at https://x.example/reset-password?token=abc.def boom')).toBe(
      'failed at https://x.example/reset-password boom',
    );
    expect(withoutQueries('/sns-login?accessToken=a&refreshToken=b')).toBe('/sns-login');
    expect(withoutQueries('정말 삭제할까요? 예')).toBe('정말 삭제할까요? 예');
    expect(clientEvent('error', 'error', 'at /email-verification?token=secret').message).toBe(
      'at /email-verification',
    );
  });
});

describe('sendClientLog', () => {
  let calls: Array<{ url: string; method: string | undefined; authorization: string | null; body: unknown }>;
  beforeEach(() => {
    calls = [];
    globalThis.sessionStorage = new MemoryStorage();
    globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({
        url: String(input),
        method: init.method,
        authorization: new Headers(init.headers).get('Authorization'),
        body: JSON.parse(String(init.body)),
      });
      return new Response(null, { status: 204 });
    }) as typeof fetch;
  });

  it('posts {events} to /api/log anonymously without a session', async () => {
    await sendClientLog([event(1)]);
    expect(calls).toEqual([
      { url: '/api/log', method: 'POST', authorization: null, body: { events: [event(1)] } },
    ]);
  });

  it('sends the access token when there is a session', async () => {
    writeTokenPair({ accessToken: 'access', refreshToken: 'refresh' });
    await sendClientLog([event(1)]);
    expect(calls[0]!.authorization).toBe('Bearer access');
  });
});
