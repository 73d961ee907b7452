import type { Redis } from 'ioredis';
import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { tooManyRequests } from './errors';

/**
 * Limits on sizes and rates (docs/architecture.md), in Redis when REDIS_URL is set so
 * every process counts together, in process memory otherwise. Keys that name a person (an e-mail
 * address, a phone number) are passed already hashed with LookupKeys.
 */
export const rateLimitRules = {
  /** Sign-in attempts from one address. */
  loginPerIp: { points: 30, duration: 10 * 60 },
  /** Failed sign-ins of one account, then a 15-minute pause. */
  loginFailuresPerAccount: { points: 10, duration: 15 * 60, blockDuration: 15 * 60 },
  /** SMS codes: one a minute, five an hour, ten a day per number; thirty a day per address. */
  codeResendPerNumber: { points: 1, duration: 60 },
  codePerNumberHour: { points: 5, duration: 60 * 60 },
  codePerNumberDay: { points: 10, duration: 24 * 60 * 60 },
  codePerIpDay: { points: 30, duration: 24 * 60 * 60 },
  /** Code checks from one address (each number also voids after five wrong tries). */
  codeCheckPerIp: { points: 60, duration: 10 * 60 },
  signupPerIp: { points: 30, duration: 60 * 60 },
  /** Mails a person can trigger: verification resend, password recovery. */
  mailPerAddress: { points: 3, duration: 60 * 60 },
  mailPerIp: { points: 20, duration: 60 * 60 },
  /** Client log uploads (one a minute is normal). */
  clientLogPerUser: { points: 10, duration: 60 },
  // Files for records (images, models, attachments): generous for an Admin filling a catalogue.
  uploadPerUser: { points: 120, duration: 60 * 60 },
  /** Designs shared by e-mail: each mails an address, and must not become a way to probe them. */
  sharePerUser: { points: 30, duration: 60 * 60 },
} as const satisfies Record<string, Pick<IRateLimiterOptions, 'points' | 'duration' | 'blockDuration'>>;

export type RateLimitName = keyof typeof rateLimitRules;
export type RateLimitRule = Pick<IRateLimiterOptions, 'points' | 'duration' | 'blockDuration'>;

export class RateLimits {
  private readonly limiters = new Map<RateLimitName, RateLimiterAbstract>();
  private readonly rules: Record<RateLimitName, RateLimitRule>;

  /**
   * `overrides` change single rules (tests that send everything from one address); `namespace`
   * keeps the counts of platforms that share one Redis but not their users apart (user ids repeat).
   */
  constructor(redis?: Redis, overrides: Partial<Record<RateLimitName, RateLimitRule>> = {}, namespace = '') {
    this.rules = { ...rateLimitRules, ...overrides };
    for (const [name, rule] of Object.entries(this.rules) as [RateLimitName, RateLimitRule][]) {
      const options = { ...rule, keyPrefix: namespace ? `rl:${namespace}:${name}` : `rl:${name}` };
      this.limiters.set(
        name,
        redis ? new RateLimiterRedis({ ...options, storeClient: redis }) : new RateLimiterMemory(options),
      );
    }
  }

  /** Counts one use; past the limit, a 429 with Retry-After. */
  async consume(name: RateLimitName, key: string, points = 1): Promise<void> {
    try {
      await this.limiters.get(name)!.consume(key, points);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooManyRequests(error.msBeforeNext / 1000);
      throw error;
    }
  }

  /** Throws the 429 without counting, when the key is already over its limit. */
  async check(name: RateLimitName, key: string): Promise<void> {
    const state = await this.limiters.get(name)!.get(key);
    if (state && state.consumedPoints >= (this.rules[name].points ?? 0))
      throw tooManyRequests(state.msBeforeNext / 1000);
  }

  /**
   * Gives back points a use consumed when the use did not happen after all (an SMS the gateway
   * failed to send must not cost the visitor their resend minute or their daily codes).
   */
  async reward(name: RateLimitName, key: string, points = 1): Promise<void> {
    await this.limiters.get(name)!.reward(key, points);
  }

  /** Forgets a key's count (a successful sign-in clears its failures). */
  async reset(name: RateLimitName, key: string): Promise<void> {
    await this.limiters.get(name)!.delete(key);
  }
}
