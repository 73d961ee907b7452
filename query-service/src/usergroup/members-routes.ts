import { messages, UserGroupId } from '@interior/contracts';
import { notFound, parseInput, principalOf, queryList, readModels, sendList } from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { QueryServiceDeps } from '../deps';
import { requireReadable } from '../record-access';
import { userList } from '../user/routes';

const Params = z.object({ id: UserGroupId });

/**
 * `GET api/usergroup/{id}/members`: the group page's 구성원, a simple-rest list of the group's
 * users (sorted, searched and filtered as the user list is), for whoever may read the group, and
 * of those users only the ones the caller may read (and the caller).
 */
export function registerGroupMemberQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  app.get('/api/usergroup/:id/members', async (request, reply) => {
    const { id } = parseInput(Params, request.params);
    const principal = principalOf(request);
    await requireReadable(deps, principal, { type: 'UserGroup', id }, messages.userGroupNotFound);
    const group = await deps.knex(readModels.usergroups).where({ id }).first('id');
    if (!group) throw notFound(messages.userGroupNotFound);
    const readable = await deps.permissions.listScope(principal, 'User', userList.table);
    const result = await queryList(
      deps.knex,
      userList,
      request.query as Record<string, unknown>,
      (builder) => {
        builder.whereRaw('? = any(??)', [id, `${userList.table}.groups`]);
        // The caller always sees themselves among the members.
        if (readable)
          builder.where((q) => q.where(readable).orWhere(`${userList.table}.id`, principal.userId));
      },
    );
    return sendList(reply, userList.resource, result);
  });
}
