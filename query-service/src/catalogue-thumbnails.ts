import {
  designDocumentSchema,
  drawDocumentSvg,
  drawWallDrawingSvg,
  emptyDesignDocument,
  materialResource,
  planResource,
  positiveId,
  type ResourceDeclaration,
  resourceTable,
  wallDrawingResource,
} from '@interior/contracts';
import { notFound, parseInput, principalOf, readRecord } from '@interior/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { QueryServiceDeps } from './deps';
import { productLooksOf } from './design/product-looks';
import { sendDrawing } from './drawing-reply';
import { requireReadable } from './record-access';

/**
 * The drawings of the catalogue's geometry (docs/catalogue.md): a plan template's floor plan and a
 * wall drawing's elevation, drawn by the same pure functions of contracts as a design's thumbnail
 * and the screens. Read like the record itself (404 for one the caller may not read).
 */
export function registerCatalogueThumbnails(app: FastifyInstance, deps: QueryServiceDeps): void {
  const readable = async <T>(request: FastifyRequest, resource: ResourceDeclaration) => {
    const { id } = parseInput(z.object({ id: positiveId(resource.invalidId) }), request.params);
    await requireReadable(deps, principalOf(request), { type: resource.objectType, id }, resource.notFound);
    const record = await readRecord<T & { version: number; name: string }>(
      deps.knex,
      resourceTable(resource),
      id,
    );
    if (!record) throw notFound(resource.notFound);
    return record;
  };

  app.get('/api/plan/:id/thumbnail.svg', async (request, reply) => {
    const plan = await readable<{ document: unknown }>(request, planResource);
    // A template may leave out the kinds of element it has none of.
    const parsed = designDocumentSchema.safeParse({ ...emptyDesignDocument(), ...(plan.document as object) });
    if (!parsed.success) throw notFound(planResource.notFound);
    const products = await productLooksOf(deps.knex, parsed.data);
    return sendDrawing(reply, drawDocumentSvg(parsed.data, { title: plan.name, products }), plan.version);
  });

  app.get('/api/walldrawing/:id/thumbnail.svg', async (request, reply) => {
    const drawing = await readable<{
      width: number;
      height: number;
      elements: { materialId: number; x: number; y: number; width: number; height: number }[] | null;
    }>(request, wallDrawingResource);
    const elements = drawing.elements ?? [];
    const materialIds = [...new Set(elements.map((e) => e.materialId))];
    const materialNames = Object.fromEntries(
      materialIds.length
        ? (
            await deps.knex(resourceTable(materialResource)).whereIn('id', materialIds).select('id', 'name')
          ).map((m: { id: number; name: string }) => [String(m.id), m.name])
        : [],
    );
    const svg = drawWallDrawingSvg(
      { width: drawing.width, height: drawing.height, elements },
      { title: drawing.name, materialNames },
    );
    return sendDrawing(reply, svg, drawing.version);
  });
}
