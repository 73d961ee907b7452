import type { UserEvent, UserGroupEvent } from '@interior/contracts';
import { readModels, type StoredEvent } from '@interior/platform';
import { defineProjection, occurredAt } from '../projection';
import { hasTrigramSearch } from '../search';

/** The `usergroup` resource's rows: one per live group; a deleted group leaves the list. */
export const userGroupsProjection = defineProjection({
  name: 'usergroups',
  version: 2,
  handles: ['UserGroupCreated', 'UserGroupUpdated', 'UserGroupDeleted', 'UserGroupsChanged', 'UserErased'],
  tables: {
    [readModels.usergroups]: (t) => {
      t.integer('id').primary();
      t.text('name').notNullable();
      t.text('description').notNullable();
      t.integer('members').notNullable().defaultTo(0);
      t.timestamp('registered', { useTz: true }).notNullable();
      t.integer('registeredBy');
      t.timestamp('updated', { useTz: true });
      t.integer('updatedBy');
      t.integer('version').notNullable();
      t.index(['name']);
      t.index(['registered']);
      t.index(['members']);
    },
  },
  async afterCreate(knex, tables) {
    if (!(await hasTrigramSearch(knex))) return;
    const table = tables[readModels.usergroups];
    await knex.raw(`create index ?? on ?? using gin (name gin_trgm_ops, description gin_trgm_ops)`, [
      `${table}_search`,
      table,
    ]);
  },
  async apply(trx, stored, tables) {
    const table = tables[readModels.usergroups];
    const event = stored as StoredEvent &
      (UserGroupEvent | Extract<UserEvent, { type: 'UserGroupsChanged' | 'UserErased' }>);
    const id = Number(stored.stream.slice('UserGroup-'.length));
    switch (event.type) {
      case 'UserGroupCreated':
        await trx(table)
          .insert({
            id: event.data.id,
            name: event.data.name,
            description: event.data.description,
            members: 0,
            registered: occurredAt(stored),
            registeredBy: stored.metadata.actorId,
            version: stored.revision,
          })
          .onConflict('id')
          .ignore();
        return;
      case 'UserGroupUpdated':
        await trx(table)
          .where({ id })
          .update({
            name: event.data.name,
            description: event.data.description,
            updated: occurredAt(stored),
            updatedBy: stored.metadata.actorId,
            version: stored.revision,
          });
        return;
      case 'UserGroupDeleted':
        await trx(table).where({ id }).delete();
        return;
      // Membership lives on the user; the count of members is kept here.
      case 'UserGroupsChanged':
        if (event.data.added.length) await trx(table).whereIn('id', event.data.added).increment('members', 1);
        if (event.data.removed.length)
          await trx(table).whereIn('id', event.data.removed).decrement('members', 1);
        return;
      case 'UserErased':
        if (event.data.groups.length)
          await trx(table).whereIn('id', event.data.groups).decrement('members', 1);
        return;
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  },
});
