import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '@/lib/api-client';
import { clearSession, readSession } from '@/lib/session';

/** A wrong password at login is the form's answer, not a sign that the session is gone. */
const isSessionGone = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401 && error.code !== 'INVALID_CREDENTIALS';

/** Drops the local session when a call made while logged in answers 401. */
export function handleUnauthorized(error: unknown): boolean {
  if (!isSessionGone(error) || !readSession().isLoggedIn) return false;
  clearSession();
  return true;
}

/** The one place: every query and mutation of the app passes through these two caches. */
export function watchUnauthorized(queryClient: QueryClient): () => void {
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') handleUnauthorized(event.action.error);
  });
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') handleUnauthorized(event.action.error);
  });
  return () => {
    stopQueries();
    stopMutations();
  };
}

export function useUnauthorizedGuard(): void {
  const queryClient = useQueryClient();
  useEffect(() => watchUnauthorized(queryClient), [queryClient]);
}
