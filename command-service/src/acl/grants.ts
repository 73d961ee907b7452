import { type Ace, aclStream, type ObjectType } from '@interior/contracts';
import { type CommandMeta, handleCommand, loadState } from '../decider';
import type { CommandServiceDeps } from '../deps';
import { aclDecider } from './decide';

/**
 * Grants a record's own commands give (a design's owner, an estimation's requester and
 * assignees), recorded in the record's ACL like any other grant, so reads, lists and history
 * authorize them the same way.
 */
export async function changeGrants(
  deps: Pick<CommandServiceDeps, 'store'>,
  object: { type: ObjectType; id: number },
  change: (aces: Ace[]) => Ace[],
  meta: CommandMeta,
) {
  const stream = aclStream(object);
  const { state } = await loadState(deps.store, stream, aclDecider);
  return handleCommand(deps.store, {
    stream,
    decider: aclDecider,
    command: { type: 'ChangeAcl', objectType: object.type, objectId: object.id, aces: change(state.aces) },
    meta,
  });
}

export const isUser = (ace: Ace, userId: number) =>
  ace.identity.type === 'User' && ace.identity.id === userId;

/** The ACEs with this user's permission set to `permission` (replacing what they held). */
export const withUser = (aces: Ace[], userId: number, permission: Ace['permission']): Ace[] => [
  ...aces.filter((a) => !isUser(a, userId)),
  { identity: { type: 'User' as const, id: userId }, permission },
];
