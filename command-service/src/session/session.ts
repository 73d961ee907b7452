import type { SessionEvent } from '@interior/contracts';

export type SessionState =
  | { status: 'absent' }
  | { status: 'open'; userId: number; refreshTokenHash: string; startedAt: string; expiresAt: string }
  | { status: 'revoked'; userId: number };

export const initialState = (): SessionState => ({ status: 'absent' });

export function evolve(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'SessionStarted':
      return {
        status: 'open',
        userId: event.data.userId,
        refreshTokenHash: event.data.refreshTokenHash,
        startedAt: event.data.startedAt,
        expiresAt: event.data.expiresAt,
      };
    case 'SessionRevoked':
      return state.status === 'open' ? { status: 'revoked', userId: state.userId } : state;
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}
