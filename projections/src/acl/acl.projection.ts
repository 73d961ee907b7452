import type { AclEvent, UserEvent, UserGroupEvent } from '@interior/contracts';
import { readModels, type StoredEvent } from '@interior/platform';
import { defineProjection } from '../projection';

/** Type-level grants (no object id) are kept with object id 0. */
export const TYPE_LEVEL = 0;

/**
 * Every grant of every ACL, one row per object and identity, for the permission checks of
 * platform/src/auth/permissions.ts. Grants to an erased user or a deleted group, and grants on a
 * deleted group, go away with them.
 */
export const aclProjection = defineProjection({
  name: 'acl',
  version: 1,
  handles: ['AclChanged', 'UserErased', 'UserGroupDeleted'],
  tables: {
    [readModels.aclEntries]: (t) => {
      t.text('objectType').notNullable();
      t.integer('objectId').notNullable();
      t.text('identityType').notNullable();
      t.text('identityKey').notNullable();
      t.text('permission').notNullable();
      t.primary(['objectType', 'objectId', 'identityType', 'identityKey']);
      t.index(['identityType', 'identityKey']);
    },
  },
  async apply(trx, stored, tables) {
    const table = tables[readModels.aclEntries];
    const event = stored as StoredEvent &
      (
        | AclEvent
        | Extract<UserEvent, { type: 'UserErased' }>
        | Extract<UserGroupEvent, { type: 'UserGroupDeleted' }>
      );
    switch (event.type) {
      case 'AclChanged': {
        const objectId = event.data.id ?? TYPE_LEVEL;
        await trx(table).where({ objectType: event.data.type, objectId }).delete();
        if (event.data.aces.length) {
          await trx(table).insert(
            event.data.aces.map((ace) => ({
              objectType: event.data.type,
              objectId,
              identityType: ace.identity.type,
              identityKey: ace.identity.type === 'Role' ? ace.identity.role : String(ace.identity.id),
              permission: ace.permission,
            })),
          );
        }
        return;
      }
      case 'UserErased':
        await trx(table)
          .where({ identityType: 'User', identityKey: stored.stream.slice('User-'.length) })
          .delete();
        return;
      case 'UserGroupDeleted': {
        const groupId = stored.stream.slice('UserGroup-'.length);
        await trx(table).where({ identityType: 'Group', identityKey: groupId }).delete();
        await trx(table)
          .where({ objectType: 'UserGroup', objectId: Number(groupId) })
          .delete();
        return;
      }
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  },
});
