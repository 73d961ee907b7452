import { DESIGN_TRASH_DAYS, type DesignRecord, designReadModels, streamName } from '@interior/contracts';
import { handleCommand } from '../decider';
import { awaitProjections, type CommandServiceDeps } from '../deps';
import { type PeriodicJob, startPeriodicJob } from '../periodic';
import { designDecider } from './decide';

/** How often the service looks for trashed designs to purge. */
export const TRASH_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes for good the designs trashed more than 30 days before `now` (docs/domain.md). Run by the
 * service on a timer; `now` is given so tests can move the clock.
 */
export async function purgeExpiredDesigns(deps: CommandServiceDeps, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - DESIGN_TRASH_DAYS * 24 * 60 * 60 * 1000);
  const due = await deps
    .knex(designReadModels.designs)
    .where({ status: 'Trashed' })
    .where('trashedAt', '<=', cutoff)
    .select<Pick<DesignRecord, 'id'>[]>('id')
    .limit(1000);
  const handled = [];
  for (const { id } of due) {
    handled.push(
      await handleCommand(deps.store, {
        stream: streamName('Design', id),
        decider: designDecider,
        command: { type: 'PurgeDesign', automatic: true, now },
        meta: { actorId: null, correlationId: `design-purge-${now.toISOString()}`, now },
      }),
    );
  }
  await awaitProjections(deps, null, ...handled);
  return handled.filter((h) => h.events.length > 0).length;
}

/** The hourly purge of the trash, run by a process hosting the command side (workers.ts). */
export function startTrashPurge(
  deps: CommandServiceDeps,
  logger?: { error(object: unknown, message: string): void },
): PeriodicJob {
  return startPeriodicJob(
    'design purge',
    TRASH_PURGE_INTERVAL_MS,
    () => purgeExpiredDesigns(deps, new Date()),
    logger,
  );
}
