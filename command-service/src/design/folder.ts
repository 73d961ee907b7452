import { type DesignFolderEvent, messages } from '@interior/contracts';
import { domainNotFound } from '@interior/platform';
import type { Decider } from '../decider';

/** A folder of one owner's designs (stream `DesignFolder-<id>`). */
export interface FolderState {
  status: 'None' | 'Live' | 'Deleted';
  ownerId: number;
  name: string;
  parentId: number | null;
}

export type FolderCommand =
  | { type: 'CreateFolder'; id: number; ownerId: number; name: string; parentId: number | null }
  | { type: 'UpdateFolder'; name?: string; parentId?: number | null }
  | { type: 'DeleteFolder' };

/**
 * The rules across folders (depth, cycles, emptiness) need the other folders and the designs, so
 * the routes check them before deciding; the decider keeps one folder's own lifecycle.
 */
export const folderDecider: Decider<FolderCommand, DesignFolderEvent, FolderState> = {
  initialState: () => ({ status: 'None', ownerId: 0, name: '', parentId: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'DesignFolderCreated':
        return {
          status: 'Live',
          ownerId: event.data.ownerId,
          name: event.data.name,
          parentId: event.data.parentId,
        };
      case 'DesignFolderRenamed':
        return { ...state, name: event.data.name };
      case 'DesignFolderMoved':
        return { ...state, parentId: event.data.parentId };
      case 'DesignFolderDeleted':
        return { ...state, status: 'Deleted' };
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateFolder': {
        if (state.status !== 'None') return [];
        const { type: _type, ...data } = command;
        return [{ type: 'DesignFolderCreated', data }];
      }
      case 'UpdateFolder': {
        if (state.status !== 'Live') throw domainNotFound(messages.designFolderNotFound);
        const events: DesignFolderEvent[] = [];
        if (command.name !== undefined && command.name !== state.name)
          events.push({ type: 'DesignFolderRenamed', data: { name: command.name } });
        if (command.parentId !== undefined && command.parentId !== state.parentId)
          events.push({ type: 'DesignFolderMoved', data: { parentId: command.parentId } });
        return events;
      }
      case 'DeleteFolder':
        if (state.status === 'Deleted') return [];
        if (state.status !== 'Live') throw domainNotFound(messages.designFolderNotFound);
        return [{ type: 'DesignFolderDeleted', data: {} }];
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
};
