import { messages, type UserGroupEvent } from '@interior/contracts';
import { domainNotFound, ruleBroken } from '@interior/platform';
import type { Decider } from '../decider';
import { evolve, initialState, type UserGroupState } from './usergroup';

export type UserGroupCommand =
  | { type: 'CreateUserGroup'; id: number; name: string; description: string }
  | { type: 'UpdateUserGroup'; name: string; description: string }
  | { type: 'DeleteUserGroup' };

export function decide(command: UserGroupCommand, state: UserGroupState): UserGroupEvent[] {
  switch (command.type) {
    case 'CreateUserGroup':
      if (state.status !== 'absent') throw ruleBroken(messages.alreadyExists);
      return [
        {
          type: 'UserGroupCreated',
          data: { id: command.id, name: command.name, description: command.description },
        },
      ];
    case 'UpdateUserGroup':
      if (state.status !== 'active') throw domainNotFound(messages.userGroupNotFound);
      if (state.name === command.name && state.description === command.description) return [];
      return [{ type: 'UserGroupUpdated', data: { name: command.name, description: command.description } }];
    case 'DeleteUserGroup':
      if (state.status !== 'active') throw domainNotFound(messages.userGroupNotFound);
      return [{ type: 'UserGroupDeleted', data: {} }];
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

export const userGroupDecider: Decider<UserGroupCommand, UserGroupEvent, UserGroupState> = {
  initialState,
  evolve,
  decide,
};
