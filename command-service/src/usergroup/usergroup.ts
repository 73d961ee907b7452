import type { UserGroupEvent } from '@interior/contracts';

export type UserGroupState =
  | { status: 'absent' }
  | { status: 'active'; id: number; name: string; description: string }
  | { status: 'deleted'; id: number };

export const initialState = (): UserGroupState => ({ status: 'absent' });

export function evolve(state: UserGroupState, event: UserGroupEvent): UserGroupState {
  switch (event.type) {
    case 'UserGroupCreated':
      return {
        status: 'active',
        id: event.data.id,
        name: event.data.name,
        description: event.data.description,
      };
    case 'UserGroupUpdated':
      return state.status === 'active'
        ? { ...state, name: event.data.name, description: event.data.description }
        : state;
    case 'UserGroupDeleted':
      return state.status === 'active' ? { status: 'deleted', id: state.id } : state;
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}
