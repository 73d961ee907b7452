import { type MyPermissions, type MyRecordPermission, RecordIdentityParamsSchema } from '@interior/contracts';
import { parseInput, principalOf } from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import type { QueryServiceDeps } from '../deps';

/**
 * What the signed-in user may do, for the screens (README "Who may do what"): the UI opens a
 * resource's list, pages and buttons for the route's roles or for a grant, and asks here which
 * grants the user holds. Only the caller's own permissions are answered, so nothing here needs a
 * grant; the API checks every call again whatever the screen showed.
 * - `GET api/permission/mine`: per object type, the permission on every record of it and the
 *   strongest grant on any one record.
 * - `GET api/permission/mine/{type}/{id}`: the permission on one record (null: none).
 */
export function registerPermissionQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  app.get(
    '/api/permission/mine',
    async (request): Promise<MyPermissions> => deps.permissions.mine(principalOf(request)),
  );

  app.get('/api/permission/mine/:type/:id', async (request): Promise<MyRecordPermission> => {
    const { type, id } = parseInput(RecordIdentityParamsSchema, request.params);
    return { permission: await deps.permissions.on(principalOf(request), { type, id }) };
  });
}
