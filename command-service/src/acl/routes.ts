import {
  AceListSchema,
  aclStream,
  IdentityListSchema,
  messages,
  ObjectIdentityParamsSchema,
  streamName,
} from '@interior/contracts';
import {
  badRequest,
  forbidden,
  labelIdentities,
  notFound,
  parseInput,
  principalOf,
  unknownIdentities,
} from '@interior/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { handleCommand } from '../decider';
import { awaitProjections, type CommandServiceDeps, metaOf } from '../deps';
import { aclDecider } from './decide';

/**
 * SPEC §7 `PUT api/acl/{type}[/{id}]` (the whole new list of grants; no body in the answer), and
 * `POST api/identity/target` (identities with their labels: a read, but a POST, so it lives where
 * the front door sends POSTs).
 */
export function registerAclCommands(app: FastifyInstance, deps: CommandServiceDeps): void {
  const changeAcl = async (request: FastifyRequest, reply: FastifyReply) => {
    const principal = principalOf(request);
    const { type, id } = parseInput(ObjectIdentityParamsSchema, request.params);
    const aces = parseInput(AceListSchema, request.body);
    const object = id ? { type, id } : { type };
    await deps.permissions.require(principal, object, 'Admin');
    if (id && (await deps.store.readStream(streamName(type, id))).length === 0) throw notFound();
    if (
      (
        await unknownIdentities(
          deps.knex,
          aces.map((a) => a.identity),
        )
      ).length
    ) {
      throw badRequest(messages.unknownIdentity);
    }
    const handled = await handleCommand(deps.store, {
      stream: aclStream(object),
      decider: aclDecider,
      command: { type: 'ChangeAcl', objectType: type, objectId: id ?? null, aces },
      meta: metaOf(request),
    });
    await awaitProjections(deps, reply, handled);
    return reply.status(204).send();
  };
  app.put('/api/acl/:type', changeAcl);
  app.put('/api/acl/:type/:id', changeAcl);

  app.post('/api/identity/target', async (request) => {
    if (!(await deps.permissions.managesAnything(principalOf(request)))) throw forbidden();
    return labelIdentities(deps.knex, parseInput(IdentityListSchema, request.body));
  });
}
