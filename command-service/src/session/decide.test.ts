import { messages, type SessionEvent } from '@interior/contracts';
import { deciderSpec } from '../testing/given-when-then';
import { type SessionCommand, sessionDecider } from './decide';

const spec = deciderSpec(sessionDecider);
const sessionId = '0f5a3c1e-7d2b-4c8e-9a61-2b3c4d5e6f70';
const now = new Date('2025-03-01T09:00:00.000Z');
const expiresAt = new Date('2025-03-15T09:00:00.000Z');

const start: SessionCommand = {
  type: 'StartSession',
  sessionId,
  userId: 42,
  refreshTokenHash: 'hash-1',
  now,
  expiresAt,
};
const started: SessionEvent = {
  type: 'SessionStarted',
  data: {
    sessionId,
    userId: 42,
    refreshTokenHash: 'hash-1',
    startedAt: '2025-03-01T09:00:00.000Z',
    expiresAt: '2025-03-15T09:00:00.000Z',
  },
};
const revoked: SessionEvent = { type: 'SessionRevoked', data: { userId: 42, reason: 'logout' } };

describe('session decider', () => {
  describe('StartSession', () => {
    it('starts a session that does not exist yet, with its times as ISO strings', () => {
      spec.given([]).when(start).thenEvents([started]);
    });

    it('refuses to start the same session twice', () => {
      spec
        .given([started])
        .when({ ...start, userId: 43, refreshTokenHash: 'hash-2' })
        .thenThrows('RuleBroken', messages.alreadyExists);
    });

    it('refuses to reopen a revoked session', () => {
      spec.given([started, revoked]).when(start).thenThrows('RuleBroken', messages.alreadyExists);
    });

    it('still starts when a stray revocation came before any start', () => {
      spec.given([revoked]).when(start).thenEvents([started]);
    });
  });

  describe('RevokeSession', () => {
    it('revokes an open session for the user who owns it', () => {
      spec
        .given([started])
        .when({ type: 'RevokeSession', reason: 'logout' })
        .thenEvents([{ type: 'SessionRevoked', data: { userId: 42, reason: 'logout' } }]);
    });

    it.each(['logout', 'password-changed', 'user-deactivated', 'user-erased'] as const)(
      'records the reason %s',
      (reason) => {
        spec
          .given([started])
          .when({ type: 'RevokeSession', reason })
          .thenEvents([{ type: 'SessionRevoked', data: { userId: 42, reason } }]);
      },
    );

    it('takes the user from the session, not from anywhere else', () => {
      spec
        .given([{ ...started, data: { ...started.data, userId: 7 } }])
        .when({ type: 'RevokeSession', reason: 'logout' })
        .thenEvents([{ type: 'SessionRevoked', data: { userId: 7, reason: 'logout' } }]);
    });

    it('records nothing when the session is already revoked (a second sign-out)', () => {
      spec.given([started, revoked]).when({ type: 'RevokeSession', reason: 'logout' }).thenEvents([]);
      spec
        .given([started, revoked])
        .when({ type: 'RevokeSession', reason: 'password-changed' })
        .thenEvents([]);
    });

    it('records nothing for a session that never started', () => {
      spec.given([]).when({ type: 'RevokeSession', reason: 'logout' }).thenEvents([]);
    });
  });
});
