import type { Redis } from 'ioredis';

/**
 * Short-lived values that must be used at most once (the pending sign-ins behind OAuth `state`,
 * SNS sign-up tickets): in Redis when REDIS_URL is set, so any process can finish what another
 * began, in process memory otherwise. `take` reads and deletes in one step, so of two requests
 * presenting the same key exactly one gets the value.
 */
export interface OneTimeStore {
  put(key: string, value: string, ttlMs: number): Promise<void>;
  get(key: string): Promise<string | null>;
  take(key: string): Promise<string | null>;
}

export class MemoryOneTimeStore implements OneTimeStore {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();

  async put(key: string, value: string, ttlMs: number): Promise<void> {
    const now = Date.now();
    for (const [k, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(k);
    this.entries.set(key, { value, expiresAt: now + ttlMs });
  }

  async get(key: string): Promise<string | null> {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry.value;
  }

  async take(key: string): Promise<string | null> {
    const value = await this.get(key);
    this.entries.delete(key);
    return value;
  }
}

export class RedisOneTimeStore implements OneTimeStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'once:',
  ) {}

  async put(key: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(this.prefix + key, value, 'PX', ttlMs);
  }

  get(key: string): Promise<string | null> {
    return this.redis.get(this.prefix + key);
  }

  take(key: string): Promise<string | null> {
    return this.redis.getdel(this.prefix + key);
  }
}
