import { type CommentEvent, commentReadModel, messages } from '@interior/contracts';
import type { StoredEvent } from '@interior/platform';
import { defineProjection, occurredAt } from '../projection';

const idOf = (event: StoredEvent) => Number(event.stream.slice('Comment-'.length));

/**
 * Comments on designs, one row each. A deleted comment keeps its place in the thread (its replies
 * stay under it) and shows "삭제된 댓글입니다." instead of its body.
 */
export const commentsProjection = defineProjection({
  name: 'comments',
  version: 1,
  handles: ['CommentCreated', 'CommentEdited', 'CommentDeleted'],
  tables: {
    [commentReadModel]: (t) => {
      t.integer('id').primary();
      t.integer('designId').notNullable();
      t.integer('parentId');
      t.integer('authorId').notNullable();
      t.text('body').notNullable();
      t.boolean('deleted').notNullable().defaultTo(false);
      t.timestamp('registered', { useTz: true }).notNullable();
      t.timestamp('updated', { useTz: true });
      t.integer('version').notNullable();
      t.index(['designId', 'registered']);
    },
  },
  async apply(trx, stored, tables) {
    const table = tables[commentReadModel];
    const event = stored as StoredEvent & CommentEvent;
    const id = idOf(stored);
    switch (event.type) {
      case 'CommentCreated':
        await trx(table)
          .insert({
            id,
            designId: event.data.designId,
            parentId: event.data.parentId,
            authorId: event.data.authorId,
            body: event.data.body,
            registered: occurredAt(stored),
            version: stored.revision,
          })
          .onConflict('id')
          .ignore();
        return;
      case 'CommentEdited':
        await trx(table)
          .where({ id })
          .update({ body: event.data.body, updated: occurredAt(stored), version: stored.revision });
        return;
      case 'CommentDeleted':
        await trx(table)
          .where({ id })
          .update({
            body: messages.commentDeleted,
            deleted: true,
            updated: occurredAt(stored),
            version: stored.revision,
          });
        return;
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  },
});
