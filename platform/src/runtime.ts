import { hkdfSync } from 'node:crypto';
import type { OAuthProviderName } from '@interior/contracts';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { ActionTokens } from './auth/action-tokens';
import { Authenticator } from './auth/authenticate';
import { Permissions } from './auth/permissions';
import { AccessTokens } from './auth/tokens';
import type { Config } from './config';
import { shareSignal } from './db/channel';
import { type Database, openDatabase } from './db/database';
import { migratePlatform } from './db/migrations';
import { openKurrentDbEventStore } from './eventstore/kurrentdb';
import type { EventStore } from './eventstore/port';
import { createPostgresEventStore } from './eventstore/postgres';
import { createLogger } from './http/logging';
import { createMailTransport, type MailTransport } from './mail';
import { MemoryOneTimeStore, RedisOneTimeStore } from './oauth/one-time-store';
import { configuredProviders, type OAuthProvider } from './oauth/providers';
import { OAuthStates } from './oauth/state';
import { EstimatePdfPool } from './pdf/render-pool';
import { PiiVault } from './pii';
import { type RateLimitName, type RateLimitRule, RateLimits } from './rate-limit';
import { ProjectionWaiter } from './read-models';
import { openRedis, redisReady } from './redis';
import { LookupKeys, loadOrCreateSecret } from './secrets';
import { Signal } from './signal';
import { createSmsSender, type SmsSender } from './sms';
import { MemoryCodeStore, RedisCodeStore, VerificationCodes } from './verification-codes';

/**
 * Everything a service process shares, wired in one place: the database (embedded PGlite or
 * PostgreSQL), the event store (PostgreSQL, or KurrentDB when EVENTSTORE_URL is set), secrets,
 * the personal-data vault, tokens and the read-your-writes waiter.
 */
export interface Runtime {
  config: Config;
  /** The process's own log (request logs are the HTTP app's), at LOG_LEVEL. */
  logger: Logger;
  db: Database;
  store: EventStore;
  vault: PiiVault;
  lookupKeys: LookupKeys;
  tokens: AccessTokens;
  /** One-time links sent by e-mail. */
  actionTokens: ActionTokens;
  authenticator: Authenticator;
  permissions: Permissions;
  /** Shared state between processes when REDIS_URL is set. */
  redis: Redis | null;
  rateLimits: RateLimits;
  codes: VerificationCodes;
  sms: SmsSender;
  mail: MailTransport;
  /** The address links in mails point to. */
  publicUrl: string;
  /**
   * Fired by an in-process projection runner after each batch, or, between the services' processes,
   * by the projections' process (db/channel.ts shareSignal); waiters poll without it.
   */
  checkpoints: Signal;
  waiter: ProjectionWaiter;
  /** Social and commerce-platform sign-in: the configured providers and the pending sign-ins. */
  oauth: OAuthRuntime;
  /** The 견적서 PDFs, rendered off the event loop; its threads start on the first render. */
  estimatePdfs: EstimatePdfPool;
  close(): Promise<void>;
}

export interface OAuthRuntime {
  providers: Map<OAuthProviderName, OAuthProvider>;
  states: OAuthStates;
  /** PUBLIC_URL when set; otherwise the callback address is the request's own origin. */
  publicUrl: string | undefined;
}

export interface RuntimeOptions {
  applicationName: string;
  /** Changes single rate-limit rules (tests send everything from one address). */
  rateLimits?: Partial<Record<RateLimitName, RateLimitRule>>;
  /** Keeps this platform's rate-limit counts apart in a Redis shared with others (tests). */
  rateLimitNamespace?: string;
  /**
   * One service of several processes on one database: appends wake the other processes' readers
   * at once (PostgresEventStoreOptions.wakeOtherProcesses), and the projections' batches their
   * waiters (`checkpoints`), instead of at their next poll.
   */
  wakeOtherProcesses?: boolean;
}

export async function openRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  const redis = config.redisUrl ? openRedis(config.redisUrl) : null;
  if (redis) await redisReady(redis);
  const db = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    applicationName: options.applicationName,
  });
  try {
    await migratePlatform(db.knex);
    const store = config.eventStoreUrl
      ? openKurrentDbEventStore(config.eventStoreUrl)
      : createPostgresEventStore(db.knex, {
          pollIntervalMs: 100,
          prepared: !db.embedded,
          wakeOtherProcesses: !db.embedded && options.wakeOtherProcesses === true,
        });
    const jwtSecret = config.jwtSecret
      ? new TextEncoder().encode(config.jwtSecret)
      : new Uint8Array(await loadOrCreateSecret(db.knex, 'jwt'));
    const tokens = new AccessTokens(jwtSecret);
    // Mailed links get a key of their own, derived from the signing secret.
    const actionKey = new Uint8Array(hkdfSync('sha256', jwtSecret, 'interior', 'action-tokens', 32));
    const checkpoints = new Signal();
    // Services in processes of their own: a batch of the projections' process wakes the waiters here.
    const sharedCheckpoints =
      !db.embedded && options.wakeOtherProcesses === true ? await shareSignal(db.knex, checkpoints) : null;
    const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
    const logger = createLogger(config.logLevel);
    const estimatePdfs = new EstimatePdfPool(config.pdfRendering, (error) =>
      logger.error({ err: error }, 'a PDF render thread failed'),
    );
    return {
      config,
      logger,
      db,
      store,
      vault: new PiiVault(db.knex, { logger }),
      lookupKeys: await LookupKeys.load(db.knex),
      tokens,
      actionTokens: new ActionTokens(actionKey),
      authenticator: new Authenticator(db.knex, tokens),
      permissions: new Permissions(db.knex),
      redis,
      rateLimits: new RateLimits(redis ?? undefined, options.rateLimits, options.rateLimitNamespace),
      codes: new VerificationCodes(
        redis ? new RedisCodeStore(redis) : new MemoryCodeStore(),
        await loadOrCreateSecret(db.knex, 'code-hash'),
      ),
      sms: createSmsSender(config.smsUrl, (message) => process.stdout.write(`${message}\n`)),
      mail: createMailTransport(
        config.smtpUrl,
        `"인테리어 플랫폼" <no-reply@${new URL(publicUrl).hostname}>`,
      ),
      publicUrl,
      checkpoints,
      waiter: new ProjectionWaiter(db.knex, (a, b) => store.comparePositions(a, b), checkpoints),
      oauth: {
        providers: configuredProviders(config.oauth),
        states: new OAuthStates(
          // A key of its own for `state`, derived from the signing secret like the mailed links'.
          new Uint8Array(hkdfSync('sha256', jwtSecret, 'interior', 'oauth-state', 32)),
          redis ? new RedisOneTimeStore(redis) : new MemoryOneTimeStore(),
        ),
        publicUrl: config.publicUrl,
      },
      estimatePdfs,
      async close() {
        await estimatePdfs.close();
        await store.close();
        await sharedCheckpoints?.close();
        await db.close();
        redis?.disconnect();
      },
    };
  } catch (error) {
    await db.close();
    redis?.disconnect();
    throw error;
  }
}
