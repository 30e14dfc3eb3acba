import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isContractCall } from '@/lib/access';
import { apiRequest } from '@/lib/api-client';
import { clearStaffSession } from '@/lib/session';

/**
 * The server's log-out (POST /wps/admin/session/logout), named as a string checked against the
 * contract at run time, so this compiles whether or not the contract the app is built with has it yet.
 */
const LOGOUT_CALL: string = 'adminLogout';

/**
 * Logs out: ends the session on the server (when the contract has the call) and forgets it here with
 * every cached answer, so the next staff member at this desk sees nothing of the last one's. The
 * session is forgotten here even when the server cannot be reached: the desk is left signed out.
 */
export function useLogOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    if (isContractCall(LOGOUT_CALL)) {
      try {
        await apiRequest(LOGOUT_CALL);
      } catch {
        // An expired session or no connection: nothing more to end on the server from here.
      }
    }
    clearStaffSession();
    queryClient.clear();
  }, [queryClient]);
}
