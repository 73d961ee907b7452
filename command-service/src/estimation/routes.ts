import { randomUUID } from 'node:crypto';
import {
  AcceptEstimationSchema,
  AssignEstimationSchema,
  currentSupplier,
  type DesignRecord,
  designReadModels,
  type EstimationDraft,
  type EstimationEvent,
  type EstimationRecord,
  estimationReadModels,
  messages,
  PutDraftSchema,
  positiveId,
  RejectEstimationSchema,
  RequestEstimationSchema,
  SUPPLIER_STREAM,
  streamName,
} from '@interior/contracts';
import {
  badRequest,
  conflict,
  etagOf,
  forbidden,
  notFound,
  type Principal,
  parseIfMatch,
  parseInput,
  principalOf,
} from '@interior/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { changeGrants, isUser, withUser } from '../acl/grants';
import { type CommandMeta, type Handled, handleCommand, loadState } from '../decider';
import { awaitProjections, type CommandServiceDeps, metaOf } from '../deps';
import { checkedDocument, savedDocument } from '../design/document';
import { nextDailyNumber, nextId } from '../ids';
import { EstimationAssignmentGrants } from './assignment-grants';
import { type EstimationCommand, estimationDecider, priceDocument, requireAcceptable } from './decide';
import { documentAt, hasRole, pricedFor, requestFacts } from './facts';
import { expireQuotes } from './quote-expiry';

type Deps = CommandServiceDeps;
const Params = z.object({ id: positiveId(messages.invalidEstimationId) });
const DesignParams = z.object({ id: positiveId(messages.invalidDesignId) });
const CancelSchema = z.object({ reason: z.string().trim().max(500).optional() }).default({});
const ExpireSchema = z.object({ asOf: z.iso.datetime({ offset: true }).optional() }).default({});
const PreviewSchema = z.object({ document: z.unknown().optional() }).default({});
const estimationStream = (id: number) => streamName('Estimation', id);

type Quoted = Extract<EstimationEvent, { type: 'EstimationQuoted' }>;

/** The stream's revision after a command that wrote (the draft's version for If-Match). */
const revisionOf = (handled: { revision: number | 'no_stream' }) =>
  handled.revision === 'no_stream' ? 0 : handled.revision;

/** The id of a line added by hand: `F…`, apart from the computed lines' `L…`. */
const handLineId = () => `F${randomUUID().slice(0, 8)}`;

/** PersonalFree alone may not ask for estimates: they are for paying and business users and staff. */
const onlyFree = (principal: Principal) =>
  principal.roles.length > 0 && principal.roles.every((role) => role === 'PersonalFree' || role === 'Guest');

/**
 * Estimations' writes (docs/estimations.md, docs/domain.md "API of these parts"). Who may do
 * what: the design's owner requests, accepts and rejects; the Admin assigns a manager; the
 * manager (or the Admin) assigns a designer; the assignees compute, edit and issue; cancelling is
 * the requester's, the manager's or the Admin's. Anyone else gets 404: each of them holds a grant
 * on the estimation (given here), so lists, reads and history authorize them like any record.
 * What each step decides and refuses is the decider's (decide.ts); the hourly expiry of quotes and
 * the process manager of the assignees' grants run beside the routes (workers.ts).
 */
export function registerEstimationCommands(app: FastifyInstance, deps: Deps) {
  const idOf = (request: FastifyRequest) => parseInput(Params, request.params).id;
  const grants = new EstimationAssignmentGrants({ knex: deps.knex, store: deps.store, logger: app.log });

  /** The estimation and the caller's part in it; 404 without a grant on it. */
  async function access(request: FastifyRequest) {
    const id = idOf(request);
    const principal = principalOf(request);
    await deps.permissions.require(
      principal,
      { type: 'Estimation', id },
      'Read',
      messages.estimationNotFound,
    );
    const loaded = await loadState(deps.store, estimationStream(id), estimationDecider);
    const { state } = loaded;
    if (state.status === 'None') throw notFound(messages.estimationNotFound);
    const admin = principal.roles.includes('Admin');
    return {
      id,
      principal,
      state,
      loaded,
      admin,
      requester: state.requesterId === principal.userId,
      manager: state.managerId === principal.userId,
      designer: state.designerId === principal.userId,
    };
  }
  type Access = Awaited<ReturnType<typeof access>>;
  const mayWork = (a: Access) => a.admin || a.manager || a.designer;

  /** Decides a command; with the access check's state, the stream is read once, not twice. */
  const run = (
    id: number,
    command: EstimationCommand,
    meta: CommandMeta,
    ifMatch?: number,
    loaded?: Access['loaded'],
  ) =>
    handleCommand(deps.store, {
      stream: estimationStream(id),
      decider: estimationDecider,
      command,
      meta,
      ifMatch,
      loaded,
    });

  const row = async (reply: FastifyReply, id: number) => {
    const found = await deps
      .knex(estimationReadModels.estimations)
      .where({ id })
      .first<EstimationRecord | undefined>();
    if (!found) throw notFound(messages.estimationNotFound);
    reply.header('etag', etagOf(found.version));
    return found;
  };

  /** The draft as `GET /api/estimation/{id}/draft` answers it, after this process's own write. */
  const draftAnswer = async (reply: FastifyReply, id: number, version: number): Promise<EstimationDraft> => {
    const saved = await deps
      .knex(estimationReadModels.drafts)
      .where({ estimationId: id })
      .first<EstimationDraft | undefined>();
    if (!saved) throw notFound(messages.estimationNoDraft);
    reply.header('etag', etagOf(version));
    return { ...saved, version };
  };

  app.post('/api/design/:id/estimation', async (request, reply) => {
    const { id: designId } = parseInput(DesignParams, request.params);
    const principal = principalOf(request);
    await deps.permissions.require(
      principal,
      { type: 'Design', id: designId },
      'Read',
      messages.designNotFound,
    );
    const design = await deps
      .knex(designReadModels.designs)
      .where({ id: designId })
      .first<Pick<DesignRecord, 'ownerId' | 'name' | 'status' | 'revision'> | undefined>(
        'ownerId',
        'name',
        'status',
        'revision',
      );
    if (!design) throw notFound(messages.designNotFound);
    if (design.ownerId !== principal.userId) throw forbidden();
    if (onlyFree(principal)) throw forbidden(messages.estimationFreePlanRefused);
    const input = parseInput(RequestEstimationSchema, request.body ?? {});
    const facts = await requestFacts(deps, designId, design.ownerId);
    const meta = metaOf(request);
    const id = await nextId(deps.knex, 'Estimation');
    const requested = await run(
      id,
      {
        type: 'RequestEstimation',
        id,
        estimateNumber: await nextDailyNumber(deps.knex, 'EST'),
        designId,
        designName: design.name,
        designRevision: Number(design.revision),
        requesterId: principal.userId,
        note: input.note ?? '',
        designStatus: design.status,
        ...facts,
      },
      meta,
    );
    const granted = await changeGrants(
      deps,
      { type: 'Estimation', id },
      (aces) => withUser(aces, principal.userId, 'Write'),
      meta,
    );
    await awaitProjections(deps, reply, requested, granted);
    return reply.status(201).send(await row(reply, id));
  });

  app.post('/api/estimation/:id/assign', async (request, reply) => {
    const a = await access(request);
    const input = parseInput(AssignEstimationSchema, request.body);
    if (input.managerId !== undefined && !a.admin) throw forbidden();
    if (input.designerId !== undefined && !a.admin && !a.manager) throw forbidden();
    const { state } = a;
    if (input.managerId !== undefined && !(await hasRole(deps, input.managerId, 'DesignManager')))
      throw badRequest(messages.estimationNotDesignManager, {
        managerId: messages.estimationNotDesignManager,
      });
    if (input.designerId !== undefined && !(await hasRole(deps, input.designerId, 'Designer')))
      throw badRequest(messages.estimationNotDesigner, { designerId: messages.estimationNotDesigner });
    const managerId = input.managerId ?? state.managerId;
    const designerId = input.designerId ?? state.designerId;
    const meta = metaOf(request);
    const assigned = await run(
      a.id,
      { type: 'AssignEstimation', managerId, designerId },
      meta,
      undefined,
      a.loaded,
    );
    const handled: Pick<Handled<unknown, { type: string }>, 'position' | 'events'>[] = [assigned];
    // The assignees work on it (Write on the estimation) and read the design it was made from
    // (assignment-grants.ts); someone no longer assigned loses both, not what was given elsewhere.
    const was = [state.managerId, state.designerId].filter(
      (u): u is number => u !== null && u !== state.requesterId,
    );
    const now = [managerId, designerId].filter((u): u is number => u !== null);
    handled.push(
      await changeGrants(
        deps,
        { type: 'Estimation', id: a.id },
        (aces) => {
          let next = aces.filter((ace) => !was.some((u) => !now.includes(u) && isUser(ace, u)));
          for (const userId of now) next = withUser(next, userId, 'Write');
          return next;
        },
        meta,
      ),
    );
    handled.push(...(await grants.reconcile(state.designId, { id: a.id, state: assigned.state }, meta)));
    await awaitProjections(deps, reply, ...handled);
    return row(reply, a.id);
  });

  app.post('/api/estimation/:id/draft', async (request, reply) => {
    const a = await access(request);
    if (!mayWork(a)) throw forbidden();
    const { state } = a;
    const document = await documentAt(deps, state.designId, state.designRevision);
    if (!document) throw notFound(messages.designNotFound);
    const handled = await run(
      a.id,
      { type: 'ComputeDraft', priced: await pricedFor(deps, document, state.requesterId) },
      metaOf(request),
      undefined,
      a.loaded,
    );
    await awaitProjections(deps, reply, handled);
    return draftAnswer(reply, a.id, revisionOf(handled));
  });

  app.put('/api/estimation/:id/draft', async (request, reply) => {
    const a = await access(request);
    if (!mayWork(a)) throw forbidden();
    const ifMatch = parseIfMatch(request.headers['if-match']);
    if (ifMatch === undefined) throw badRequest(messages.ifMatchRequired);
    const { lines } = parseInput(PutDraftSchema, request.body);
    const handled = await run(
      a.id,
      { type: 'EditDraft', lines, newLineIds: lines.map(handLineId) },
      metaOf(request),
      ifMatch,
      a.loaded,
    );
    await awaitProjections(deps, reply, handled);
    return draftAnswer(reply, a.id, revisionOf(handled));
  });

  app.post('/api/estimation/:id/quote', async (request, reply) => {
    const a = await access(request);
    if (!mayWork(a)) throw forbidden();
    const handled = await run(
      a.id,
      // The supplier printed on this revision for good, read from its own stream.
      {
        type: 'IssueQuote',
        now: new Date(),
        supplier: currentSupplier(await deps.store.readStream(SUPPLIER_STREAM)),
      },
      metaOf(request),
      undefined,
      a.loaded,
    );
    await awaitProjections(deps, reply, handled);
    const quoted = handled.events.find((e): e is Quoted => e.type === 'EstimationQuoted');
    if (!quoted) throw conflict(messages.estimationNoDraft);
    const { revision, lines, totals, validUntil } = quoted.data;
    return reply.status(201).send({ revision, lines, totals, validUntil });
  });

  app.post('/api/estimation/:id/accept', async (request, reply) => {
    const a = await access(request);
    if (!a.requester) throw forbidden();
    const { revision } = parseInput(AcceptEstimationSchema, request.body);
    requireAcceptable(a.state, revision);
    const orderNumber = await nextDailyNumber(deps.knex, 'ORD');
    const handled = await run(
      a.id,
      { type: 'AcceptQuote', revision, orderNumber },
      metaOf(request),
      undefined,
      a.loaded,
    );
    await awaitProjections(deps, reply, handled);
    return { ...(await row(reply, a.id)), orderNumber };
  });

  app.post('/api/estimation/:id/reject', async (request, reply) => {
    const a = await access(request);
    if (!a.requester) throw forbidden();
    const { reason } = parseInput(RejectEstimationSchema, request.body);
    const handled = await run(a.id, { type: 'RejectQuote', reason }, metaOf(request), undefined, a.loaded);
    await awaitProjections(deps, reply, handled);
    return row(reply, a.id);
  });

  app.post('/api/estimation/:id/cancel', async (request, reply) => {
    const a = await access(request);
    if (!a.requester && !a.manager && !a.admin) throw forbidden();
    const { reason } = parseInput(CancelSchema, request.body ?? {});
    const meta = metaOf(request);
    const handled = await run(
      a.id,
      { type: 'CancelEstimation', reason: reason ?? '' },
      meta,
      undefined,
      a.loaded,
    );
    await awaitProjections(
      deps,
      reply,
      handled,
      ...(await grants.reconcile(a.state.designId, { id: a.id, state: handled.state }, meta)),
    );
    return row(reply, a.id);
  });

  app.post('/api/estimation/:id/complete', async (request, reply) => {
    const a = await access(request);
    if (!mayWork(a)) throw forbidden();
    const meta = metaOf(request);
    const handled = await run(a.id, { type: 'CompleteOrder' }, meta, undefined, a.loaded);
    await awaitProjections(
      deps,
      reply,
      handled,
      ...(await grants.reconcile(a.state.designId, { id: a.id, state: handled.state }, meta)),
    );
    return row(reply, a.id);
  });

  app.post('/api/estimation/expire', async (request) => {
    if (!principalOf(request).roles.includes('Admin')) throw forbidden();
    const { asOf } = parseInput(ExpireSchema, request.body ?? {});
    return { expired: await expireQuotes(deps, asOf ? new Date(asOf) : new Date()) };
  });

  app.post('/api/design/:id/estimate-preview', async (request) => {
    const { id: designId } = parseInput(DesignParams, request.params);
    await deps.permissions.require(
      principalOf(request),
      { type: 'Design', id: designId },
      'Read',
      messages.designNotFound,
    );
    const design = await deps
      .knex(designReadModels.designs)
      .where({ id: designId })
      .first<Pick<DesignRecord, 'ownerId'> | undefined>('ownerId');
    if (!design) throw notFound(messages.designNotFound);
    const { document: sent } = parseInput(PreviewSchema, request.body ?? {});
    const document =
      sent === undefined
        ? await savedDocument(deps, designId)
        : await checkedDocument(deps, sent, 'document', await savedDocument(deps, designId));
    if (!document) throw notFound(messages.designNotFound);
    const { lines, totals, problems, rates } = priceDocument(await pricedFor(deps, document, design.ownerId));
    return { lines, totals, problems, rates };
  });
}
