import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { clearStaffSession } from '@/lib/session';

/**
 * Logs out: forgets the session and every cached answer, so the next staff member at this desk sees
 * nothing of the last one's. The server's session ends by its inactivity limit (no staff log-out call
 * exists in the contract yet; add it here when it does).
 */
export function useLogOut(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearStaffSession();
    queryClient.clear();
  }, [queryClient]);
}
