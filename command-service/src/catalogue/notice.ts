import { isPublishedFor, noticeResource, positiveId, resourceTable, streamName } from '@interior/contracts';
import { notFound, parseInput, principalOf } from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Decider } from '../decider';
import { handleCommand } from '../decider';
import { awaitProjections, type CommandServiceDeps, metaOf } from '../deps';

type ViewEvent = { type: 'NoticeViewed'; data: { noticeId: number; userId: number } };

/** A reader's view of one notice is recorded once: the stream holds at most one event. */
export const noticeViewDecider: Decider<ViewEvent['data'], ViewEvent, boolean> = {
  initialState: () => false,
  evolve: () => true,
  decide: (command, seen) => (seen ? [] : [{ type: 'NoticeViewed', data: command }]),
};

/**
 * `POST /api/notice/{id}/view`: the reader opened the notice (the notice page calls it); 204.
 * Counted once per user; a notice the reader does not see is a 404.
 */
export function registerNoticeCommands(app: FastifyInstance, deps: CommandServiceDeps): void {
  const Params = z.object({ id: positiveId(noticeResource.invalidId) });
  const table = resourceTable(noticeResource);
  app.post('/api/notice/:id/view', async (request, reply) => {
    const principal = principalOf(request);
    const { id } = parseInput(Params, request.params);
    const notice = await deps.knex(table).where({ id }).first('publishFrom', 'publishTo', 'audience');
    const meta = metaOf(request);
    if (
      !notice ||
      !(principal.roles.includes('Admin') || isPublishedFor(notice, principal.roles, meta.now))
    ) {
      throw notFound(noticeResource.notFound);
    }
    const handled = await handleCommand(deps.store, {
      stream: streamName('NoticeView', `${id}-${principal.userId}`),
      decider: noticeViewDecider,
      command: { noticeId: id, userId: principal.userId },
      meta,
    });
    await awaitProjections(deps, reply, handled);
    return reply.status(204).send();
  });
}
