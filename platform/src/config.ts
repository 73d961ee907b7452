import path from 'node:path';
import { z } from 'zod';

/**
 * Configuration is environment only (DESIGN.md "Running"). Every variable has a default that works
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
  };
}
