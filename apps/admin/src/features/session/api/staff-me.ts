import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isContractCall } from '@/lib/access';
import { apiRequest } from '@/lib/api-client';
import { sessionFromLogin, storeStaffSession, type LoginAnswer, type StaffSession } from '@/lib/session';

/** GET /wps/admin/session, checked against the contract at run time like the log-out (log-out.ts). */
const ME_CALL: string = 'adminMe';

/**
 * Asks the server who the stored session belongs to when the app opens (and every few minutes): an
 * ended session answers 401 and the api client signs the tab out; roles an owner changed since the
 * login replace the stored ones, so the menu follows them without a new login.
 */
export function useStaffCheck(session: StaffSession): void {
  const known = isContractCall(ME_CALL);
  const me = useQuery({
    queryKey: ['staff-me', session.token],
    queryFn: async ({ signal }) => {
      if (!isContractCall(ME_CALL)) return null;
      return (await apiRequest(ME_CALL, { signal })) as unknown as Omit<LoginAnswer, 'token'>;
    },
    enabled: known,
    refetchInterval: 5 * 60_000,
    staleTime: 60_000,
  });
  useEffect(() => {
    if (!me.data) return;
    const fresh = sessionFromLogin({ ...me.data, token: session.token });
    const same =
      fresh.username === session.username &&
      fresh.roles.length === session.roles.length &&
      fresh.roles.every((role) => session.roles.includes(role));
    if (!same) storeStaffSession(fresh);
  }, [me.data, session]);
}
