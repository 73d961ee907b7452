import {
  messages,
  streamName,
  UserGroupId,
  UserGroupInputSchema,
  type UserGroupRecord,
} from '@interior/contracts';
import { etagOf, parseIfMatch, parseInput, principalOf, readModels, readRecord } from '@interior/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { handleCommand } from '../decider';
import { awaitProjections, type CommandServiceDeps, metaOf } from '../deps';
import { nextId } from '../ids';
import { userGroupDecider } from './decide';

const Params = z.object({ id: UserGroupId });

/** Writes of the `usergroup` resource (SPEC §3, §5): Write on the group, or on every group to create. */
export function registerUserGroupCommands(app: FastifyInstance, deps: CommandServiceDeps): void {
  const record = (id: number) => readRecord<UserGroupRecord>(deps.knex, readModels.usergroups, id);
  const idOf = (request: FastifyRequest) => parseInput(Params, request.params).id;

  const mayWrite = (request: FastifyRequest, id?: number) =>
    deps.permissions.require(
      principalOf(request),
      id ? { type: 'UserGroup', id } : { type: 'UserGroup' },
      'Write',
      messages.userGroupNotFound,
    );

  app.post('/api/usergroup', async (request, reply) => {
    await mayWrite(request);
    const input = parseInput(UserGroupInputSchema, request.body);
    const id = await nextId(deps.knex, 'UserGroup');
    const handled = await handleCommand(deps.store, {
      stream: streamName('UserGroup', id),
      decider: userGroupDecider,
      command: { type: 'CreateUserGroup', id, ...input },
      meta: metaOf(request),
    });
    await awaitProjections(deps, reply, handled);
    const created = await record(id);
    if (created) reply.header('etag', etagOf(created.version));
    return reply.status(201).send(created ?? { id, ...input, version: handled.revision });
  });

  app.put('/api/usergroup/:id', async (request, reply) => {
    const id = idOf(request);
    await mayWrite(request, id);
    const input = parseInput(UserGroupInputSchema, request.body);
    const handled = await handleCommand(deps.store, {
      stream: streamName('UserGroup', id),
      decider: userGroupDecider,
      command: { type: 'UpdateUserGroup', ...input },
      meta: metaOf(request),
      ifMatch: parseIfMatch(request.headers['if-match']),
    });
    await awaitProjections(deps, reply, handled);
    const updated = await record(id);
    if (updated) reply.header('etag', etagOf(updated.version));
    return updated ?? { id, ...input, version: handled.revision };
  });

  app.delete('/api/usergroup/:id', async (request, reply) => {
    const id = idOf(request);
    await mayWrite(request, id);
    const before = await record(id);
    const handled = await handleCommand(deps.store, {
      stream: streamName('UserGroup', id),
      decider: userGroupDecider,
      command: { type: 'DeleteUserGroup' },
      meta: metaOf(request),
      ifMatch: parseIfMatch(request.headers['if-match']),
    });
    await awaitProjections(deps, reply, handled);
    return before ?? { id };
  });
}
