import { type ListDefinition, queryList, requireRole, sendList } from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import type { QueryServiceDeps } from '../deps';

/** What browsers reported through the client log, for Admins: resource `clientlog`. */
export const clientLogList: ListDefinition = {
  resource: 'clientlog',
  // bigserial ids
  idKind: 'bigint',
  table: 'client_logs',
  sortable: ['id', 'occurredAt', 'receivedAt', 'level', 'type'],
  defaultSort: ['id', 'DESC'],
  filters: {
    level: 'text',
    type: 'text',
    userId: 'integer',
    occurredAt: 'timestamp',
    receivedAt: 'timestamp',
  },
  search: ['message', 'type', 'path'],
};

export function registerClientLogQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  app.get('/api/clientlog', async (request, reply) => {
    requireRole(request, 'Admin');
    return sendList(
      reply,
      clientLogList.resource,
      await queryList(deps.knex, clientLogList, request.query as Record<string, unknown>),
    );
  });
}
