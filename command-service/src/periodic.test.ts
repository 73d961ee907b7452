import { startPeriodicJob } from './periodic';

describe('a periodic job', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs every interval, a failed pass logged and the next run as planned', async () => {
    const passes: number[] = [];
    const logged: string[] = [];
    const job = startPeriodicJob(
      'quote expiry',
      1_000,
      async () => {
        passes.push(Date.now());
        if (passes.length === 1) throw new Error('database away');
      },
      { error: (_object, message) => logged.push(message) },
    );
    await jest.advanceTimersByTimeAsync(999);
    expect(passes).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(2_001);
    expect(passes).toHaveLength(3);
    expect(logged).toEqual(['quote expiry failed']);
    await job.stop();
  });

  it('leaves no timer once stopped, and waits for a pass under way', async () => {
    let finish = () => {};
    let finished = false;
    const job = startPeriodicJob('quote expiry', 1_000, async () => {
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      finished = true;
    });
    expect(jest.getTimerCount()).toBe(1);
    await jest.advanceTimersByTimeAsync(1_000);
    const stopped = job.stop();
    expect(jest.getTimerCount()).toBe(0);
    let done = false;
    void stopped.then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    finish();
    await stopped;
    expect(finished).toBe(true);
  });
});
