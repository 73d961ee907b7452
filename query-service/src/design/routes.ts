import {
  canAccess,
  DesignId,
  dashboardRoutes,
  designDocumentSchema,
  designReadModels,
  drawDocumentSvg,
  messages,
} from '@interior/contracts';
import {
  etagOf,
  forbidden,
  type ListDefinition,
  notFound,
  type Principal,
  parseInput,
  principalOf,
  queryList,
  readModels,
  sendList,
} from '@interior/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { QueryServiceDeps } from '../deps';
import { sendDrawing } from '../drawing-reply';
import { sendRecordLog } from '../history/routes';
import { requireReadable } from '../record-access';
import { registerDesignAnalysisQueries } from './analysis-routes';
import { registerCommentAndFolderQueries } from './comment-folder-routes';
import { designDocumentAt } from './document-at';
import { productLooksOf } from './product-looks';

const { designs, ownerCounts } = designReadModels;

const Params = z.object({ id: DesignId });
const RevisionQuery = z.object({
  revision: z.coerce
    .number({ error: messages.invalidValue })
    .int({ error: messages.integer })
    .min(0)
    .optional(),
});

/** The columns of every list of designs. */
const designList = (resource: string, filters: ListDefinition['filters'] = {}): ListDefinition => ({
  resource,
  table: designs,
  sortable: ['id', 'name', 'updated', 'registered', 'area', 'roomCount', 'trashedAt', 'ownerId', 'status'],
  defaultSort: ['updated', 'DESC'],
  filters: { folderId: 'integer', ...filters },
  search: ['name'],
  nullable: ['updated', 'trashedAt', 'folderId'],
  columns: [
    'id',
    'name',
    'description',
    'ownerId',
    'folderId',
    'planId',
    'status',
    'trashedAt',
    'revision',
    'area',
    'roomCount',
    'commentCount',
    'shareCount',
    'registered',
    'registeredBy',
    'updated',
    'updatedBy',
    'version',
  ],
});

/** Rows a grant gives the principal (to them or their groups), not owned by them: shared with them. */
function sharedWith(principal: Principal) {
  return (builder: Knex.QueryBuilder) => {
    builder
      .where(`${designs}.status`, 'Active')
      .whereNot(`${designs}.ownerId`, principal.userId)
      .whereExists((sub) => {
        sub
          .select(sub.client.raw('1'))
          .from(`${readModels.aclEntries} as g`)
          .where('g.objectType', 'Design')
          .whereRaw(`g."objectId" = ${designs}.id`)
          .where((who) =>
            who
              .where({ 'g.identityType': 'User', 'g.identityKey': String(principal.userId) })
              .orWhere((q) =>
                q.where('g.identityType', 'Group').whereIn('g.identityKey', principal.groups.map(String)),
              ),
          );
      });
  };
}

/**
 * The designs' reads (docs/domain.md "Designs"): the lists `mydesign`, `trash`, `shared`,
 * `design/management` and `design-manager/design`; one design; its document (now, or at any
 * revision), its drawing and its log. A design the caller holds no grant on is a 404 everywhere.
 */
export function registerDesignQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  registerCommentAndFolderQueries(app, deps);
  registerDesignAnalysisQueries(app, deps);
  const idOf = (request: FastifyRequest) => parseInput(Params, request.params).id;
  const mayRead = (request: FastifyRequest, id: number) =>
    requireReadable(deps, principalOf(request), { type: 'Design', id }, messages.designNotFound);
  const list = async (
    request: FastifyRequest,
    reply: FastifyReply,
    def: ListDefinition,
    scope: (builder: Knex.QueryBuilder) => void,
    scopeTotal?: Knex.Raw,
  ) =>
    sendList(
      reply,
      def.resource,
      await queryList(deps.knex, def, request.query as Record<string, unknown>, scope, scopeTotal),
    );
  /** How many designs the owner has in a status, as the designs projection counts them. */
  const ownedTotal = (ownerId: number, status: 'Active' | 'Trashed') =>
    deps.knex.raw('select designs from ?? where "ownerId" = ? and status = ?', [
      ownerCounts,
      ownerId,
      status,
    ]);

  /** The caller's own designs in one status, with the total the projection keeps for them. */
  const ownList = (path: string, def: ListDefinition, status: 'Active' | 'Trashed') =>
    app.get(path, (request, reply) => {
      const { userId } = principalOf(request);
      return list(
        request,
        reply,
        def,
        (b) => {
          b.where({ ownerId: userId, status });
        },
        ownedTotal(userId, status),
      );
    });
  const mine = designList('mydesign');
  ownList('/api/mydesign', mine, 'Active');
  ownList('/api/trash', { ...designList('trash'), defaultSort: ['trashedAt', 'DESC'] }, 'Trashed');

  const shared = designList('shared', { ownerId: 'integer' });
  app.get('/api/shared', (request, reply) => {
    const principal = principalOf(request);
    if (!canAccess(dashboardRoutes.shared, principal.roles)) throw forbidden();
    return list(request, reply, shared, sharedWith(principal));
  });

  const management = designList('design/management', {
    ownerId: 'integer',
    status: 'text',
    registered: 'timestamp',
    updated: 'timestamp',
  });
  app.get('/api/design/management', (request, reply) => {
    if (!principalOf(request).roles.includes('Admin')) throw forbidden();
    return list(request, reply, management, () => {});
  });

  const managed = designList('design-manager/design', { ownerId: 'integer', status: 'text' });
  app.get('/api/design-manager/design', (request, reply) => {
    const principal = principalOf(request);
    if (!canAccess(dashboardRoutes['design-manager/design'], principal.roles)) throw forbidden();
    // The estimations assigned to this manager fill `managerIds` (empty until estimations exist).
    return list(request, reply, managed, (b) => {
      b.whereRaw('? = any("managerIds")', [principal.userId]);
    });
  });

  app.get('/api/mydesign/:id', async (request, reply) => {
    const id = idOf(request);
    await mayRead(request, id);
    const row = await deps
      .knex(designs)
      .where({ id })
      .first([...(mine.columns ?? [])]);
    if (!row) throw notFound(messages.designNotFound);
    return reply.header('etag', etagOf(row.version)).send(row);
  });

  const documentOf = (id: number, revision: number | undefined) => designDocumentAt(deps, id, revision);

  app.get('/api/design/:id/document', async (request, reply) => {
    const id = idOf(request);
    await mayRead(request, id);
    const { revision } = parseInput(RevisionQuery, request.query);
    const found = await documentOf(id, revision);
    return reply
      .header('etag', etagOf(found.revision))
      .header('cache-control', 'no-store')
      .send(found.document);
  });

  app.get('/api/design/:id/thumbnail.svg', async (request, reply) => {
    const id = idOf(request);
    await mayRead(request, id);
    const row = await deps.knex(designs).where({ id }).first('name');
    const found = await documentOf(id, undefined);
    const doc = designDocumentSchema.parse(found.document);
    const svg = drawDocumentSvg(doc, {
      title: row?.name ?? '',
      products: await productLooksOf(deps.knex, doc),
    });
    return sendDrawing(reply, svg, found.revision);
  });

  // The design's 이력 under the name its API gives it: the same rows, sentences and keyset pages
  // as every record's (`GET /api/history/Design/{id}/log`), "디자인을 찾을 수 없습니다" where it is not found.
  app.get('/api/design/:id/log', (request, reply) =>
    sendRecordLog(deps, request, reply, {
      params: { type: 'Design', id: (request.params as { id?: unknown }).id },
      unit: 'log',
      path: (_, id) => `/api/design/${id}/log`,
      notFoundMessage: messages.designNotFound,
    }),
  );
}
