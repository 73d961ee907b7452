import { LRUCache } from 'lru-cache';

/**
 * What a process remembers of something it looked up (a verified token, an open session, a
 * person's key): entries that expire at a time given with each, at most `limit` of them, the least
 * recently used forgotten first. Expiry is read on the wall clock (Date.now), as the times given are.
 */
export class ExpiringCache<K extends {}, V extends {}> {
  private readonly entries: LRUCache<K, V>;

  constructor(limit: number) {
    // Read the clock at every look (no cached time), so an entry is gone from its time on.
    this.entries = new LRUCache<K, V>({ max: limit, perf: { now: () => Date.now() }, ttlResolution: 0 });
  }

  /** The value, unless absent or expired (then forgotten). */
  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Remembers the value until `untilMs` (epoch milliseconds). */
  set(key: K, value: V, untilMs: number): void {
    // The library drops an entry once more than `ttl` has passed; this one is gone at `untilMs`.
    const ttl = Math.floor(untilMs - Date.now()) - 1;
    // Nothing left to remember it for (and a ttl of 0 would mean "for ever").
    if (ttl <= 0) this.entries.delete(key);
    else this.entries.set(key, value, { ttl });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
