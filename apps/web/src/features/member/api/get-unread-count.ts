import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
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
  return useQuery(unreadCountQueryOptions(token));
}
