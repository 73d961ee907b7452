import type { SessionEvent, UserEvent } from '@interior/contracts';
import { readModels, type StoredEvent } from '@interior/platform';
import { defineProjection, occurredAt } from '../projection';

/** Open sessions, checked on every authenticated request (platform/src/auth/authenticate.ts). */
export const userSessionsProjection = defineProjection({
  name: 'user_sessions',
  version: 1,
  handles: ['SessionStarted', 'SessionRevoked', 'UserSessionsRevoked'],
  tables: {
    [readModels.userSessions]: (t) => {
      t.uuid('id').primary();
      t.integer('userId').notNullable().index();
      t.timestamp('startedAt', { useTz: true }).notNullable();
      t.timestamp('expiresAt', { useTz: true }).notNullable();
      t.timestamp('revokedAt', { useTz: true });
    },
  },
  async apply(trx, stored, tables) {
    const table = tables[readModels.userSessions];
    const event = stored as StoredEvent &
      (SessionEvent | Extract<UserEvent, { type: 'UserSessionsRevoked' }>);
    switch (event.type) {
      case 'SessionStarted':
        await trx(table)
          .insert({
            id: event.data.sessionId,
            userId: event.data.userId,
            startedAt: occurredAt(stored),
            expiresAt: new Date(event.data.expiresAt),
          })
          .onConflict('id')
          .ignore();
        return;
      case 'SessionRevoked':
        await trx(table)
          .where({ id: stored.stream.slice('Session-'.length) })
          .whereNull('revokedAt')
          .update({ revokedAt: occurredAt(stored) });
        return;
      case 'UserSessionsRevoked':
        // Every session of the user started until then ends (password change, deactivation).
        await trx(table)
          .where({ userId: Number(stored.stream.slice('User-'.length)) })
          .whereNull('revokedAt')
          .andWhere('startedAt', '<=', new Date(event.data.at))
          .update({ revokedAt: occurredAt(stored) });
        return;
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  },
});
