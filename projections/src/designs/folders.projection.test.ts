import { folderReadModel } from '@interior/contracts';
import { eventsOf, givenAt, projectionSpec, projectionTestDatabase } from '../testing/projection-spec';
import { foldersProjection } from './folders.projection';

const db = projectionTestDatabase();
const spec = projectionSpec(foldersProjection, db);
const folder = (id: number) => eventsOf(['DesignFolder', id], 5);

describe('the design folders read model', () => {
  it('makes a row per created folder, follows renames and moves with their time and revision', async () => {
    const rows = await spec
      .given([
        folder(1)('DesignFolderCreated', { id: 1, ownerId: 5, name: '거실', parentId: null }),
        folder(2)('DesignFolderCreated', { id: 2, ownerId: 5, name: '안방', parentId: null }),
        folder(2)('DesignFolderRenamed', { name: '침실' }),
        folder(2)('DesignFolderMoved', { parentId: 1 }),
      ])
      .rows(folderReadModel);
    expect(rows).toEqual([
      { id: 1, ownerId: 5, name: '거실', parentId: null, registered: givenAt(0), updated: null, version: 0 },
      {
        id: 2,
        ownerId: 5,
        name: '침실',
        parentId: 1,
        registered: givenAt(1),
        updated: givenAt(3),
        version: 2,
      },
    ]);
  });

  it('drops a deleted folder’s row and keeps the others', async () => {
    const rows = await spec
      .given([
        folder(1)('DesignFolderCreated', { id: 1, ownerId: 5, name: '거실', parentId: null }),
        folder(2)('DesignFolderCreated', { id: 2, ownerId: 6, name: '거실', parentId: null }),
        folder(1)('DesignFolderDeleted', {}),
      ])
      .rows(folderReadModel);
    expect(rows.map(({ id, ownerId }) => ({ id, ownerId }))).toEqual([{ id: 2, ownerId: 6 }]);
  });
});
