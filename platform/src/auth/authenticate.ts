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
import { ExpiringCache } from '../expiring-cache';
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
  /**
   * Sessions found open, with the version of the read models they were read at (see
   * `useReadModelVersion`); a session is looked up again once either read model changed.
   */
  private readonly sessions = new ExpiringCache<string, { principal: Principal; version: string }>(
    SESSION_CACHE_SIZE,
  );
  private readModelVersion: (() => string) | null = null;

  constructor(
    private readonly knex: Knex,
    private readonly tokens: AccessTokens,
  ) {}

  /**
   * In a process whose projection runner writes the users and sessions read models, a function
   * that changes whenever either changes (a batch applied to them, a rebuild switched): a session
   * found open is then remembered until it does, instead of being read on every request. Without
   * it (a query-service of its own) every request reads the session.
   */
  useReadModelVersion(version: () => string): void {
    this.readModelVersion = version;
  }

  async fromAuthorizationHeader(header: string | undefined): Promise<Principal | null> {
    const match = header ? /^Bearer\s+([A-Za-z0-9._~+/=-]{1,4096})$/i.exec(header) : null;
    if (!match) return null;
    const claims = await this.tokens.verify(match[1]!);
    if (!claims) return null;
    const version = this.readModelVersion?.() ?? null;
    const key = `${claims.sessionId}:${claims.userId}`;
    const known = version === null ? undefined : this.sessions.get(key);
    if (known && known.version === version) return known.principal;
    const row = await this.knex(`${readModels.userSessions} as s`)
      .join(`${readModels.users} as u`, 'u.id', 's.userId')
      .where('s.id', claims.sessionId)
      .andWhere('s.userId', claims.userId)
      .whereNull('s.revokedAt')
      .andWhere('s.expiresAt', '>', new Date())
      .first('u.id', 'u.name', 'u.roles', 'u.groups', 'u.status', 's.expiresAt');
    if (row?.status !== 'Active') {
      this.sessions.delete(key);
      return null;
    }
    const principal: Principal = {
      userId: row.id,
      sessionId: claims.sessionId,
      name: row.name,
      roles: row.roles,
      groups: row.groups,
    };
    if (version !== null && version === this.readModelVersion?.()) {
      this.sessions.set(key, { principal, version }, new Date(row.expiresAt).getTime());
    }
    return principal;
  }
}

/** Open sessions remembered at most (the oldest goes first). */
const SESSION_CACHE_SIZE = 10_000;

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
 * The caller may open the dashboard route whose screen this endpoint serves: the same
 * rule the UI guards apply (contracts/src/routes.ts), 403 otherwise.
 */
export function requireRouteAccess(request: FastifyRequest, route: DashboardRoute): Principal {
  const principal = principalOf(request);
  if (!canAccess(dashboardRoutes[route], principal.roles)) throw forbidden(messages.pageForbidden);
  return principal;
}
