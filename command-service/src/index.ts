import type { FastifyInstance } from 'fastify';
import { registerAclCommands } from './acl/routes';
import { registerClientLogCommands } from './client-log/routes';
import type { CommandServiceDeps } from './deps';
import { registerDesignCommands } from './design/routes';
import { registerEstimationCommands } from './estimation/routes';
import { registerFileCommands } from './files/files';
import { registerOAuthCommands } from './oauth/routes';
import { registerResourceRoutes } from './resources';
import { registerSessionCommands } from './session/routes';
import { registerSignupCommands } from './signup/routes';
import { subscriptionWiringOf } from './subscription';
import { registerSubscriptionCommands } from './subscription/routes';
import { registerSupplierCommands } from './supplier/routes';
import { registerAccountChangeCommands } from './user/account-changes-routes';
import { registerAccountCommands } from './user/account-routes';
import { registerUserAdminCommands } from './user/admin-routes';
import { registerGroupMemberCommands } from './usergroup/members-routes';

export { type CommandServiceDeps, commandDepsOf } from './deps';
export { purgeExpiredDesigns } from './design/trash-purge';
export { expireQuotes } from './estimation/quote-expiry';
export { ensureShippedValues, loadSample } from './resources';
export { bootstrapAdmin, DEFAULT_ADMIN_EMAIL } from './user/bootstrap';
export { type NewUser, registerUser } from './user/register';
export { startCommandWorkers } from './workers';

/** Every write endpoint; authentication is registered once by the hosting process. */
export function registerCommandRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  registerSessionCommands(app, deps);
  registerSignupCommands(app, deps);
  registerAccountCommands(app, deps);
  registerUserAdminCommands(app, deps);
  registerResourceRoutes(app, deps);
  registerClientLogCommands(app, deps);
  registerFileCommands(app, deps);
  registerAclCommands(app, deps);
  registerOAuthCommands(app, deps);
  registerAccountChangeCommands(app, deps);
  registerGroupMemberCommands(app, deps);
  registerSubscriptionCommands(app, deps, subscriptionWiringOf(deps));
  registerDesignCommands(app, deps);
  registerEstimationCommands(app, deps);
  registerSupplierCommands(app, deps);
}
export { ProviderDeclined, ProviderUnavailable } from './billing/provider';
export { TossProvider } from './billing/toss';
