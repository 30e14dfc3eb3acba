import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../api/logout';
import { clearSession } from '@/lib/session';

/** Data that belongs to nobody in particular stays cached across a logout. */
const publicRoots = new Set(['system', 'content', 'game']);

/**
 * SPEC section 4: the logout call, then session storage cleared (merchant values kept), home, logged
 * out. A failed call still drops the token here: the member asked to leave.
 */
export function usePerformLogout(): { run(): Promise<void>; pending: boolean } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    try {
      await logout();
    } catch {
      /* the local session goes regardless */
    } finally {
      clearSession();
      queryClient.removeQueries({ predicate: (query) => !publicRoots.has(String(query.queryKey[0])) });
      setPending(false);
      void navigate('/');
    }
  }, [navigate, queryClient]);
  return { run, pending };
}
