import { messages, UserGroupId, type UserGroupRecord, userGroupSortable } from '@interior/contracts';
import {
  etagOf,
  type ListDefinition,
  notFound,
  parseInput,
  principalOf,
  readModels,
  readRecord,
} from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { QueryServiceDeps } from '../deps';
import { sendReadableList } from '../readable-list';

export const userGroupList: ListDefinition = {
  resource: 'usergroup',
  table: readModels.usergroups,
  sortable: userGroupSortable,
  defaultSort: ['registered', 'DESC'],
  filters: {
    name: 'text',
    description: 'text',
    members: 'integer',
    registered: 'timestamp',
    registeredBy: 'integer',
    updated: 'timestamp',
  },
  search: ['name', 'description'],
};

const Params = z.object({ id: UserGroupId });

/** Reads of the `usergroup` resource: the groups the caller may read (SPEC §2 Admin, or a grant). */
export function registerUserGroupQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  app.get('/api/usergroup', (request, reply) =>
    sendReadableList(deps, request, reply, 'UserGroup', userGroupList),
  );

  app.get('/api/usergroup/:id', async (request, reply) => {
    const { id } = parseInput(Params, request.params);
    await deps.permissions.require(
      principalOf(request),
      { type: 'UserGroup', id },
      'Read',
      messages.userGroupNotFound,
    );
    const record = await readRecord<UserGroupRecord>(deps.knex, readModels.usergroups, id);
    if (!record) throw notFound(messages.userGroupNotFound);
    return reply.header('etag', etagOf(record.version)).send(record);
  });
}
