/**
 * What a process remembers of something it looked up (a verified token, an open session, a
 * person's key): entries that expire, at most `limit` of them, the oldest forgotten first. Its own
 * code because it is a dozen lines over a Map, which no package of the project offers.
 */
export class ExpiringCache<K, V> {
  private readonly entries = new Map<K, { value: V; untilMs: number }>();

  constructor(private readonly limit: number) {}

  /** The value, unless absent or expired (then forgotten). */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() < entry.untilMs) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Remembers the value until `untilMs` (epoch milliseconds). */
  set(key: K, value: V, untilMs: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, untilMs });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
