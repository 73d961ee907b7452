import { GroupMemberSchema, messages, streamName, UserGroupId, UserId } from '@interior/contracts';
import { forbidden, notFound, parseInput, principalOf, readModels } from '@interior/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { handleCommand } from '../decider';
import { awaitProjections, type CommandServiceDeps, metaOf } from '../deps';
import { userDecider } from '../user/decide';

const GroupParams = z.object({ id: UserGroupId });
const MemberParams = z.object({ id: UserGroupId, userId: UserId });

/**
 * The group page's 구성원: a user joins or leaves a group. Membership lives on the user
 * (UserGroupsChanged), so this is a command on the user's stream, allowed to whoever may manage
 * the group's membership: the Admin role, or Admin on that group. Each call changes one group and
 * is decided again on the user's latest groups when another change got there first, so two
 * managers changing one user's groups at once never undo each other.
 */
export function registerGroupMemberCommands(app: FastifyInstance, deps: CommandServiceDeps): void {
  const mayManageMembers = async (request: FastifyRequest, groupId: number) => {
    await deps.permissions.require(
      principalOf(request),
      { type: 'UserGroup', id: groupId },
      'Admin',
      messages.userGroupNotFound,
    );
    const group = await deps.knex(readModels.usergroups).where({ id: groupId }).first('id');
    if (!group) throw notFound(messages.userGroupNotFound);
  };

  const change = async (
    request: FastifyRequest,
    reply: Parameters<typeof awaitProjections>[1],
    groupId: number,
    userId: number,
    member: boolean,
  ) => {
    const handled = await handleCommand(deps.store, {
      stream: streamName('User', userId),
      decider: userDecider,
      command: { type: 'ChangeGroupMembership', groupId, member },
      meta: metaOf(request),
    });
    await awaitProjections(deps, reply, handled);
  };

  app.post('/api/usergroup/:id/members', async (request, reply) => {
    const { id } = parseInput(GroupParams, request.params);
    await mayManageMembers(request, id);
    const { userId } = parseInput(GroupMemberSchema, request.body);
    const principal = principalOf(request);
    // Joining a group gives its grants: managing a group's members does not let one take them
    // oneself (README "Who may do what"); only the Admin role adds itself.
    if (userId === principal.userId && !principal.roles.includes('Admin')) {
      throw forbidden(messages.cannotJoinGroupYourself);
    }
    // A user the caller may not read answers as one that does not exist.
    if (!(await deps.permissions.readableIds(principal, 'User', [userId])).has(userId)) {
      throw notFound(messages.userNotFound);
    }
    await change(request, reply, id, userId, true);
    return reply.status(204).send();
  });

  app.delete('/api/usergroup/:id/members/:userId', async (request, reply) => {
    const { id, userId } = parseInput(MemberParams, request.params);
    await mayManageMembers(request, id);
    await change(request, reply, id, userId, false);
    return reply.status(204).send();
  });
}
