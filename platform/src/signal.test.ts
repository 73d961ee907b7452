import { Signal } from './signal';

/** Whether the promise has settled by the time the already queued callbacks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('Signal', () => {
  it('returns at once to a waiter whose version is out of date: no firing is missed', async () => {
    const signal = new Signal();
    const since = signal.version;
    signal.fire();
    expect(await settled(signal.wait(since, 60_000))).toBe(true);
  });

  it('wakes every waiter when it fires, and only then', async () => {
    const signal = new Signal();
    const waits = [signal.wait(signal.version, 60_000), signal.wait(signal.version, 60_000)];
    expect(await settled(Promise.race(waits))).toBe(false);
    signal.fire();
    expect(await settled(Promise.all(waits))).toBe(true);
  });

  it('wakes each waiter at its own timeout though they share one timer', async () => {
    const signal = new Signal();
    const long = signal.wait(signal.version, 60_000);
    const short = signal.wait(signal.version, 20);
    await short;
    expect(await settled(long)).toBe(false);
    const shorter = signal.wait(signal.version, 5);
    await shorter;
    expect(await settled(long)).toBe(false);
    signal.fire();
    await long;
  });

  it('times out the waits that come after a firing, each at its own deadline', async () => {
    // A fake clock (timers and performance.now) so the deadlines are checked exactly, not raced.
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const signal = new Signal();
      // A waiter before the firing leaves a timer behind that the firing must forget.
      const before = signal.wait(signal.version, 5);
      signal.fire();
      expect(await settled(before)).toBe(true);
      const later = signal.wait(signal.version, 10);
      jest.advanceTimersByTime(8);
      expect(await settled(later)).toBe(false);
      jest.advanceTimersByTime(2);
      expect(await settled(later)).toBe(true);
      const last = signal.wait(signal.version, 30);
      jest.advanceTimersByTime(28);
      expect(await settled(last)).toBe(false);
      jest.advanceTimersByTime(2);
      expect(await settled(last)).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
