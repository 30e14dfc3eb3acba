import { useSyncExternalStore } from 'react';
import { readSession, subscribeSession, type Session } from './session-store';

/** The current session; re-renders when the member logs in or out. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, readSession, readSession);
}
