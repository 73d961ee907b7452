import {
  AceListSchema,
  aclStream,
  IdentityListSchema,
  identityKey,
  messages,
  ObjectIdentityParamsSchema,
  objectIdentity,
} from '@interior/contracts';
import {
  badRequest,
  forbidden,
  labelIdentitiesFor,
  notFound,
  parseInput,
  principalOf,
  recordEverExisted,
  unknownIdentities,
  unreadableIdentities,
} from '@interior/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { handleCommand, loadState } from '../decider';
import { awaitProjections, type CommandServiceDeps, metaOf } from '../deps';
import { aclDecider } from './decide';

/**
 * `PUT api/acl/{type}[/{id}]` (the whole new list of grants; no body in the answer), and
 * `POST api/identity/target` (identities with their labels: a read, but a POST, so it lives where
 * the front door sends POSTs).
 */
export function registerAclCommands(app: FastifyInstance, deps: CommandServiceDeps): void {
  const changeAcl = async (request: FastifyRequest, reply: FastifyReply) => {
    const principal = principalOf(request);
    const { type, id } = parseInput(ObjectIdentityParamsSchema, request.params);
    const object = objectIdentity(type, id);
    if (id !== undefined && !(await recordEverExisted(deps.store, type, id))) throw notFound();
    await deps.permissions.require(principal, object, 'Admin');
    const aces = parseInput(AceListSchema, request.body);
    const stream = aclStream(object);
    const identities = aces.map((a) => a.identity);
    if ((await unknownIdentities(deps.knex, identities)).length) throw badRequest(messages.unknownIdentity);
    // A grant to someone new needs a user or group the granting user may read: who may not read a
    // user cannot find them, and must not learn from the answer that an id is taken. Grants
    // already there (given by someone who could) are kept as they are.
    const { state } = await loadState(deps.store, stream, aclDecider);
    const granted = new Set(state.aces.map((a) => identityKey(a.identity)));
    const added = identities.filter((identity) => !granted.has(identityKey(identity)));
    if ((await unreadableIdentities(deps.permissions, principal, added)).length) {
      throw badRequest(messages.unknownIdentity);
    }
    const handled = await handleCommand(deps.store, {
      stream,
      decider: aclDecider,
      command: { type: 'ChangeAcl', objectType: type, objectId: id ?? null, aces },
      meta: metaOf(request),
    });
    await awaitProjections(deps, reply, handled);
    return reply.status(204).send();
  };
  app.put('/api/acl/:type', changeAcl);
  app.put('/api/acl/:type/:id', changeAcl);

  /**
   * Labels for those who manage grants (the history tab names the identities of its grant
   * changes). Users and groups the caller may not read come back without a label.
   */
  app.post('/api/identity/target', async (request) => {
    const principal = principalOf(request);
    if (!(await deps.permissions.managesAnything(principal))) throw forbidden();
    const identities = parseInput(IdentityListSchema, request.body);
    return labelIdentitiesFor(deps.knex, deps.permissions, principal, identities);
  });
}
