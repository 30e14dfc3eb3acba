import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { subscribeRealtime } from '@/lib/realtime';
import { memberKeys } from './member-keys';

/** The header badge polls this often (and again whenever the window gets focus). */
export const UNREAD_REFETCH_MS = 60_000;

/** GET /wps/member/unread: how many platform messages the member has not read. */
export const getUnreadCount = async (signal?: AbortSignal): Promise<number> =>
  (await apiRequest('unread', { signal })).count;

export const unreadCountQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: memberKeys.unread(token),
    queryFn: ({ signal }) => getUnreadCount(signal),
    enabled: !!token,
    refetchInterval: token ? UNREAD_REFETCH_MS : false,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

/**
 * The unread message count for the header badge: `data` is a number once known. Makes no call while
 * logged out.
 */
export function useUnreadCount() {
  const { token } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    // The server pushes the new count when a message arrives or is read elsewhere (another tab).
    const stopUnread = subscribeRealtime(token, 'unread', ({ count }) => {
      if (count === null) void queryClient.invalidateQueries({ queryKey: memberKeys.unread(token) });
      else queryClient.setQueryData(memberKeys.unread(token), count);
    });
    const stopResync = subscribeRealtime(token, 'resync', () =>
      queryClient.invalidateQueries({ queryKey: memberKeys.unread(token) }),
    );
    return () => {
      stopUnread();
      stopResync();
    };
  }, [queryClient, token]);
  return useQuery(unreadCountQueryOptions(token));
}
