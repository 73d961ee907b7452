import type { CommandServiceDeps } from './deps';
import { startTrashPurge } from './design/trash-purge';
import { EstimationAssignmentGrants } from './estimation/assignment-grants';
import { startQuoteExpiry } from './estimation/quote-expiry';
import { startSubscriptionWorkers } from './subscription';

interface Logger {
  error(object: unknown, message: string): void;
  warn(object: unknown, message?: string): void;
}

/**
 * What a process hosting the command side runs besides its routes: the subscription workers
 * (default plans, role process, renewals), the process manager of estimations' assignment grants,
 * the hourly quote expiry and the hourly purge of designs trashed 30 days ago. Started once the process's dependencies are open; `stop` ends them
 * all (timers cleared, loops ended) before those dependencies close. Several processes may run
 * them at once: each converges or is idempotent.
 */
export async function startCommandWorkers(deps: CommandServiceDeps, logger?: Logger) {
  const started: { stop(): Promise<void> }[] = [];
  const stop = async () => {
    for (const part of started.splice(0).reverse()) await part.stop();
  };
  try {
    started.push(await startSubscriptionWorkers(deps, logger));
    const grants = new EstimationAssignmentGrants({ knex: deps.knex, store: deps.store, logger });
    await grants.start();
    started.push(grants);
    started.push(startQuoteExpiry(deps, logger));
    started.push(startTrashPurge(deps, logger));
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
