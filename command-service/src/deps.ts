import type {
  AccessTokens,
  ActionTokens,
  Config,
  EventStore,
  LookupKeys,
  OAuthRuntime,
  Permissions,
  PiiVault,
  Position,
  ProjectionWaiter,
  RateLimits,
  Runtime,
  SmsSender,
  VerificationCodes,
} from '@interior/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import type { CommandMeta, Handled } from './decider';
import { Snapshots, snapshotsOf, useSnapshots } from './snapshots';

/** What the command handlers need, wired by the process that hosts them. */
export interface CommandServiceDeps {
  knex: Knex;
  store: EventStore;
  waiter: ProjectionWaiter;
  vault: PiiVault;
  lookupKeys: LookupKeys;
  tokens: AccessTokens;
  actionTokens: ActionTokens;
  rateLimits: RateLimits;
  codes: VerificationCodes;
  sms: SmsSender;
  permissions: Permissions;
  oauth: OAuthRuntime;
  config: Config;
}

/** The parts of the process's Runtime (platform/src/runtime.ts) the command side uses. */
export function commandDepsOf(runtime: Runtime): CommandServiceDeps {
  const { db, store, waiter, vault, lookupKeys, tokens, actionTokens, rateLimits, codes, sms, permissions } =
    runtime;
  if (!snapshotsOf(store)) {
    useSnapshots(
      store,
      new Snapshots(db.knex, (error) => runtime.logger.warn({ err: error }, 'stream snapshot not taken')),
    );
  }
  return {
    knex: db.knex,
    store,
    waiter,
    vault,
    lookupKeys,
    tokens,
    actionTokens,
    rateLimits,
    codes,
    sms,
    permissions,
    oauth: runtime.oauth,
    config: runtime.config,
  };
}

export function metaOf(request: FastifyRequest): CommandMeta {
  return { actorId: request.principal?.userId ?? null, correlationId: request.id, now: new Date() };
}

/**
 * Read your writes: answer only once the read models show what the request wrote (every command
 * it ran, so all their event types count), or after a bounded wait with `x-read-model: behind`
 * so the client knows. Returns the position waited for (RecentRows answers as of it), or null
 * when nothing was appended or the wait ran out.
 */
export async function awaitProjections(
  deps: Pick<CommandServiceDeps, 'waiter' | 'store'>,
  reply: FastifyReply | null,
  ...handled: Pick<Handled<unknown, { type: string }>, 'position' | 'events'>[]
): Promise<Position | null> {
  const positions = handled.map((h) => h.position).filter((p): p is string => p !== null);
  if (positions.length === 0) return null;
  const last = positions.reduce((a, b) => (deps.store.comparePositions(a, b) >= 0 ? a : b));
  const types = [...new Set(handled.flatMap((h) => h.events.map((e) => e.type)))];
  if (!(await deps.waiter.waitFor(last, types))) {
    reply?.header('x-read-model', 'behind');
    return null;
  }
  return last;
}
