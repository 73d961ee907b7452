import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { OAuthClient, OAuthConfig } from './oauth/providers';

/**
 * Configuration is environment only (docs/architecture.md "Running"). Every variable has a default that works
 * in the embedded mode; in production (NODE_ENV=production) the secrets must be given.
 */
const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('.data'),
  REDIS_URL: z.string().optional(),
  EVENTSTORE_URL: z.string().optional(),
  KAFKA_BROKERS: z.string().optional(),
  SMTP_URL: z.string().optional(),
  SMS_URL: z.string().default('log:'),
  JWT_SECRET: z.string().optional(),
  BOOTSTRAP_ADMIN_EMAIL: z.string().optional(),
  BOOTSTRAP_ADMIN_PASSWORD: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  KAKAO_CLIENT_ID: z.string().optional(),
  KAKAO_CLIENT_SECRET: z.string().optional(),
  NAVER_CLIENT_ID: z.string().optional(),
  NAVER_CLIENT_SECRET: z.string().optional(),
  CAFE24_CLIENT_ID: z.string().optional(),
  CAFE24_CLIENT_SECRET: z.string().optional(),
  KAKAO_AUTH_URL: z.url().default('https://kauth.kakao.com'),
  KAKAO_API_URL: z.url().default('https://kapi.kakao.com'),
  NAVER_AUTH_URL: z.url().default('https://nid.naver.com'),
  NAVER_API_URL: z.url().default('https://openapi.naver.com'),
  CAFE24_API_URL: z.string().includes('{mall_id}').default('https://{mall_id}.cafe24api.com'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'toss']).default('sandbox'),
  TOSS_SECRET_KEY: z.string().optional(),
  TOSS_CLIENT_KEY: z.string().optional(),
  TOSS_API_URL: z.url().default('https://api.tosspayments.com'),
  PDF_RENDER_THREADS: z.coerce.number().int().min(1).max(16).default(1),
  PDF_RENDER_QUEUE: z.coerce.number().int().min(0).max(1000).default(4),
  PDF_RENDER_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
});

export interface Config {
  production: boolean;
  port: number;
  host: string;
  /** Absent: the embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  eventStoreUrl: string | undefined;
  kafkaBrokers: string[];
  smtpUrl: string | undefined;
  smsUrl: string;
  /** Absent outside production: a random secret kept in the database is used. */
  jwtSecret: string | undefined;
  bootstrapAdmin: { email: string | undefined; password: string | undefined };
  publicUrl: string | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /**
   * The reverse proxies in front of the HTTP server (TRUST_PROXY): a hop count, or the proxies'
   * addresses and CIDR ranges. Undefined when not set: the all-in-one process then trusts none,
   * a service of the distributed stack its one gateway.
   */
  trustProxy: TrustProxy | undefined;
  /** Social and commerce-platform sign-in; a provider without a client id is off. */
  oauth: OAuthConfig;
  /** Card billing (README "Subscriptions and payments"): the embedded sandbox, or Toss Payments. */
  payments: PaymentsConfig;
  /** The 견적서 PDF's render threads (README "Configuration"). */
  pdfRendering: PdfRenderingConfig;
}

export interface PdfRenderingConfig {
  /** Renders at once, each in a thread of its own. */
  threads: number;
  /** Renders that may wait for a thread; one more is refused (503). */
  queue: number;
  /** How long one render may take, its wait for a thread included. */
  timeoutMs: number;
}

/** A hop count, or the addresses (and CIDR ranges) of the proxies whose X-Forwarded-For is believed. */
export type TrustProxy = number | string[];

/**
 * TRUST_PROXY: `0` (none), a hop count like `1`, or a comma-separated list of addresses and CIDR
 * ranges like `10.0.0.0/8,127.0.0.1` (also `loopback`, `linklocal`, `uniquelocal`). Never "true":
 * that believes the left-most address, which the client writes itself.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const named = ['loopback', 'linklocal', 'uniquelocal'];
  const bad = entries.filter((entry) => {
    if (named.includes(entry)) return false;
    const [address = '', bits, ...rest] = entry.split('/');
    return isIP(address) === 0 || rest.length > 0 || (bits !== undefined && !/^\d{1,3}$/.test(bits));
  });
  if (entries.length === 0 || bad.length) {
    throw new ConfigError(
      `TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses, not: ${text}`,
    );
  }
  return entries;
}

export interface PaymentsConfig {
  provider: 'sandbox' | 'toss';
  tossSecretKey: string | undefined;
  tossClientKey: string | undefined;
  tossApiUrl: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production) {
    if (!e.JWT_SECRET || e.JWT_SECRET.length < 32) {
      throw new ConfigError('JWT_SECRET must be set to at least 32 characters in production');
    }
    if (!e.DATABASE_URL) throw new ConfigError('DATABASE_URL must be set in production');
  }
  if (e.PAYMENT_PROVIDER === 'toss' && (!e.TOSS_SECRET_KEY || !e.TOSS_CLIENT_KEY)) {
    throw new ConfigError('TOSS_SECRET_KEY and TOSS_CLIENT_KEY must be set when PAYMENT_PROVIDER=toss');
  }
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: path.resolve(e.DATA_DIR),
    redisUrl: e.REDIS_URL || undefined,
    eventStoreUrl: e.EVENTSTORE_URL || undefined,
    kafkaBrokers: (e.KAFKA_BROKERS ?? '')
      .split(',')
      .map((b) => b.trim())
      .filter(Boolean),
    smtpUrl: e.SMTP_URL || undefined,
    smsUrl: e.SMS_URL,
    jwtSecret: e.JWT_SECRET || undefined,
    bootstrapAdmin: {
      email: e.BOOTSTRAP_ADMIN_EMAIL || undefined,
      password: e.BOOTSTRAP_ADMIN_PASSWORD || undefined,
    },
    publicUrl: e.PUBLIC_URL || undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    oauth: {
      kakao: oauthClient(e.KAKAO_CLIENT_ID, e.KAKAO_CLIENT_SECRET),
      naver: oauthClient(e.NAVER_CLIENT_ID, e.NAVER_CLIENT_SECRET),
      cafe24: oauthClient(e.CAFE24_CLIENT_ID, e.CAFE24_CLIENT_SECRET),
      kakaoAuthUrl: e.KAKAO_AUTH_URL,
      kakaoApiUrl: e.KAKAO_API_URL,
      naverAuthUrl: e.NAVER_AUTH_URL,
      naverApiUrl: e.NAVER_API_URL,
      cafe24ApiUrl: e.CAFE24_API_URL,
    },
    payments: {
      provider: e.PAYMENT_PROVIDER,
      tossSecretKey: e.TOSS_SECRET_KEY || undefined,
      tossClientKey: e.TOSS_CLIENT_KEY || undefined,
      tossApiUrl: e.TOSS_API_URL.replace(/\/+$/, ''),
    },
    pdfRendering: {
      threads: e.PDF_RENDER_THREADS,
      queue: e.PDF_RENDER_QUEUE,
      timeoutMs: e.PDF_RENDER_TIMEOUT_MS,
    },
  };
}

const oauthClient = (
  clientId: string | undefined,
  clientSecret: string | undefined,
): OAuthClient | undefined => (clientId ? { clientId, clientSecret: clientSecret || undefined } : undefined);
