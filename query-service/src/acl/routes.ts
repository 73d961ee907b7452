import {
  type Ace,
  type Acl,
  type AclInfo,
  messages,
  ObjectIdentityParamsSchema,
  objectIdentity,
  type Permission,
  type Role,
  type SecurityIdentity,
} from '@interior/contracts';
import {
  badRequest,
  forbidden,
  labelIdentities,
  notFound,
  parseInput,
  principalOf,
  readModels,
  recordEverExisted,
  searchIdentitiesFor,
} from '@interior/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { QueryServiceDeps } from '../deps';
import { grantedIdentityNames } from '../people';

const KeywordQuery = z.object({
  keyword: z
    .string({ error: messages.required })
    .trim()
    .max(100, { error: messages.keywordTooLong })
    .default(''),
});

interface AceRow {
  identityType: 'User' | 'Group' | 'Role';
  identityKey: string;
  permission: Permission;
}

const toIdentity = (row: AceRow): SecurityIdentity =>
  row.identityType === 'Role'
    ? { type: 'Role', role: row.identityKey as Role }
    : { type: row.identityType, id: Number(row.identityKey) };

/**
 * Reads of access control: `GET api/acl/{type}[/{id}]`, `GET api/acl/info/{type}[/{id}]`
 * (the grants, with labels), `GET api/permission/target` and `GET api/identity` (whom one could
 * grant to). Seeing or searching grants is for those who manage them: Admin permission on the
 * object, or (for the searches) on anything. A record that never existed is a 404 for everyone.
 * Searches show only the users and groups the caller may read (the Admin role reads all); roles
 * are no secret. The grants' labels name everyone they grant to as histories do (`grantedIdentityNames`).
 */
export function registerAclQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  const acesOf = async (request: FastifyRequest): Promise<{ acl: Acl; rows: AceRow[] }> => {
    const { type, id } = parseInput(ObjectIdentityParamsSchema, request.params);
    const object = objectIdentity(type, id);
    if (id !== undefined && !(await recordEverExisted(deps.store, type, id))) throw notFound();
    await deps.permissions.require(principalOf(request), object, 'Admin');
    const rows: AceRow[] = await deps
      .knex(readModels.aclEntries)
      .where({ objectType: type, objectId: id ?? 0 })
      .orderBy(['identityType', 'identityKey'])
      .select('identityType', 'identityKey', 'permission');
    const aces: Ace[] = rows.map((row) => ({ identity: toIdentity(row), permission: row.permission }));
    return { acl: { id: object, aces }, rows };
  };

  const keywordOf = async (request: FastifyRequest) => {
    if (!(await deps.permissions.managesAnything(principalOf(request)))) throw forbidden();
    const { keyword } = parseInput(KeywordQuery, request.query);
    if (!keyword) throw badRequest(messages.required, { keyword: messages.required });
    return keyword;
  };

  for (const path of ['/api/acl/:type', '/api/acl/:type/:id']) {
    app.get(path, async (request) => (await acesOf(request)).acl);
  }
  for (const path of ['/api/acl/info/:type', '/api/acl/info/:type/:id']) {
    app.get(path, async (request): Promise<AclInfo[]> => {
      const { acl } = await acesOf(request);
      const labelled = await grantedIdentityNames(
        deps,
        principalOf(request),
        acl.aces.map((a) => a.identity),
      );
      return labelled.map((info, i) => ({ ...info, permission: acl.aces[i]!.permission }));
    });
  }

  const search = async (request: FastifyRequest) =>
    searchIdentitiesFor(deps.knex, deps.permissions, principalOf(request), await keywordOf(request));

  app.get('/api/identity', search);

  // Whatever the search found the caller may read: its labels need no second filter.
  app.get(
    '/api/permission/target',
    async (request): Promise<AclInfo[]> => labelIdentities(deps.knex, await search(request)),
  );
}
