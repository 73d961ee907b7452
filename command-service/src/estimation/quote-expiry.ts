import { type EstimationRecord, estimationReadModels, streamName } from '@interior/contracts';
import { DomainError } from '@interior/platform';
import { handleCommand } from '../decider';
import { awaitProjections, type CommandServiceDeps } from '../deps';
import { type PeriodicJob, startPeriodicJob } from '../periodic';
import { estimationDecider } from './decide';

/** How often the service looks for quotes to expire. */
export const QUOTE_EXPIRY_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Expires quotes whose 30 days have passed without an answer (docs/estimations.md). Run by the
 * service every hour and by an Admin at `POST /api/estimation/expire`; `now` is given so tests move
 * the clock.
 */
export async function expireQuotes(deps: CommandServiceDeps, now: Date): Promise<number> {
  const due = await deps
    .knex(estimationReadModels.estimations)
    .where({ state: 'Quoted' })
    .where('validUntil', '<=', now)
    .select<Pick<EstimationRecord, 'id'>[]>('id')
    .limit(1000);
  const handled = [];
  for (const { id } of due) {
    try {
      handled.push(
        await handleCommand(deps.store, {
          stream: streamName('Estimation', id),
          decider: estimationDecider,
          command: { type: 'ExpireQuote', now },
          meta: { actorId: null, correlationId: `estimation-expiry-${now.toISOString()}`, now },
        }),
      );
    } catch (error) {
      // Answered meanwhile (accepted, rejected, cancelled): nothing to expire.
      if (!(error instanceof DomainError)) throw error;
    }
  }
  await awaitProjections(deps, null, ...handled);
  return handled.filter((h) => h.events.length > 0).length;
}

/** The hourly expiry of quotes, run by a process hosting the command side (workers.ts). */
export function startQuoteExpiry(
  deps: CommandServiceDeps,
  logger?: { error(object: unknown, message: string): void },
  options: { clock?: () => Date; intervalMs?: number } = {},
): PeriodicJob {
  const clock = options.clock ?? (() => new Date());
  return startPeriodicJob(
    'quote expiry',
    options.intervalMs ?? QUOTE_EXPIRY_INTERVAL_MS,
    () => expireQuotes(deps, clock()),
    logger,
  );
}
