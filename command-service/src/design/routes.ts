import {
  CopyDesignSchema,
  CreateDesignSchema,
  canAccess,
  type DesignDocument,
  DesignId,
  dashboardRoutes,
  designReadModels,
  emptyDesignDocument,
  folderReadModel,
  MAX_DOCUMENT_BYTES,
  messages,
  PlanDocumentSchema,
  ShareDesignSchema,
  shareSubject,
  streamName,
  TransferDesignSchema,
  UpdateDesignSchema,
} from '@interior/contracts';
import {
  badRequest,
  etagOf,
  forbidden,
  notFound,
  type Principal,
  parseIfMatch,
  parseInput,
  principalOf,
  readModels,
} from '@interior/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import { changeGrants, isUser, withUser } from '../acl/grants';
import { type CommandMeta, type Handled, handleCommand, loadState } from '../decider';
import { awaitProjections, type CommandServiceDeps, metaOf } from '../deps';
import { nextId } from '../ids';
import { emailStream, findUserIdByEmail, normalizeEmail } from '../user/email-reservation';
import { planDocument } from './catalogue-lookup';
import { registerCommentAndFolderCommands } from './comment-folder-routes';
import { designDecider } from './decide';
import type { DesignState } from './design';
import { checkedDocument, heldDocument } from './document';

const Params = z.object({ id: DesignId });
const designStream = (id: number) => streamName('Design', id);
const { designs } = designReadModels;
/** A document body may be up to 2 MB of JSON; the envelope and escaping get some room above it. */
const DOCUMENT_BODY_LIMIT = MAX_DOCUMENT_BYTES + 64 * 1024;

type Deps = CommandServiceDeps;

/** A folder of the owner's own, or a 400 naming `folderId`. */
async function checkFolder(knex: Knex, folderId: number | null | undefined, ownerId: number) {
  if (folderId === null || folderId === undefined) return;
  const row = await knex(folderReadModel).where({ id: folderId, ownerId }).first('id');
  if (!row) throw badRequest(messages.designFolderNotFound, { folderId: messages.designFolderNotFound });
}

/**
 * Makes a design (new, from a plan, or a copy): the creation event, then the owner's Admin grant
 * (docs/domain.md: the owner holds Admin from creation), as the object's ACL records any grant.
 */
async function createDesign(
  deps: Deps,
  meta: CommandMeta,
  fields: {
    ownerId: number;
    name: string;
    description: string;
    folderId: number | null;
    planId: number | null;
    document: DesignDocument;
    sourceId?: number;
  },
): Promise<{ id: number; handled: Handled<unknown, { type: string }>[] }> {
  const id = await nextId(deps.knex, 'Design');
  const created = await handleCommand(deps.store, {
    stream: designStream(id),
    decider: designDecider,
    command: { type: 'CreateDesign', id, ...fields },
    meta,
  });
  const granted = await changeGrants(
    deps,
    { type: 'Design', id },
    (aces) => withUser(aces, fields.ownerId, 'Admin'),
    meta,
  );
  return { id, handled: [created, granted] };
}

/** The design's row as the lists show it, with its ETag. */
async function answer(deps: Deps, reply: FastifyReply, id: number) {
  const row = await deps.knex(designs).where({ id }).first();
  if (!row) throw notFound(messages.designNotFound);
  reply.header('etag', etagOf(row.version));
  return row;
}

/** What the Admin role alone may do (design/management). */
function mustBeAdminRole(principal: Principal) {
  if (!principal.roles.includes('Admin')) throw forbidden();
}

/** Designs' writes (docs/domain.md "API of these parts"). */
export function registerDesignCommands(app: FastifyInstance, deps: Deps) {
  registerCommentAndFolderCommands(app, deps);
  const idOf = (request: FastifyRequest) => parseInput(Params, request.params).id;
  const requireOn = (request: FastifyRequest, id: number, wanted: 'Read' | 'Write' | 'Admin') =>
    deps.permissions.require(principalOf(request), { type: 'Design', id }, wanted, messages.designNotFound);
  const run = (
    request: FastifyRequest,
    id: number,
    command: Parameters<typeof designDecider.decide>[0],
    loaded?: { state: DesignState; revision: number | 'no_stream' },
  ) =>
    handleCommand(deps.store, {
      stream: designStream(id),
      decider: designDecider,
      command,
      meta: metaOf(request),
      loaded,
    });

  app.post('/api/mydesign', async (request, reply) => {
    const principal = principalOf(request);
    const input = parseInput(CreateDesignSchema, request.body);
    await checkFolder(deps.knex, input.folderId, principal.userId);
    let document: DesignDocument = emptyDesignDocument();
    if (input.planId) {
      const fromPlan = await planDocument(deps.knex, input.planId);
      if (fromPlan === undefined) throw badRequest(messages.planNotFound, { planId: messages.planNotFound });
      // Read as a plan's document is (empty kinds of element may be left out). What the template
      // names is the design's starting point, not something it adds.
      const template = PlanDocumentSchema.safeParse(fromPlan);
      const filled = template.success ? template.data : fromPlan;
      document = await checkedDocument(deps, filled, 'document', template.success ? template.data : null);
    }
    const { id, handled } = await createDesign(deps, metaOf(request), {
      ownerId: principal.userId,
      name: input.name,
      description: input.description ?? '',
      folderId: input.folderId ?? null,
      planId: input.planId ?? null,
      document,
    });
    await awaitProjections(deps, reply, ...handled);
    const row = await answer(deps, reply, id);
    return reply.status(201).send(row);
  });

  app.put('/api/mydesign/:id', async (request, reply) => {
    const id = idOf(request);
    await requireOn(request, id, 'Write');
    const input = parseInput(UpdateDesignSchema, request.body);
    if (input.folderId !== undefined) {
      // Folders are the owner's: only the owner files a design.
      await requireOn(request, id, 'Admin');
      const row = await deps.knex(designs).where({ id }).first('ownerId');
      await checkFolder(deps.knex, input.folderId, row?.ownerId ?? 0);
    }
    const handled = await handleCommand(deps.store, {
      stream: designStream(id),
      decider: designDecider,
      command: {
        type: 'UpdateDesign',
        name: input.name,
        description: input.description === null ? '' : input.description,
        folderId: input.folderId,
      },
      meta: metaOf(request),
      ifMatch: parseIfMatch(request.headers['if-match']),
    });
    await awaitProjections(deps, reply, handled);
    return answer(deps, reply, id);
  });

  app.delete('/api/mydesign/:id', async (request, reply) => {
    const id = idOf(request);
    await requireOn(request, id, 'Admin');
    const handled = await run(request, id, { type: 'TrashDesign', now: new Date() });
    await awaitProjections(deps, reply, handled);
    return answer(deps, reply, id);
  });

  app.post('/api/trash/:id/restore', async (request, reply) => {
    const id = idOf(request);
    await requireOn(request, id, 'Admin');
    const handled = await run(request, id, { type: 'RestoreDesign' });
    await awaitProjections(deps, reply, handled);
    return answer(deps, reply, id);
  });

  app.delete('/api/trash/:id', async (request, reply) => {
    const id = idOf(request);
    await requireOn(request, id, 'Admin');
    const before = await deps.knex(designs).where({ id }).first();
    if (!before) throw notFound(messages.designNotFound);
    const handled = await run(request, id, { type: 'PurgeDesign', automatic: false, now: new Date() });
    await awaitProjections(deps, reply, handled);
    return before;
  });

  app.post('/api/mydesign/:id/copy', async (request, reply) => {
    const id = idOf(request);
    await requireOn(request, id, 'Read');
    const input = parseInput(CopyDesignSchema, request.body ?? {});
    const { state } = await loadState(deps.store, designStream(id), designDecider);
    if (state.status === 'None' || state.status === 'Purged' || !state.document)
      throw notFound(messages.designNotFound);
    const principal = principalOf(request);
    const { id: copyId, handled } = await createDesign(deps, metaOf(request), {
      ownerId: principal.userId,
      name: input.name ?? `${state.name} 사본`.slice(0, 100),
      description: state.description,
      folderId: state.ownerId === principal.userId ? state.folderId : null,
      planId: state.planId,
      document: state.document,
      sourceId: id,
    });
    await awaitProjections(deps, reply, ...handled);
    const row = await answer(deps, reply, copyId);
    return reply.status(201).send(row);
  });

  app.put('/api/design/:id/document', { bodyLimit: DOCUMENT_BODY_LIMIT }, async (request, reply) => {
    const id = idOf(request);
    await requireOn(request, id, 'Write');
    const basedOn = parseIfMatch(request.headers['if-match']);
    if (basedOn === undefined) throw badRequest(messages.ifMatchRequired);
    // The design's stream is read once: the saved document the new one is checked against is
    // also the state the change is decided on.
    const loaded = await loadState(deps.store, designStream(id), designDecider);
    const document = await checkedDocument(deps, request.body, '', heldDocument(loaded.state));
    const handled = await run(request, id, { type: 'ChangeDocument', document, basedOn }, loaded);
    await awaitProjections(deps, reply, handled);
    const revision = handled.state.revision;
    return reply.header('etag', etagOf(revision)).send({ id, revision });
  });

  /**
   * Sharing by exact address (docs/domain.md): the same 202, the same events and the same (absent)
   * grant whether or not an account holds the address, so neither the answer nor the design's
   * history or ACL tells the sharer who has an account. The share stays pending, by the address's
   * keyed hash, until the person holding the address signs in or signs up (the design-share
   * reactor attaches it then). The address is kept only sealed.
   */
  app.post('/api/design/:id/share', async (request, reply) => {
    const id = idOf(request);
    const principal = principalOf(request);
    await requireOn(request, id, 'Admin');
    if (!canAccess(dashboardRoutes.shared, principal.roles)) throw forbidden(messages.shareNotAllowed);
    const input = parseInput(ShareDesignSchema, request.body);
    await deps.rateLimits.consume('sharePerUser', `user:${principal.userId}`);
    const email = normalizeEmail(input.email);
    const emailKey = emailStream(deps.lookupKeys, email).slice('UserEmail-'.length);
    // Only the sharer's own address is told apart: that tells them nothing new.
    if ((await findUserIdByEmail(deps.store, deps.lookupKeys, email)) === principal.userId)
      throw badRequest(messages.shareWithSelf, { email: messages.shareWithSelf });
    const sealed = await deps.vault.seal(shareSubject(emailKey), email, { createKey: true });
    const shared = await run(request, id, {
      type: 'ShareDesign',
      emailKey,
      email: sealed,
      permission: input.permission,
    });
    await awaitProjections(deps, reply, shared);
    return reply.status(202).send({ status: 202, message: messages.designShared });
  });

  app.post('/api/design/:id/transfer', async (request, reply) => {
    const id = idOf(request);
    mustBeAdminRole(principalOf(request));
    const { ownerId } = parseInput(TransferDesignSchema, request.body);
    const user = await deps.knex(readModels.users).where({ id: ownerId }).first('id', 'status');
    if (!user || user.status === 'Deleted')
      throw badRequest(messages.unknownIdentity, { ownerId: messages.unknownIdentity });
    const meta = metaOf(request);
    const handled = await run(request, id, { type: 'TransferDesign', to: ownerId });
    const event = handled.events[0];
    const from = event?.type === 'DesignOwnershipTransferred' ? event.data.from : null;
    const granted = await changeGrants(
      deps,
      { type: 'Design', id },
      (aces) => withUser(from === null ? aces : aces.filter((a) => !isUser(a, from)), ownerId, 'Admin'),
      meta,
    );
    await awaitProjections(deps, reply, handled, granted);
    return answer(deps, reply, id);
  });
}
