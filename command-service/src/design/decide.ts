import {
  DESIGN_TRASH_DAYS,
  type DesignDocument,
  type DesignEvent,
  documentDelta,
  messages,
  type SharePermission,
} from '@interior/contracts';
import { domainNotFound, preconditionFailed, ruleBroken } from '@interior/platform';
import { dequal } from 'dequal';
import type { Decider } from '../decider';
import { type DesignState, evolveDesign, initialDesignState } from './design';

export type DesignCommand =
  | {
      type: 'CreateDesign';
      id: number;
      ownerId: number;
      name: string;
      description: string;
      folderId: number | null;
      planId: number | null;
      document: DesignDocument;
      /** Set when the design is a copy of another. */
      sourceId?: number;
    }
  | { type: 'UpdateDesign'; name?: string; description?: string; folderId?: number | null }
  | { type: 'ChangeDocument'; document: DesignDocument; basedOn: number }
  | { type: 'TrashDesign'; now: Date }
  | { type: 'RestoreDesign' }
  | { type: 'PurgeDesign'; automatic: boolean; now: Date }
  | { type: 'TransferDesign'; to: number }
  | {
      type: 'ShareDesign';
      emailKey: string;
      email: string;
      permission: SharePermission;
    }
  | { type: 'AttachShare'; emailKey: string; userId: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/** A design that exists and is not in the trash; anything else cannot be changed. */
function mustBeActive(state: DesignState): void {
  if (state.status === 'None' || state.status === 'Purged') throw domainNotFound(messages.designNotFound);
  if (state.status === 'Trashed') throw ruleBroken(messages.designTrashed);
}

export const designDecider: Decider<DesignCommand, DesignEvent, DesignState> = {
  initialState: initialDesignState,
  evolve: evolveDesign,
  // Every save carries the whole document (up to megabytes): a process that starts reads a design
  // from its snapshot on. The state is plain JSON without personal data (shares are by hashed address).
  snapshot: { kind: 'design/1', every: 10 },
  decide(command, state) {
    switch (command.type) {
      case 'CreateDesign': {
        if (state.status !== 'None') return [];
        const { type: _type, sourceId, ...data } = command;
        return sourceId === undefined
          ? [{ type: 'DesignCreated', data }]
          : [{ type: 'DesignCopied', data: { ...data, sourceId } }];
      }
      case 'UpdateDesign': {
        mustBeActive(state);
        const events: DesignEvent[] = [];
        if (command.name !== undefined && command.name !== state.name)
          events.push({ type: 'DesignRenamed', data: { name: command.name } });
        if (command.description !== undefined && command.description !== state.description)
          events.push({ type: 'DesignDescribed', data: { description: command.description } });
        if (command.folderId !== undefined && command.folderId !== state.folderId)
          events.push({ type: 'DesignMovedToFolder', data: { folderId: command.folderId } });
        return events;
      }
      case 'ChangeDocument': {
        mustBeActive(state);
        // The editor saves what it loaded at `basedOn`: a save on an older revision would silently
        // drop someone else's work, so it is refused and the editor offers to reload.
        if (command.basedOn !== state.revision) throw preconditionFailed(messages.staleDesignDocument);
        const before = state.document;
        // Compared value by value, stopping at the first difference: serialising both documents (up
        // to megabytes each) to compare them cost a save more than its delta.
        if (before && dequal(before, command.document)) return [];
        return [
          {
            type: 'DesignDocumentChanged',
            data: {
              revision: state.revision + 1,
              document: command.document,
              delta: documentDelta(
                before ?? { version: 1, walls: [], openings: [], rooms: [], wallDrawings: [], items: [] },
                command.document,
              ),
            },
          },
        ];
      }
      case 'TrashDesign':
        if (state.status === 'Trashed') return [];
        mustBeActive(state);
        return [{ type: 'DesignTrashed', data: { at: command.now.toISOString() } }];
      case 'RestoreDesign':
        if (state.status === 'Active') return [];
        if (state.status !== 'Trashed') throw domainNotFound(messages.designNotFound);
        return [{ type: 'DesignRestored', data: {} }];
      case 'PurgeDesign': {
        if (state.status === 'Purged') return [];
        if (state.status === 'None') throw domainNotFound(messages.designNotFound);
        if (state.status !== 'Trashed') throw ruleBroken(messages.designNotTrashed);
        if (command.automatic) {
          const due = new Date(state.trashedAt ?? 0).getTime() + DESIGN_TRASH_DAYS * DAY_MS;
          if (command.now.getTime() < due) return [];
        }
        return [{ type: 'DesignPurged', data: { automatic: command.automatic } }];
      }
      case 'TransferDesign':
        if (state.status === 'None' || state.status === 'Purged')
          throw domainNotFound(messages.designNotFound);
        if (state.ownerId === command.to) throw ruleBroken(messages.designAlreadyOwned);
        return [{ type: 'DesignOwnershipTransferred', data: { from: state.ownerId, to: command.to } }];
      case 'ShareDesign': {
        mustBeActive(state);
        const { type: _type, ...data } = command;
        // Never the account holding the address: the sharer reads this event in the history.
        return [{ type: 'DesignShared', data: { ...data, userId: null } }];
      }
      case 'AttachShare': {
        if (state.status === 'None' || state.status === 'Purged') return [];
        const permission = state.pending[command.emailKey];
        if (!permission) return [];
        return [
          {
            type: 'DesignShareAttached',
            data: { emailKey: command.emailKey, userId: command.userId, permission },
          },
        ];
      }
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
};
