import { useSyncExternalStore } from 'react';
import { getSessionState, type SessionState, subscribeSession } from './session';

/** The session as React state: re-renders on sign-in, sign-out and tab hand-over. */
export const useSession = (): SessionState => useSyncExternalStore(subscribeSession, getSessionState);
