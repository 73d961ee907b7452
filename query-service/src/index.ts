import type { FastifyInstance } from 'fastify';
import { registerAclQueries } from './acl/routes';
import { registerClientLogQueries } from './clientlog/routes';
import type { QueryServiceDeps } from './deps';
import { registerHistoryQueries } from './history/routes';
import { registerImageQueries } from './image/routes';
import { registerMailboxQueries } from './mailbox/routes';
import { registerPermissionQueries } from './permission/routes';
import { registerUserQueries } from './user/routes';
import { registerUserGroupQueries } from './usergroup/routes';

export type { QueryServiceDeps } from './deps';

/** Every read endpoint; authentication is registered once by the hosting process. */
export function registerQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  registerUserQueries(app, deps);
  registerUserGroupQueries(app, deps);
  registerHistoryQueries(app, deps);
  registerImageQueries(app, deps);
  registerMailboxQueries(app, deps);
  registerClientLogQueries(app, deps);
  registerAclQueries(app, deps);
  registerPermissionQueries(app, deps);
}
