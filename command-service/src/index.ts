import type { FastifyInstance } from 'fastify';
import { registerAclCommands } from './acl/routes';
import { registerClientLogCommands } from './client-log/routes';
import type { CommandServiceDeps } from './deps';
import { registerSessionCommands } from './session/routes';
import { registerSignupCommands } from './signup/routes';
import { registerAccountCommands } from './user/account-routes';
import { registerUserAdminCommands } from './user/admin-routes';
import { registerUserGroupCommands } from './usergroup/routes';

export { type CommandServiceDeps, commandDepsOf } from './deps';
export { bootstrapAdmin, DEFAULT_ADMIN_EMAIL } from './user/bootstrap';
export { type NewUser, registerUser } from './user/register';

/** Every write endpoint; authentication is registered once by the hosting process. */
export function registerCommandRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  registerSessionCommands(app, deps);
  registerSignupCommands(app, deps);
  registerAccountCommands(app, deps);
  registerUserAdminCommands(app, deps);
  registerUserGroupCommands(app, deps);
  registerClientLogCommands(app, deps);
  registerAclCommands(app, deps);
}
