import {
  type CatalogueLastNames,
  catalogueResources,
  messages,
  positiveId,
  type ReferenceKind,
  referenceObjectTypes,
  resourceTable,
  streamName,
} from '@interior/contracts';
import { catalogueUsageOf, parseInput, principalOf } from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { QueryServiceDeps } from './deps';
import { readableRow } from './record-access';

const byName = new Map(catalogueResources.map((resource) => [resource.name, resource]));
const UsageParams = z.object({
  resource: z.string().refine((name) => byName.has(name), { error: messages.notFound }),
  id: positiveId(),
});
/** Up to 50 ids of each kind, as a comma-separated list: what one document can show at once. */
const IdArray = z.array(positiveId()).max(50, { error: messages.maxItems(50) });
const idList = z
  .string()
  .max(2_000)
  .transform((text, context) => {
    const parsed = IdArray.safeParse(text.split(',').filter(Boolean));
    if (parsed.success) return parsed.data;
    context.addIssue({ code: 'custom', message: messages.invalidId });
    return z.NEVER;
  })
  .optional();
const NamesQuery = z.object(
  Object.fromEntries(Object.keys(referenceObjectTypes).map((kind) => [kind, idList])) as Record<
    ReferenceKind,
    typeof idList
  >,
);

/**
 * Who uses a catalogue record (the delete confirmation shows it) and the last names of records a
 * document names, kept after their deletion (the editor shows such an item as 확인 필요).
 */
export function registerCatalogueUsageQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  app.get('/api/catalogue/usage/:resource/:id', async (request) => {
    const { resource: name, id } = parseInput(UsageParams, request.params);
    const resource = byName.get(name)!;
    await readableRow(
      deps,
      principalOf(request),
      { type: resource.objectType, id },
      resourceTable(resource),
      resource.notFound,
    );
    return catalogueUsageOf(deps.knex, resource.objectType, id);
  });

  app.get('/api/catalogue/names', async (request) => {
    const query = parseInput(NamesQuery, request.query ?? {});
    const principal = principalOf(request);
    const answer: CatalogueLastNames = {};
    for (const kind of Object.keys(referenceObjectTypes) as ReferenceKind[]) {
      const ids = query[kind];
      if (!ids?.length) continue;
      const refType = referenceObjectTypes[kind];
      // Names are the catalogue's, which every signed-in user reads by default; a reader without
      // that default gets nothing rather than names of records hidden from them.
      if (!(await deps.permissions.has(principal, { type: refType }, 'Read'))) continue;
      // The last name the record's own events gave it, read from its stream: kept after a deletion.
      const rows = await Promise.all(
        ids.map(async (refId) => {
          const events = await deps.store.readStream(streamName(refType, refId));
          const named = events.findLast(
            (e) => typeof (e.data as { name?: unknown } | null)?.name === 'string',
          );
          return { refId, name: named ? (named.data as { name: string }).name : null };
        }),
      );
      answer[kind] = Object.fromEntries(
        rows.flatMap((row) => (row.name ? [[String(row.refId), row.name]] : [])),
      );
    }
    return answer;
  });
}
