import { readModels } from '@interior/platform';
import { type GivenEvent, givenAt, projectionSpec, projectionTestDatabase } from '../testing/projection-spec';
import { userSessionsProjection } from './user-sessions.projection';

const db = projectionTestDatabase();
const spec = projectionSpec(userSessionsProjection, db);

const sessionId = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const started = (n: number, userId: number): GivenEvent => ({
  stream: `Session-${sessionId(n)}`,
  type: 'SessionStarted',
  data: {
    sessionId: sessionId(n),
    userId,
    refreshTokenHash: 'not read here',
    startedAt: '2026-11-01T00:00:00.000Z',
    expiresAt: `2026-12-0${n}T00:00:00.000Z`,
  },
});

describe('the user sessions read model', () => {
  it('opens a session when it starts, with when it expires, and ends it once when it is revoked', async () => {
    const rows = await spec
      .given([
        started(1, 7),
        started(2, 8),
        {
          stream: `Session-${sessionId(1)}`,
          type: 'SessionRevoked',
          data: { userId: 7, reason: 'signed-out' },
        },
      ])
      .rows(readModels.userSessions);
    expect(rows).toEqual([
      {
        id: sessionId(1),
        userId: 7,
        startedAt: givenAt(0),
        expiresAt: new Date('2026-12-01T00:00:00.000Z'),
        revokedAt: givenAt(2),
      },
      {
        id: sessionId(2),
        userId: 8,
        startedAt: givenAt(1),
        expiresAt: new Date('2026-12-02T00:00:00.000Z'),
        revokedAt: null,
      },
    ]);
  });

  it('ends every open session a user started until the revocation, and none started after it or of others', async () => {
    const rows = await spec
      .given([
        started(1, 7),
        {
          stream: `Session-${sessionId(1)}`,
          type: 'SessionRevoked',
          data: { userId: 7, reason: 'signed-out' },
        },
        started(2, 7),
        started(3, 8),
        {
          stream: ['User', 7],
          type: 'UserSessionsRevoked',
          data: { reason: 'password-changed', at: givenAt(3).toISOString() },
        },
        started(4, 7),
      ])
      .rows(readModels.userSessions);
    expect(rows.map(({ id, revokedAt }) => ({ id, revokedAt }))).toEqual([
      // Already ended: it keeps the time it ended.
      { id: sessionId(1), revokedAt: givenAt(1) },
      { id: sessionId(2), revokedAt: givenAt(4) },
      { id: sessionId(3), revokedAt: null },
      { id: sessionId(4), revokedAt: null },
    ]);
  });
});
