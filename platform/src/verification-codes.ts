import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Mobile verification codes: six digits from a secure source, valid three
 * minutes, void after five wrong tries, used up only by the sign-up that carries them. Only a
 * keyed hash of the code is kept, under a key that is itself a keyed hash of the number.
 */
export const CODE_TTL_MS = 3 * 60_000;
export const MAX_WRONG_TRIES = 5;

export type CodeCheck = 'ok' | 'wrong' | 'missing';

export interface CodeStore {
  /** Keeps a new code for the key, replacing any earlier one. */
  put(key: string, codeHash: string, ttlMs: number): Promise<void>;
  /** Compares; a wrong try counts and the fifth voids the code; `consume` uses a match up. */
  check(key: string, codeHash: string, consume: boolean): Promise<CodeCheck>;
  /** Voids the key's code if it is still this one (a newer code is left alone). */
  discard(key: string, codeHash: string): Promise<void>;
}

export class VerificationCodes {
  constructor(
    private readonly store: CodeStore,
    private readonly secret: Buffer,
  ) {}

  static newCode(): string {
    return String(randomInt(0, 1_000_000)).padStart(6, '0');
  }

  hash(code: string): string {
    return createHmac('sha256', this.secret).update(code).digest('base64url');
  }

  async issue(key: string): Promise<string> {
    const code = VerificationCodes.newCode();
    await this.store.put(key, this.hash(code), CODE_TTL_MS);
    return code;
  }

  check(key: string, code: string): Promise<CodeCheck> {
    return this.store.check(key, this.hash(code), false);
  }

  consume(key: string, code: string): Promise<CodeCheck> {
    return this.store.check(key, this.hash(code), true);
  }

  /** Voids a code that never reached its number (the SMS could not be sent). */
  discard(key: string, code: string): Promise<void> {
    return this.store.discard(key, this.hash(code));
  }
}

const equal = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export class MemoryCodeStore implements CodeStore {
  private readonly codes = new Map<string, { hash: string; tries: number; expiresAt: number }>();

  async put(key: string, codeHash: string, ttlMs: number): Promise<void> {
    this.sweep();
    this.codes.set(key, { hash: codeHash, tries: 0, expiresAt: Date.now() + ttlMs });
  }

  async check(key: string, codeHash: string, consume: boolean): Promise<CodeCheck> {
    const entry = this.codes.get(key);
    if (!entry || entry.expiresAt <= Date.now()) {
      this.codes.delete(key);
      return 'missing';
    }
    if (!equal(entry.hash, codeHash)) {
      if (++entry.tries >= MAX_WRONG_TRIES) this.codes.delete(key);
      return 'wrong';
    }
    if (consume) this.codes.delete(key);
    return 'ok';
  }

  async discard(key: string, codeHash: string): Promise<void> {
    const entry = this.codes.get(key);
    if (entry && equal(entry.hash, codeHash)) this.codes.delete(key);
  }

  private sweep() {
    const now = Date.now();
    for (const [key, entry] of this.codes) if (entry.expiresAt <= now) this.codes.delete(key);
  }
}

/**
 * Redis keeps the code with a TTL; the check runs as one Lua script so concurrent tries count
 * exactly and a code is used up once. The script compares keyed hashes: their bytes are unknown to
 * whoever guesses, so the comparison's timing tells nothing.
 */
const CHECK_SCRIPT = `
local stored = redis.call('HGET', KEYS[1], 'h')
if not stored then return 'missing' end
if stored ~= ARGV[1] then
  local tries = redis.call('HINCRBY', KEYS[1], 't', 1)
  if tries >= tonumber(ARGV[3]) then redis.call('DEL', KEYS[1]) end
  return 'wrong'
end
if ARGV[2] == '1' then redis.call('DEL', KEYS[1]) end
return 'ok'`;

const DISCARD_SCRIPT = `
if redis.call('HGET', KEYS[1], 'h') == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0`;

export class RedisCodeStore implements CodeStore {
  constructor(private readonly redis: Redis) {}

  async put(key: string, codeHash: string, ttlMs: number): Promise<void> {
    await this.redis
      .multi()
      .del(`code:${key}`)
      .hset(`code:${key}`, 'h', codeHash, 't', 0)
      .pexpire(`code:${key}`, ttlMs)
      .exec();
  }

  async check(key: string, codeHash: string, consume: boolean): Promise<CodeCheck> {
    return (await this.redis.eval(
      CHECK_SCRIPT,
      1,
      `code:${key}`,
      codeHash,
      consume ? '1' : '0',
      MAX_WRONG_TRIES,
    )) as CodeCheck;
  }

  async discard(key: string, codeHash: string): Promise<void> {
    await this.redis.eval(DISCARD_SCRIPT, 1, `code:${key}`, codeHash);
  }
}
