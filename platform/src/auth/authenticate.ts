import {
  canAccess,
  type DashboardRoute,
  dashboardRoutes,
  hasAnyRole,
  messages,
  type Role,
} from '@interior/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { forbidden, unauthorized } from '../errors';
import { readModels } from '../read-models';
import type { AccessTokens } from './tokens';

/** The signed-in user a request acts for. */
export interface Principal {
  userId: number;
  sessionId: string;
  name: string;
  roles: Role[];
  /** Groups the user belongs to: grants to them reach the user. */
  groups: number[];
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Reachable without signing in (sign-in itself, health). */
    public?: boolean;
  }
}

/**
 * Resolves a bearer token to a principal: the JWT must verify, and its session must still be
 * open and its user Active in the read models, so a revoked session or a deactivated user stops
 * working on the next request.
 */
export class Authenticator {
  constructor(
    private readonly knex: Knex,
    private readonly tokens: AccessTokens,
  ) {}

  async fromAuthorizationHeader(header: string | undefined): Promise<Principal | null> {
    const match = header ? /^Bearer\s+([A-Za-z0-9._~+/=-]{1,4096})$/i.exec(header) : null;
    if (!match) return null;
    const claims = await this.tokens.verify(match[1]!);
    if (!claims) return null;
    const row = await this.knex(`${readModels.userSessions} as s`)
      .join(`${readModels.users} as u`, 'u.id', 's.userId')
      .where('s.id', claims.sessionId)
      .andWhere('s.userId', claims.userId)
      .whereNull('s.revokedAt')
      .andWhere('s.expiresAt', '>', new Date())
      .first('u.id', 'u.name', 'u.roles', 'u.groups', 'u.status');
    if (row?.status !== 'Active') return null;
    return {
      userId: row.id,
      sessionId: claims.sessionId,
      name: row.name,
      roles: row.roles,
      groups: row.groups,
    };
  }
}

/**
 * Every /api route requires a signed-in user unless its config says `public: true`; the UI's
 * pages and assets outside /api are public. The check runs before the body is read, so anonymous
 * requests cost little.
 */
export function registerAuthentication(app: FastifyInstance, authenticator: Authenticator): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/')) return;
    request.principal = await authenticator.fromAuthorizationHeader(request.headers.authorization);
    if (!request.principal && !request.routeOptions.config?.public) throw unauthorized();
  });
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** The caller must hold one of the roles (403 otherwise). */
export function requireRole(request: FastifyRequest, ...wanted: Role[]): Principal {
  const principal = principalOf(request);
  if (!hasAnyRole(principal.roles, wanted)) throw forbidden(messages.forbidden);
  return principal;
}

/**
 * The caller may open the SPEC §2 dashboard route whose screen this endpoint serves: the same
 * rule the UI guards apply (contracts/src/routes.ts), 403 otherwise.
 */
export function requireRouteAccess(request: FastifyRequest, route: DashboardRoute): Principal {
  const principal = principalOf(request);
  if (!canAccess(dashboardRoutes[route], principal.roles)) throw forbidden(messages.pageForbidden);
  return principal;
}
