import { type BusinessProfile, messages, type User, UserId } from '@interior/contracts';
import {
  etagOf,
  type ListDefinition,
  notFound,
  parseInput,
  principalOf,
  readModels,
  readRecord,
  readUserDetail,
  requireRouteAccess,
  unauthorized,
  userRecordColumns,
} from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { QueryServiceDeps } from '../deps';
import { sendReadableList } from '../readable-list';
import { requireReadable } from '../record-access';

export const userList: ListDefinition = {
  resource: 'user',
  table: readModels.users,
  sortable: ['id', 'name', 'email', 'status', 'registered', 'lastConnected'],
  defaultSort: ['registered', 'DESC'],
  // Never signed in, or erased: "most recent first" starts with users who have a value.
  nullable: ['name', 'email', 'lastConnected'],
  filters: {
    status: 'text',
    roles: 'arrayContains',
    groups: 'arrayContains',
    accountType: 'text',
    registered: 'timestamp',
    lastConnected: 'timestamp',
  },
  arrayElement: { roles: 'text', groups: 'integer' },
  search: ['name', 'email'],
  columns: userRecordColumns,
};

const Params = z.object({ id: UserId });

/** The signed-in user's own detail, and the `user` resource (for the Admin role, or a grant). */
export function registerUserQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  app.get('/api/user/current', async (request) => {
    const detail = await readUserDetail(deps.knex, principalOf(request).userId);
    if (!detail) throw unauthorized();
    return detail;
  });

  app.get('/api/user/current/business', async (request) => {
    const profile = await deps
      .knex(readModels.businessProfiles)
      .where({ userId: requireRouteAccess(request, 'business-profile').userId })
      .first(
        'id',
        'registrationNumber',
        'representative',
        'mobile',
        'telephone',
        'address',
        'industry',
        'description',
      );
    if (!profile) throw notFound(messages.businessProfileNotFound);
    return profile satisfies BusinessProfile;
  });

  app.get('/api/user', (request, reply) => sendReadableList(deps, request, reply, 'User', userList));

  app.get('/api/user/:id', async (request, reply) => {
    const { id } = parseInput(Params, request.params);
    await requireReadable(deps, principalOf(request), { type: 'User', id }, messages.userNotFound);
    const record = await readRecord<User>(deps.knex, readModels.users, id, userRecordColumns);
    if (!record) throw notFound(messages.userNotFound);
    return reply.header('etag', etagOf(record.version)).send(record);
  });
}
