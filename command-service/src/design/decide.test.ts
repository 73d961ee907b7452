import { type DesignDocument, type DesignEvent, emptyDesignDocument, messages } from '@interior/contracts';
import { deciderSpec } from '../testing/given-when-then';
import { designDecider } from './decide';

const spec = deciderSpec(designDecider);
const empty = emptyDesignDocument();
const room = (id: string) => ({
  id,
  name: '거실',
  polygon: [
    { x: 0, y: 0 },
    { x: 3000, y: 0 },
    { x: 3000, y: 3000 },
  ],
  ceilingHeight: 2400,
});
const withRooms = (...ids: string[]): DesignDocument => ({ ...empty, rooms: ids.map(room) });
const created: DesignEvent = {
  type: 'DesignCreated',
  data: { id: 7, name: '34평', description: '', ownerId: 3, folderId: null, planId: null, document: empty },
};
const trashedAt = '2026-01-01T00:00:00.000Z';
const trashed: DesignEvent = { type: 'DesignTrashed', data: { at: trashedAt } };
const noDelta = { added: 0, removed: 0 };
const emptyDelta = {
  rooms: noDelta,
  walls: noDelta,
  openings: noDelta,
  items: noDelta,
  wallDrawings: noDelta,
};

describe('design decider', () => {
  it('creates a design, or a copy naming its source', () => {
    const fields = { id: 7, name: '34평', description: '', ownerId: 3, folderId: null, planId: null };
    spec
      .given([])
      .when({ type: 'CreateDesign', ...fields, document: empty })
      .thenEvents([created]);
    spec
      .given([])
      .when({ type: 'CreateDesign', ...fields, document: empty, sourceId: 2 })
      .thenEvents([{ type: 'DesignCopied', data: { ...fields, document: empty, sourceId: 2 } }]);
  });

  it('renames, describes and moves only what changed', () => {
    spec
      .given([created])
      .when({ type: 'UpdateDesign', name: '34평', description: '남향', folderId: 4 })
      .thenEvents([
        { type: 'DesignDescribed', data: { description: '남향' } },
        { type: 'DesignMovedToFolder', data: { folderId: 4 } },
      ]);
    spec.given([created]).when({ type: 'UpdateDesign', name: '34평' }).thenEvents([]);
  });

  it('saves a document based on the current revision, counting what was added and removed', () => {
    spec
      .given([created])
      .when({ type: 'ChangeDocument', document: withRooms('r1', 'r2'), basedOn: 0 })
      .thenEvents([
        {
          type: 'DesignDocumentChanged',
          data: {
            revision: 1,
            document: withRooms('r1', 'r2'),
            delta: {
              rooms: { added: 2, removed: 0 },
              walls: noDelta,
              openings: noDelta,
              items: noDelta,
              wallDrawings: noDelta,
            },
          },
        },
      ]);
  });

  it('saves nothing when the document is the one it holds, whatever the order of its keys', () => {
    const saved: DesignEvent = {
      type: 'DesignDocumentChanged',
      data: {
        revision: 1,
        document: withRooms('r1', 'r2'),
        delta: { ...emptyDelta, rooms: { added: 2, removed: 0 } },
      },
    };
    const reordered = Object.fromEntries(Object.entries(withRooms('r1', 'r2')).reverse()) as DesignDocument;
    spec
      .given([created, saved])
      .when({ type: 'ChangeDocument', document: reordered, basedOn: 1 })
      .thenEvents([]);
    // One point moved: a save, though no element was added or removed.
    const moved = withRooms('r1', 'r2');
    moved.rooms[1]!.polygon[2] = { x: 1, y: 1 };
    spec
      .given([created, saved])
      .when({ type: 'ChangeDocument', document: moved, basedOn: 1 })
      .thenEvents([
        { type: 'DesignDocumentChanged', data: { revision: 2, document: moved, delta: emptyDelta } },
      ]);
  });

  it('refuses a save based on a stale revision with a 412', () => {
    const saved: DesignEvent = {
      type: 'DesignDocumentChanged',
      data: {
        revision: 1,
        document: withRooms('r1'),
        delta: {
          rooms: { added: 1, removed: 0 },
          walls: noDelta,
          openings: noDelta,
          items: noDelta,
          wallDrawings: noDelta,
        },
      },
    };
    const state = [created, saved].reduce(designDecider.evolve, designDecider.initialState());
    expect(() =>
      designDecider.decide({ type: 'ChangeDocument', document: withRooms('r2'), basedOn: 0 }, state),
    ).toThrow(expect.objectContaining({ status: 412, message: messages.staleDesignDocument }));
  });

  it('a trashed design cannot be changed, and is restored or purged', () => {
    spec
      .given([created, trashed])
      .when({ type: 'UpdateDesign', name: '새 이름' })
      .thenThrows('RuleBroken', messages.designTrashed);
    spec
      .given([created, trashed])
      .when({ type: 'RestoreDesign' })
      .thenEvents([{ type: 'DesignRestored', data: {} }]);
    spec
      .given([created, trashed])
      .when({ type: 'PurgeDesign', automatic: false, now: new Date(trashedAt) })
      .thenEvents([{ type: 'DesignPurged', data: { automatic: false } }]);
    spec
      .given([created])
      .when({ type: 'PurgeDesign', automatic: false, now: new Date() })
      .thenThrows('RuleBroken', messages.designNotTrashed);
  });

  it('purges automatically only 30 days after trashing', () => {
    const day = 24 * 60 * 60 * 1000;
    const at = (days: number) => new Date(new Date(trashedAt).getTime() + days * day);
    spec
      .given([created, trashed])
      .when({ type: 'PurgeDesign', automatic: true, now: at(29.9) })
      .thenEvents([]);
    spec
      .given([created, trashed])
      .when({ type: 'PurgeDesign', automatic: true, now: at(30) })
      .thenEvents([{ type: 'DesignPurged', data: { automatic: true } }]);
    spec
      .given([created, trashed, { type: 'DesignRestored', data: {} }])
      .when({ type: 'PurgeDesign', automatic: true, now: at(40) })
      .thenThrows('RuleBroken', messages.designNotTrashed);
  });

  it('a purged or unknown design is not found', () => {
    const purged: DesignEvent = { type: 'DesignPurged', data: { automatic: false } };
    spec
      .given([created, trashed, purged])
      .when({ type: 'RestoreDesign' })
      .thenThrows('NotFound', messages.designNotFound);
    spec.given([]).when({ type: 'UpdateDesign', name: 'x' }).thenThrows('NotFound', messages.designNotFound);
  });

  it('transfers ownership to another user', () => {
    spec
      .given([created])
      .when({ type: 'TransferDesign', to: 9 })
      .thenEvents([{ type: 'DesignOwnershipTransferred', data: { from: 3, to: 9 } }]);
    spec
      .given([created])
      .when({ type: 'TransferDesign', to: 3 })
      .thenThrows('RuleBroken', messages.designAlreadyOwned);
  });

  it('shares with an address; a pending share attaches once to the account that signs up', () => {
    const pending: DesignEvent = {
      type: 'DesignShared',
      data: { emailKey: 'k1', email: 'sealed', permission: 'Write', userId: null },
    };
    spec
      .given([created])
      .when({ type: 'ShareDesign', emailKey: 'k1', email: 'sealed', permission: 'Write' })
      .thenEvents([pending]);
    spec
      .given([created, pending])
      .when({ type: 'AttachShare', emailKey: 'k1', userId: 12 })
      .thenEvents([
        { type: 'DesignShareAttached', data: { emailKey: 'k1', userId: 12, permission: 'Write' } },
      ]);
    spec
      .given([
        created,
        pending,
        { type: 'DesignShareAttached', data: { emailKey: 'k1', userId: 12, permission: 'Write' } },
      ])
      .when({ type: 'AttachShare', emailKey: 'k1', userId: 12 })
      .thenEvents([]);
  });

  it('folds into plain JSON without the sealed address, as its snapshots need (snapshots.ts)', () => {
    const shared: DesignEvent = {
      type: 'DesignShared',
      data: { emailKey: 'k1', email: 'sealed', permission: 'Read', userId: null },
    };
    const state = [created, shared, trashed].reduce(designDecider.evolve, designDecider.initialState());
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    expect(JSON.stringify(state)).not.toContain('sealed');
  });
});
