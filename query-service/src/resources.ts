import { resources } from '@interior/contracts';
import type { FastifyInstance } from 'fastify';
import { bannerScopes, noticeScopes } from './catalogue-scopes';
import type { QueryServiceDeps } from './deps';
import { type ResourceQueryHooks, registerResourceQueries } from './resource/routes';

/** What each declared resource adds to the generic reads, by route name. */
const hooks: Readonly<Record<string, ResourceQueryHooks>> = {
  'system/notice': { scopes: noticeScopes },
  'system/popupbanner': { scopes: bannerScopes },
};

/** The reads of every declared resource (contracts/src/resources.ts). */
export function registerResourceReadRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  for (const resource of resources) registerResourceQueries(app, deps, resource, hooks[resource.name]);
}
