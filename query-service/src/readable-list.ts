import type { ObjectType } from '@interior/contracts';
import { type ListDefinition, principalOf, queryList, sendList } from '@interior/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { QueryServiceDeps } from './deps';

/**
 * A simple-rest list of a resource limited to the rows the caller may read (their total in
 * Content-Range counts only those).
 */
export async function sendReadableList(
  deps: QueryServiceDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  type: ObjectType,
  list: ListDefinition,
) {
  const scope = await deps.permissions.listScope(principalOf(request), type, list.table);
  const result = await queryList(
    deps.knex,
    list,
    request.query as Record<string, unknown>,
    scope ?? undefined,
  );
  return sendList(reply, list.resource, result);
}
