import { randomUUID } from 'node:crypto';
import {
  AcceptEstimationSchema,
  AssignEstimationSchema,
  closedEstimationStates,
  computeEstimate,
  currentSupplier,
  DEFAULT_RATES,
  type DesignDocument,
  type DesignEvent,
  designReadModels,
  type EstimationLine,
  type EstimationState,
  estimateBoundErrors,
  estimationReadModels,
  messages,
  PutDraftSchema,
  positiveId,
  priceLines,
  RejectEstimationSchema,
  RequestEstimationSchema,
  SUPPLIER_STREAM,
  streamName,
  type Totals,
  totalsOf,
} from '@interior/contracts';
import {
  badRequest,
  etagOf,
  forbidden,
  HttpError,
  notFound,
  type Principal,
  parseIfMatch,
  parseInput,
  principalOf,
  readModels,
} from '@interior/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { changeGrants, isUser, withUser } from '../acl/grants';
import { type CommandMeta, type Handled, handleCommand, loadState } from '../decider';
import { awaitProjections, type CommandServiceDeps, metaOf } from '../deps';
import { designDecider } from '../design/decide';
import type { DesignState } from '../design/design';
import { checkedDocument, savedDocument } from '../design/routes';
import { nextDailyNumber, nextId } from '../ids';
import { stateCacheOf } from '../state-cache';
import { EstimationAssignmentGrants } from './assignment-grants';
import { loadEstimateCatalogue } from './catalogue';
import { type Draft, type EstimationCommand, type EstimationStateValue, estimationDecider } from './decide';

type Deps = CommandServiceDeps;
const Params = z.object({ id: positiveId(messages.invalidEstimationId) });
const DesignParams = z.object({ id: positiveId(messages.invalidDesignId) });
const CancelSchema = z.object({ reason: z.string().trim().max(500).optional() }).default({});
const ExpireSchema = z.object({ asOf: z.iso.datetime({ offset: true }).optional() }).default({});
const PreviewSchema = z.object({ document: z.unknown().optional() }).default({});
const estimationStream = (id: number) => streamName('Estimation', id);
const HOUR_MS = 60 * 60 * 1000;

type Live = Exclude<EstimationStateValue, { status: 'None' }>;

/** The stream's revision after a command that wrote (the draft's version for If-Match). */
const revisionOf = (handled: { revision: number | 'no_stream' }) =>
  handled.revision === 'no_stream' ? 0 : handled.revision;

/**
 * The document of a design as it was at `revision` (0: as created): from the design's state this
 * process kept (state-cache.ts) when it is at that revision, else found in its stream. A saved
 * revision's document never changes, so a kept state at it holds it however old the state is.
 * With no state kept (a process that has just started), the design is loaded from its snapshot on
 * (snapshots.ts): most estimates are of a design's latest revision.
 */
async function documentAt(deps: Deps, designId: number, revision: number): Promise<DesignDocument | null> {
  const stream = streamName('Design', designId);
  const kept =
    stateCacheOf(deps.store).get<DesignState>(stream, designDecider) ??
    (await loadState(deps.store, stream, designDecider));
  if (kept.state.document && kept.state.revision === revision) return kept.state.document;
  let found: DesignDocument | null = null;
  for (const event of (await deps.store.readStream(stream)) as unknown as DesignEvent[]) {
    if ((event.type === 'DesignCreated' || event.type === 'DesignCopied') && revision === 0)
      found = event.data.document;
    if (event.type === 'DesignDocumentChanged' && event.data.revision === revision)
      found = event.data.document;
  }
  return found;
}

/** Lines with ids that stay theirs through edits: `L1…` for computed lines. */
function numbered(lines: ReturnType<typeof computeEstimate>['lines']): EstimationLine[] {
  return lines.map((line, i) => ({ ...line, id: `L${i + 1}` }));
}

/** The rates a draft's totals use, as decimal text, from the owner's effective constants. */
function ratesOf(constants: Record<string, number | string>) {
  const text = (key: keyof typeof DEFAULT_RATES) =>
    Object.hasOwn(constants, key) ? String(constants[key]) : DEFAULT_RATES[key];
  return { OVERHEAD_RATE: text('OVERHEAD_RATE'), PROFIT_RATE: text('PROFIT_RATE') };
}

/**
 * Refuses lines or totals beyond the estimate's bounds (a 400 naming the line): amounts past them
 * would no longer be exact numbers, in the events, the read models or the PDF.
 */
function requireWithinBounds(lines: Parameters<typeof estimateBoundErrors>[0], totals: Totals) {
  const errors = estimateBoundErrors(lines, totals);
  const [first] = Object.values(errors);
  if (first) throw badRequest(first, errors);
}

/** Whether a user holds a role, read from the users read model. */
async function hasRole(deps: Deps, userId: number, role: string): Promise<boolean> {
  const row = await deps.knex(readModels.users).where({ id: userId }).first('roles', 'status');
  return Boolean(row && row.status === 'Active' && (row.roles as string[]).includes(role));
}

/** PersonalFree alone may not ask for estimates: they are for paying and business users and staff. */
const onlyFree = (principal: Principal) =>
  principal.roles.length > 0 && principal.roles.every((role) => role === 'PersonalFree' || role === 'Guest');

/**
 * Expires quotes whose 30 days have passed without an answer (docs/estimations.md). Run by the
 * service every hour and by an Admin at `POST /api/estimation/expire`; `now` is given so tests move
 * the clock.
 */
export async function expireQuotes(deps: Deps, now: Date): Promise<number> {
  const due: { id: number }[] = await deps
    .knex(estimationReadModels.estimations)
    .where({ state: 'Quoted' })
    .where('validUntil', '<=', now)
    .select('id')
    .limit(1000);
  const handled = [];
  for (const { id } of due) {
    try {
      handled.push(
        await handleCommand(deps.store, {
          stream: estimationStream(id),
          decider: estimationDecider,
          command: { type: 'ExpireQuote', now },
          meta: { actorId: null, correlationId: `estimation-expiry-${now.toISOString()}`, now },
        }),
      );
    } catch (error) {
      // Answered meanwhile (accepted, rejected, cancelled): nothing to expire.
      if (!(error instanceof Error && error.name === 'DomainError')) throw error;
    }
  }
  await awaitProjections(deps, null, ...handled);
  return handled.filter((h) => h.events.length > 0).length;
}

export interface EstimationCommandOptions {
  /** The expiry job's clock and period; tests run it themselves. */
  expiry?: { clock: () => Date; intervalMs: number } | null;
}

/**
 * What a request of a design's estimation is decided on: the design's estimation still open (the
 * newest, from the read model) and how many lines of its saved document are priced. Two requests
 * in the same instant may both see none open; the read model is the only guard (see
 * docs/estimations.md).
 */
async function requestFacts(deps: CommandServiceDeps, designId: number, ownerId: number) {
  const open = await deps
    .knex(estimationReadModels.estimations)
    .where({ designId })
    .whereNotIn('state', closedEstimationStates)
    .orderBy('id', 'desc')
    .first('estimateNumber', 'state');
  if (open)
    return { openEstimation: open as { estimateNumber: string; state: EstimationState }, pricedLines: 0 };
  const saved = (await deps.knex(designReadModels.documents).where({ id: designId }).first('document'))
    ?.document as DesignDocument | undefined;
  if (!saved) return { openEstimation: null, pricedLines: 0 };
  const { lines } = computeEstimate(saved, await loadEstimateCatalogue(deps.knex, saved, ownerId));
  return { openEstimation: null, pricedLines: lines.filter((line) => line.amount > 0).length };
}

/**
 * Estimations' writes (docs/estimations.md, docs/domain.md "API of these parts"). Who may do
 * what: the design's owner requests, accepts and rejects; the Admin assigns a manager; the
 * manager (or the Admin) assigns a designer; the assignees compute, edit and issue; cancelling is
 * the requester's, the manager's or the Admin's. Anyone else gets 404: each of them holds a grant
 * on the estimation (given here), so lists, reads and history authorize them like any record.
 */
export function registerEstimationCommands(
  app: FastifyInstance,
  deps: Deps,
  options: EstimationCommandOptions = {},
) {
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
    const found = await deps.knex(estimationReadModels.estimations).where({ id }).first();
    if (!found) throw notFound(messages.estimationNotFound);
    reply.header('etag', etagOf(found.version));
    return found;
  };

  /** The draft as `GET /api/estimation/{id}/draft` answers it, after this process's own write. */
  const draftAnswer = async (reply: FastifyReply, id: number, version: number) => {
    const saved = await deps.knex(estimationReadModels.drafts).where({ estimationId: id }).first();
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
      .first('ownerId', 'name', 'status', 'revision');
    if (!design) throw notFound(messages.designNotFound);
    if (design.ownerId !== principal.userId) throw forbidden();
    if (onlyFree(principal)) throw forbidden(messages.estimationFreePlanRefused);
    if (design.status !== 'Active') throw new HttpError(409, messages.designTrashed);
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
    const state = a.state as Live;
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
    const state = a.state as Live;
    const document = await documentAt(deps, state.designId, state.designRevision);
    if (!document) throw notFound(messages.designNotFound);
    const catalogue = await loadEstimateCatalogue(deps.knex, document, state.requesterId);
    const estimate = computeEstimate(document, catalogue);
    requireWithinBounds(estimate.lines, estimate.totals);
    const draft: Draft = {
      designRevision: state.designRevision,
      lines: numbered(estimate.lines),
      totals: estimate.totals,
      rates: ratesOf(catalogue.constants),
    };
    const handled = await run(
      a.id,
      { type: 'ComputeDraft', draft, problems: estimate.problems },
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
    const state = a.state as Live;
    if (!state.draft) throw new HttpError(409, messages.estimationNoDraft);
    const { lines: input } = parseInput(PutDraftSchema, request.body);
    const kept = new Map(state.draft.lines.map((line) => [line.id, line]));
    const lines: EstimationLine[] = priceLines(
      input.map((line) => {
        const before = line.id ? kept.get(line.id) : undefined;
        // A computed line keeps where it came from; anything else is a line added by hand.
        return before
          ? {
              ...before,
              ...line,
              id: before.id,
              refType: before.refType,
              refId: before.refId,
              sources: before.sources,
            }
          : { ...line, id: `F${randomUUID().slice(0, 8)}`, refType: null, refId: null, sources: [] };
      }),
    ).map((line) => ({ ...line, amount: line.amount })) as EstimationLine[];
    const totals = totalsOf(lines, state.draft.rates);
    requireWithinBounds(lines, totals);
    const handled = await run(a.id, { type: 'EditDraft', lines, totals }, metaOf(request), ifMatch, a.loaded);
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
    const quoted = handled.events.find((e) => e.type === 'EstimationQuoted');
    if (!quoted) throw new HttpError(409, messages.estimationNoDraft);
    const { revision, lines, totals, validUntil } = quoted.data as {
      revision: number;
      lines: EstimationLine[];
      totals: unknown;
      validUntil: string;
    };
    return reply.status(201).send({ revision, lines, totals, validUntil });
  });

  app.post('/api/estimation/:id/accept', async (request, reply) => {
    const a = await access(request);
    if (!a.requester) throw forbidden();
    const { revision } = parseInput(AcceptEstimationSchema, request.body);
    // Decided once without a number first, so a refused accept (wrong state, a revision that is
    // not the latest) draws none.
    estimationDecider.decide({ type: 'AcceptQuote', revision, orderNumber: '' }, a.state);
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
    const design = await deps.knex(designReadModels.designs).where({ id: designId }).first('ownerId');
    if (!design) throw notFound(messages.designNotFound);
    const { document: sent } = parseInput(PreviewSchema, request.body ?? {});
    const document =
      sent === undefined
        ? ((await deps.knex(designReadModels.documents).where({ id: designId }).first('document'))
            ?.document as DesignDocument | undefined)
        : await checkedDocument(deps, sent, 'document', await savedDocument(deps, designId));
    if (!document) throw notFound(messages.designNotFound);
    const catalogue = await loadEstimateCatalogue(deps.knex, document, design.ownerId);
    const { lines, totals, problems } = computeEstimate(document, catalogue);
    requireWithinBounds(lines, totals);
    return { lines, totals, problems, rates: ratesOf(catalogue.constants) };
  });

  app.addHook('onReady', () => grants.start());
  app.addHook('onClose', () => grants.stop());

  const expiry =
    options.expiry === undefined ? { clock: () => new Date(), intervalMs: HOUR_MS } : options.expiry;
  if (expiry) {
    const timer = setInterval(() => {
      expireQuotes(deps, expiry.clock()).catch((error) =>
        app.log.error({ err: error }, 'quote expiry failed'),
      );
    }, expiry.intervalMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
