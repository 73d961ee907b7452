import { messages, type SessionEvent } from '@interior/contracts';
import { ruleBroken } from '@interior/platform';
import type { Decider } from '../decider';
import { evolve, initialState, type SessionState } from './session';

export type SessionCommand =
  | {
      type: 'StartSession';
      sessionId: string;
      userId: number;
      refreshTokenHash: string;
      now: Date;
      expiresAt: Date;
    }
  | { type: 'RevokeSession'; reason: 'logout' | 'password-changed' | 'user-deactivated' | 'user-erased' };

export function decide(command: SessionCommand, state: SessionState): SessionEvent[] {
  switch (command.type) {
    case 'StartSession':
      if (state.status !== 'absent') throw ruleBroken(messages.alreadyExists);
      return [
        {
          type: 'SessionStarted',
          data: {
            sessionId: command.sessionId,
            userId: command.userId,
            refreshTokenHash: command.refreshTokenHash,
            startedAt: command.now.toISOString(),
            expiresAt: command.expiresAt.toISOString(),
          },
        },
      ];
    case 'RevokeSession':
      // Revoking is idempotent: a second sign-out changes nothing.
      return state.status === 'open'
        ? [{ type: 'SessionRevoked', data: { userId: state.userId, reason: command.reason } }]
        : [];
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

export const sessionDecider: Decider<SessionCommand, SessionEvent, SessionState> = {
  initialState,
  evolve,
  decide,
};
