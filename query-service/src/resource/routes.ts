import { positiveId, type ResourceDeclaration, resourceTable } from '@interior/contracts';
import {
  etagOf,
  type ListDefinition,
  notFound,
  type Principal,
  parseInput,
  principalOf,
  readRecord,
  resourceListDefinition,
} from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { QueryServiceDeps } from '../deps';
import { sendReadableList } from '../readable-list';
import { requireReadable } from '../record-access';

/**
 * What a resource adds to its generic reads (docs/adding-a-resource.md), by route name: a read
 * route (`notice` beside `system/notice`) narrows what it shows to its audience.
 */
export interface ResourceQueryHooks {
  scopes?: Readonly<Record<string, (principal: Principal) => (builder: Knex.QueryBuilder) => void>>;
}

/**
 * The reads of a declared resource: `GET /api/{name}` (simple-rest list of the records the caller
 * may read; Content-Range counts only those) and `GET /api/{name}/{id}` (the record with its ETag,
 * or 404 for a record the caller may not read, deleted, or never made). The same for each of its
 * read routes, narrowed by that route's scope.
 */
export function registerResourceQueries(
  app: FastifyInstance,
  deps: QueryServiceDeps,
  resource: ResourceDeclaration,
  hooks: ResourceQueryHooks = {},
): ListDefinition {
  const table = resourceTable(resource);
  const Params = z.object({ id: positiveId(resource.invalidId) });
  const primary = resourceListDefinition(resource);
  for (const name of [resource.name, ...(resource.readRoutes ?? [])]) {
    const list = name === resource.name ? primary : { ...primary, resource: name };
    const scopeOf = hooks.scopes?.[name];
    app.get(`/api/${name}`, async (request, reply) => {
      const principal = principalOf(request);
      const extra = scopeOf?.(principal);
      // The resource's projection is named after its table (projections/src/resource).
      return sendReadableList(deps, request, reply, resource.objectType, list, extra, [table]);
    });
    app.get(`/api/${name}/:id`, async (request, reply) => {
      const { id } = parseInput(Params, request.params);
      const principal = principalOf(request);
      await requireReadable(deps, principal, { type: resource.objectType, id }, resource.notFound);
      const query = deps.knex(table).where({ id });
      const scope = scopeOf?.(principal);
      if (scope) query.where(scope);
      const record = scope
        ? ((await query.first()) as { version: number } | undefined)
        : await readRecord<{ version: number }>(deps.knex, table, id);
      if (!record) throw notFound(resource.notFound);
      return reply.header('etag', etagOf(record.version)).send(record);
    });
  }
  return primary;
}
