import type { DesignDocument, DesignEvent, SharePermission } from '@interior/contracts';

/** A design as its stream tells it (contracts/src/design.ts DesignEventSchemas). */
export interface DesignState {
  status: 'None' | 'Active' | 'Trashed' | 'Purged';
  ownerId: number;
  name: string;
  description: string;
  folderId: number | null;
  planId: number | null;
  /** The document's revision: how many saves since creation. */
  revision: number;
  document: DesignDocument | null;
  trashedAt: string | null;
  /** Pending shares by hashed address (attached ones leave). */
  pending: Record<string, SharePermission>;
}

export const initialDesignState = (): DesignState => ({
  status: 'None',
  ownerId: 0,
  name: '',
  description: '',
  folderId: null,
  planId: null,
  revision: 0,
  document: null,
  trashedAt: null,
  pending: {},
});

export function evolveDesign(state: DesignState, event: DesignEvent): DesignState {
  switch (event.type) {
    case 'DesignCreated':
    case 'DesignCopied':
      return {
        ...initialDesignState(),
        status: 'Active',
        ownerId: event.data.ownerId,
        name: event.data.name,
        description: event.data.description,
        folderId: event.data.folderId,
        planId: event.data.planId,
        document: event.data.document,
      };
    case 'DesignRenamed':
      return { ...state, name: event.data.name };
    case 'DesignDescribed':
      return { ...state, description: event.data.description };
    case 'DesignMovedToFolder':
      return { ...state, folderId: event.data.folderId };
    case 'DesignDocumentChanged':
      return { ...state, revision: event.data.revision, document: event.data.document };
    case 'DesignTrashed':
      return { ...state, status: 'Trashed', trashedAt: event.data.at };
    case 'DesignRestored':
      return { ...state, status: 'Active', trashedAt: null };
    case 'DesignPurged':
      return { ...state, status: 'Purged', document: null };
    case 'DesignOwnershipTransferred':
      return { ...state, ownerId: event.data.to, folderId: null };
    case 'DesignShared':
      return event.data.userId === null
        ? { ...state, pending: { ...state.pending, [event.data.emailKey]: event.data.permission } }
        : state;
    case 'DesignShareAttached': {
      const { [event.data.emailKey]: _attached, ...pending } = state.pending;
      return { ...state, pending };
    }
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}
