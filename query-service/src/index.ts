import type { FastifyInstance } from 'fastify';
import { registerAclQueries } from './acl/routes';
import { registerAuditQueries } from './audit/routes';
import { registerCatalogueThumbnails } from './catalogue-thumbnails';
import { registerCatalogueUsageQueries } from './catalogue-usage';
import { registerClientLogQueries } from './clientlog/routes';
import type { QueryServiceDeps } from './deps';
import { registerDesignQueries } from './design/routes';
import { registerEstimationQueries } from './estimation/routes';
import { registerAsOfQueries } from './history/as-of';
import { registerHistoryQueries } from './history/routes';
import { registerFileQueries, registerImageQueries } from './image/routes';
import { registerMailboxQueries } from './mailbox/routes';
import { registerPermissionQueries } from './permission/routes';
import { registerResourceReadRoutes } from './resources';
import { registerSettingQueries } from './settings/routes';
import { registerSubscriptionQueries } from './subscription/routes';
import { registerSupplierQueries } from './supplier/routes';
import { registerUserQueries } from './user/routes';
import { registerGroupMemberQueries } from './usergroup/members-routes';

export type { QueryServiceDeps } from './deps';

/** Every read endpoint; authentication is registered once by the hosting process. */
export function registerQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  registerUserQueries(app, deps);
  registerResourceReadRoutes(app, deps);
  registerCatalogueThumbnails(app, deps);
  registerCatalogueUsageQueries(app, deps);
  registerHistoryQueries(app, deps);
  registerAsOfQueries(app, deps);
  registerAuditQueries(app, deps);
  registerImageQueries(app, deps);
  registerFileQueries(app, deps);
  registerMailboxQueries(app, deps);
  registerClientLogQueries(app, deps);
  registerAclQueries(app, deps);
  registerPermissionQueries(app, deps);
  registerGroupMemberQueries(app, deps);
  registerSubscriptionQueries(app, deps);
  registerDesignQueries(app, deps);
  registerEstimationQueries(app, deps);
  registerSettingQueries(app, deps);
  registerSupplierQueries(app, deps);
}
