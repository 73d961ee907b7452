import { paymentProviderOf } from '../billing/factory';
import type { CommandServiceDeps } from '../deps';
import { startPeriodicJob } from '../periodic';
import { Billing } from './billing';
import { ensureDefaultPlans } from './default-plans';
import { SubscriptionRoleProcess } from './role-process';
import type { SubscriptionWiring } from './routes';

interface Logger {
  error(object: unknown, message: string): void;
  warn(object: unknown, message?: string): void;
}

/** Renewals are looked for this often by the service itself (and on demand by POST /api/billing/run). */
export const RENEWAL_INTERVAL_MS = 60 * 60 * 1000;

const wirings = new WeakMap<CommandServiceDeps, SubscriptionWiring>();

/** One provider, billing and role process per set of dependencies (the routes and the workers share them). */
export function subscriptionWiringOf(deps: CommandServiceDeps): SubscriptionWiring {
  let wiring = wirings.get(deps);
  if (!wiring) {
    const provider = paymentProviderOf(deps.config.payments, deps.knex);
    wiring = {
      provider,
      billing: new Billing(deps, provider),
      roles: new SubscriptionRoleProcess({ knex: deps.knex, store: deps.store }),
    };
    wirings.set(deps, wiring);
  }
  return wiring;
}

/**
 * What a process hosting the command side runs besides its routes: the default plans (once), the
 * role process manager, and the hourly renewal job. Several processes may run them at once:
 * charges are idempotent by order id and role commands converge.
 */
export async function startSubscriptionWorkers(deps: CommandServiceDeps, logger?: Logger) {
  const wiring = subscriptionWiringOf(deps);
  await ensureDefaultPlans(deps);
  const roles = new SubscriptionRoleProcess({ knex: deps.knex, store: deps.store, logger });
  await roles.start();
  const renewals = startPeriodicJob(
    'renewal run',
    RENEWAL_INTERVAL_MS,
    () => wiring.billing.runDue(new Date()),
    logger,
  );
  return {
    async stop() {
      await renewals.stop();
      await roles.stop();
    },
  };
}
