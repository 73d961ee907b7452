import type { ObjectType } from '@interior/contracts';
import { type ListDefinition, listAnswer, principalOf, queryList, sendList } from '@interior/platform';
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
  /**
   * The projections the list is read from, when nothing else decides its rows (no audience, no
   * subtree filter reading another table): its answers may then be remembered (AnswerCache).
   */
  readModels?: readonly string[],
) {
  const principal = principalOf(request);
  const make = async () => {
    const scope = await deps.permissions.listScope(principal, type, list.table);
    const both =
      scope && narrow
        ? (builder: Knex.QueryBuilder) => {
            builder.where(scope).where(narrow);
          }
        : (scope ?? narrow);
    return queryList(deps.knex, list, request.query as Record<string, unknown>, both);
  };
  if (!deps.answers || !readModels || narrow || Object.keys(list.subtrees ?? {}).length > 0) {
    return sendList(reply, list.resource, await make());
  }
  // Who asks decides what may be read (their grants, groups and roles): part of what is asked.
  const caller = `${principal.userId}|${principal.roles.join(',')}|${principal.groups.join(',')}`;
  return deps.answers.send(request, reply, readModels, `${caller}|${request.url}`, async () =>
    listAnswer(list.resource, await make()),
  );
}
