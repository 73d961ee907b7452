import type { ObjectType } from '@interior/contracts';
import { type ListDefinition, principalOf, queryList, sendList } from '@interior/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
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
  /** What the route shows beyond what the caller may read (a read route's audience). */
  narrow?: (builder: Knex.QueryBuilder) => void,
) {
  const scope = await deps.permissions.listScope(principalOf(request), type, list.table);
  const both =
    scope && narrow
      ? (builder: Knex.QueryBuilder) => {
          builder.where(scope).where(narrow);
        }
      : (scope ?? narrow);
  const result = await queryList(deps.knex, list, request.query as Record<string, unknown>, both);
  return sendList(reply, list.resource, result);
}
