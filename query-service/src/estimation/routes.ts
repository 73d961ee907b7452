import {
  type DashboardRoute,
  designDocumentSchema,
  type EstimationLine,
  estimationReadModels,
  messages,
  positiveId,
  type Supplier,
  type Totals,
  unpackSources,
} from '@interior/contracts';
import {
  etagOf,
  forbidden,
  type ListDefinition,
  likePattern,
  notFound,
  type Principal,
  parseInput,
  principalOf,
  readModels,
  requireRouteAccess,
} from '@interior/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { QueryServiceDeps } from '../deps';
import { designDocumentAt } from '../design/document-at';
import { productLooksOf } from '../design/product-looks';
import { sendReadableList } from '../readable-list';
import { readableRow, requireReadable } from '../record-access';

const { estimations, drafts, draftSources, quotes } = estimationReadModels;
const Params = z.object({ id: positiveId(messages.invalidEstimationId) });
const DesignParams = z.object({ id: positiveId(messages.invalidDesignId) });
const AssigneeQuery = z.object({
  role: z.enum(['DesignManager', 'Designer'], { error: messages.invalidChoice }),
  q: z
    .string()
    .trim()
    .max(100, { error: messages.maxLength(100) })
    .optional(),
});
/** A draft line's id: `L…` computed, `F…` added by hand. */
const LineParams = z.object({
  id: positiveId(messages.invalidEstimationId),
  lineId: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, { error: messages.estimationDraftLineNotFound }),
});
/** At most this many people answer one search of the assignee picker. */
const ASSIGNEE_LIMIT = 50;
/** `…/quote/2` is the revision as JSON, `…/quote/2.pdf` its 견적서. */
const QuoteParams = z.object({
  id: positiveId(messages.invalidEstimationId),
  revision: z.string().regex(/^[1-9]\d{0,5}(\.pdf)?$/, { error: messages.estimationQuoteNotFound }),
});

const estimationList = (resource: string): ListDefinition => ({
  resource,
  table: estimations,
  sortable: ['id', 'registered', 'updated', 'state', 'quotedTotal', 'validUntil', 'estimateNumber'],
  defaultSort: ['registered', 'DESC'],
  filters: {
    state: 'text',
    managerId: 'integer',
    designerId: 'integer',
    requesterId: 'integer',
    designId: 'integer',
    registered: 'timestamp',
  },
  search: ['estimateNumber', 'designName', 'orderNumber', 'requesterName'],
  nullable: ['updated', 'quotedTotal', 'validUntil'],
});

/** What each list shows beyond what the caller may read. */
const narrowed: Readonly<
  Record<string, (principal: Principal) => ((q: Knex.QueryBuilder) => void) | undefined>
> = {
  // The Admin's list of all: the Admin reads every estimation anyway.
  estimation: () => undefined,
  'design-manager/estimation': (principal) => (q) => {
    q.where('managerId', principal.userId);
  },
  'my-estimation': (principal) => (q) => {
    q.where((w) => w.where('managerId', principal.userId).orWhere('designerId', principal.userId));
  },
};

/**
 * Estimations' reads (docs/estimations.md): the lists, one estimation, its draft, its issued quotes
 * (JSON and the PDF 견적서), and a design's estimations. A caller without a grant on an estimation
 * (requester, assignees and the Admin hold one) gets 404 for all of it.
 */
export function registerEstimationQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  for (const [resource, narrow] of Object.entries(narrowed) as [
    keyof typeof narrowed & DashboardRoute,
    (principal: Principal) => ((q: Knex.QueryBuilder) => void) | undefined,
  ][]) {
    const list = estimationList(resource);
    // The screens' own rule: estimation is the Admin's, my-estimation the staff's,
    // design-manager/estimation the managers'.
    app.get(`/api/${resource}`, async (request, reply) =>
      sendReadableList(
        deps,
        request,
        reply,
        'Estimation',
        list,
        narrow(requireRouteAccess(request, resource)),
      ),
    );
  }

  const readable = async (request: FastifyRequest) => {
    const { id } = parseInput(Params, request.params);
    return readableRow<{
      id: number;
      version: number;
      estimateNumber: string;
      requesterId: number;
      managerId: number | null;
      orderNumber: string | null;
      designId: number;
      designName: string;
    }>(deps, principalOf(request), { type: 'Estimation', id }, estimations, messages.estimationNotFound);
  };

  app.get('/api/estimation/:id', async (request, reply) => {
    const row = await readable(request);
    return reply.header('etag', etagOf(row.version)).send(row);
  });

  app.get('/api/estimation/:id/draft', async (request, reply) => {
    const row = await readable(request);
    const draft = await deps.knex(drafts).where({ estimationId: row.id }).first();
    if (!draft) throw notFound(messages.estimationNoDraft);
    // The draft is saved against the estimation's version: any step since makes a save stale.
    return reply.header('etag', etagOf(row.version)).send({ ...draft, version: row.version });
  });

  // Where one line's quantity came from, read when the sheet opens it: the draft leaves the sources
  // out, as they are most of its bytes. Read by whoever reads the draft.
  app.get('/api/estimation/:id/draft/lines/:lineId/sources', async (request) => {
    const row = await readable(request);
    const params = LineParams.safeParse(request.params);
    if (!params.success) throw notFound(messages.estimationDraftLineNotFound);
    const { lineId } = params.data;
    const found = await deps.knex(draftSources).where({ estimationId: row.id, lineId }).first('sources');
    // Kept in the compact shape (rows written before it hold the list itself).
    if (found) return Array.isArray(found.sources) ? found.sources : unpackSources(found.sources, lineId);
    // A line added by hand has none; a line the draft does not have is not found.
    const draft = await deps.knex(drafts).where({ estimationId: row.id }).first('lines');
    const lines = (draft?.lines ?? []) as { id: string }[];
    if (!lines.some((line) => line.id === lineId)) throw notFound(messages.estimationDraftLineNotFound);
    return [];
  });

  app.get('/api/estimation/:id/quote', async (request) => {
    const row = await readable(request);
    return deps.knex(quotes).where({ estimationId: row.id }).orderBy('revision', 'desc');
  });

  app.get('/api/estimation/:id/quote/:revision', async (request, reply) => {
    const params = QuoteParams.safeParse(request.params);
    if (!params.success) throw notFound(messages.estimationQuoteNotFound);
    const row = await readable(request);
    const revision = Number.parseInt(params.data.revision, 10);
    const quote = await deps.knex(quotes).where({ estimationId: row.id, revision }).first();
    if (!quote) throw notFound(messages.estimationQuoteNotFound);
    if (!params.data.revision.endsWith('.pdf')) return quote;
    const person = async (id: number | null) =>
      id === null ? null : await deps.knex(readModels.users).where({ id }).first('name', 'email');
    const requester = await person(row.requesterId);
    // A reader who left (closed the tab, pressed again) frees the render thread at once.
    const gone = new AbortController();
    reply.raw.once('close', () => gone.abort());
    const pdf = await deps.estimatePdfs.render(
      {
        estimateNumber: quote.estimateNumber,
        revision: quote.revision,
        orderNumber: row.orderNumber,
        issuedAt: quote.issued,
        validUntil: quote.validUntil,
        projectName: row.designName,
        recipient: { name: requester?.name ?? '고객', email: requester?.email ?? null },
        supplier: await supplierOf(deps, quote.supplier as Supplier | null, row.managerId),
        ...(await planOf(deps, row.designId, quote.designRevision).then((plan) => ({
          plan: plan?.document ?? null,
          planProducts: plan?.products,
        }))),
        lines: quote.lines as EstimationLine[],
        totals: quote.totals as Totals,
      },
      gone.signal,
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${quote.estimateNumber}-r${quote.revision}.pdf"`)
      .header('cache-control', 'private, max-age=0')
      .send(pdf);
  });

  // Who can be assigned (docs/estimations.md): the Admin picks a DesignManager or a Designer, the
  // estimation's manager a Designer. Name and email of active people holding the role, nothing more.
  app.get('/api/estimation/:id/assignees', async (request) => {
    const row = await readable(request);
    const { role, q } = parseInput(AssigneeQuery, request.query);
    const principal = principalOf(request);
    const admin = principal.roles.includes('Admin');
    if (!admin && !(role === 'Designer' && row.managerId === principal.userId)) throw forbidden();
    const query = deps
      .knex(readModels.users)
      .where({ status: 'Active' })
      .whereRaw('? = ANY(roles)', [role])
      .orderBy('name')
      .limit(ASSIGNEE_LIMIT)
      .select('id', 'name', 'email');
    if (q) query.where((w) => w.whereILike('name', likePattern(q)).orWhereILike('email', likePattern(q)));
    return query;
  });

  app.get('/api/design/:id/estimation', async (request, reply) => {
    const { id } = parseInput(DesignParams, request.params);
    await requireReadable(deps, principalOf(request), { type: 'Design', id }, messages.designNotFound);
    return sendReadableList(deps, request, reply, 'Estimation', estimationList('estimation'), (q) => {
      q.where('designId', id);
    });
  });
}

/**
 * The supplier on the 견적서 (docs/estimations.md): the one the quote was issued with (the Admin's
 * setting at that moment), with its seal. A quote issued before the setting existed prints the
 * assigned manager's business as its profile has it, or the platform itself.
 */
async function supplierOf(deps: QueryServiceDeps, issuedWith: Supplier | null, managerId: number | null) {
  if (issuedWith) {
    const seal = issuedWith.seal
      ? ((await deps.knex('files').where({ id: issuedWith.seal.id }).first('data'))?.data as
          | Buffer
          | undefined)
      : undefined;
    return {
      name: issuedWith.companyName,
      registrationNumber: issuedWith.registrationNumber,
      representative: issuedWith.representative,
      address: issuedWith.address,
      phone: issuedWith.phone,
      seal: seal ?? null,
    };
  }
  const manager = managerId
    ? await deps.knex(readModels.users).where({ id: managerId }).first('name', 'email')
    : null;
  const business = managerId
    ? await deps.knex(readModels.businessProfiles).where({ userId: managerId }).first()
    : null;
  if (manager && business) {
    return {
      name: manager.name as string,
      registrationNumber: String(business.registrationNumber ?? ''),
      representative: (business.representative as string | null) ?? null,
      address: (business.address as string | null) ?? null,
      phone: (business.telephone as string | null) ?? (business.mobile as string | null) ?? null,
      email: manager.email as string,
    };
  }
  return { name: '인테리어 플랫폼', registrationNumber: '-' };
}

/** The design as it was at the quoted revision, with its products as drawn from above; null if unreadable. */
async function planOf(deps: QueryServiceDeps, designId: number, revision: number) {
  const found = await designDocumentAt(deps, designId, revision).catch(() => null);
  const parsed = designDocumentSchema.safeParse(found?.document);
  if (!parsed.success) return null;
  const products = await productLooksOf(deps.knex, parsed.data);
  return { document: parsed.data, products };
}
