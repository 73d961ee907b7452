import {
  type AclEvent,
  type ObjectType,
  resourceEventTypes,
  resources,
  type UserEvent,
} from '@interior/contracts';
import { readModels, type StoredEvent } from '@interior/platform';
import { defineProjection } from '../projection';

/** Type-level grants (no object id) are kept with object id 0. */
export const TYPE_LEVEL = 0;

/**
 * Every grant of every ACL, one row per object and identity, for the permission checks of
 * platform/src/auth/permissions.ts. Grants to an erased user or a deleted group, and grants on any
 * deleted record of a declared resource, go away with them.
 */
const deletions = new Map<string, ObjectType>([
  ...resources.map((r): [string, ObjectType] => [resourceEventTypes(r).deleted, r.objectType]),
  // A design deleted for good takes its grants with it.
  ['DesignPurged', 'Design'],
]);

export const aclProjection = defineProjection({
  name: 'acl',
  version: 1,
  handles: ['AclChanged', 'UserErased', ...deletions.keys()],
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
    const deletedType = deletions.get(stored.type);
    if (deletedType) {
      const objectId = Number(stored.stream.slice(deletedType.length + 1));
      await trx(table).where({ objectType: deletedType, objectId }).delete();
      if (deletedType === 'UserGroup') {
        await trx(table)
          .where({ identityType: 'Group', identityKey: String(objectId) })
          .delete();
      }
      return;
    }
    const event = stored as StoredEvent & (AclEvent | Extract<UserEvent, { type: 'UserErased' }>);
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
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  },
});
