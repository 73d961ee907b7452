import { ExpiringCache } from './expiring-cache';

describe('ExpiringCache', () => {
  beforeEach(() => {
    // A fake wall clock: expiry is checked at its exact time, not raced.
    jest.useFakeTimers({ now: new Date('2026-11-01T00:00:00Z') });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('gives a value until the time it was given with, then forgets it', () => {
    const cache = new ExpiringCache<string, string>(10);
    cache.set('a', '가', Date.now() + 1000);
    jest.advanceTimersByTime(999);
    expect(cache.get('a')).toBe('가');
    jest.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not remember a value whose time has passed, and forgets what it held under that key', () => {
    const cache = new ExpiringCache<string, string>(10);
    cache.set('a', '가', Date.now() + 1000);
    cache.set('a', '나', Date.now());
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps at most its limit, the least recently used forgotten first', () => {
    const cache = new ExpiringCache<string, number>(3);
    const until = Date.now() + 60_000;
    for (const [key, value] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      cache.set(key, value, until);
    expect(cache.get('a')).toBe(1);
    cache.set('d', 4, until);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([1, 3, 4]);
    cache.delete('c');
    expect(cache.get('c')).toBeUndefined();
  });
});
