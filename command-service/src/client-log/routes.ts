import { ClientLogUploadSchema } from '@interior/contracts';
import { parseInput } from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import type { CommandServiceDeps } from '../deps';

/**
 * The client log: browsers send their queued events every minute. They are operational data
 * (not domain state, so rows rather than events), bounded in number and size, and readable by
 * Admins at /api/clientlog.
 */
export function registerClientLogCommands(app: FastifyInstance, deps: CommandServiceDeps): void {
  app.post('/api/log', { config: { public: true }, bodyLimit: 256 * 1024 }, async (request, reply) => {
    await deps.rateLimits.consume(
      'clientLogPerUser',
      request.principal ? `user:${request.principal.userId}` : request.ip,
    );
    const { events } = parseInput(ClientLogUploadSchema, request.body);
    if (events.length) {
      const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
      await deps.knex('client_logs').insert(
        events.map((e) => ({
          userId: request.principal?.userId ?? null,
          level: e.level,
          type: e.type,
          message: e.message,
          path: e.path ?? null,
          data: e.data === undefined ? null : JSON.stringify(e.data),
          occurredAt: new Date(e.occurredAt),
          userAgent,
        })),
      );
    }
    return reply.status(204).send();
  });
}
