import { type DesignFolderEvent, folderReadModel } from '@interior/contracts';
import type { StoredEvent } from '@interior/platform';
import { defineProjection, occurredAt } from '../projection';

const idOf = (event: StoredEvent) => Number(event.stream.slice('DesignFolder-'.length));

/** Each owner's folders of designs (`designfolder`), one row per live folder. */
export const foldersProjection = defineProjection({
  name: 'designfolders',
  version: 1,
  handles: ['DesignFolderCreated', 'DesignFolderRenamed', 'DesignFolderMoved', 'DesignFolderDeleted'],
  tables: {
    [folderReadModel]: (t) => {
      t.integer('id').primary();
      t.integer('ownerId').notNullable();
      t.text('name').notNullable();
      t.integer('parentId');
      t.timestamp('registered', { useTz: true }).notNullable();
      t.timestamp('updated', { useTz: true });
      t.integer('version').notNullable();
      t.index(['ownerId', 'name']);
    },
  },
  async apply(trx, stored, tables) {
    const table = tables[folderReadModel];
    const event = stored as StoredEvent & DesignFolderEvent;
    const id = idOf(stored);
    const touched = { updated: occurredAt(stored), version: stored.revision };
    switch (event.type) {
      case 'DesignFolderCreated':
        await trx(table)
          .insert({
            id,
            ownerId: event.data.ownerId,
            name: event.data.name,
            parentId: event.data.parentId,
            registered: occurredAt(stored),
            version: stored.revision,
          })
          .onConflict('id')
          .ignore();
        return;
      case 'DesignFolderRenamed':
        await trx(table)
          .where({ id })
          .update({ name: event.data.name, ...touched });
        return;
      case 'DesignFolderMoved':
        await trx(table)
          .where({ id })
          .update({ parentId: event.data.parentId, ...touched });
        return;
      case 'DesignFolderDeleted':
        await trx(table).where({ id }).delete();
        return;
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  },
});
