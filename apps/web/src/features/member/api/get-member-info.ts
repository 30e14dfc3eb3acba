import type { MemberInfo } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { memberKeys } from './member-keys';

/** GET /wps/member/info: the logged-in member's account (SPEC sections 3, 7). */
export const getMemberInfo = (signal?: AbortSignal): Promise<MemberInfo> =>
  apiRequest('memberInfo', { signal });

export const memberInfoQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: memberKeys.info(token),
    queryFn: ({ signal }) => getMemberInfo(signal),
    enabled: !!token,
    staleTime: 30_000,
  });

/** The member's info; idle (no call) while nobody is logged in. */
export function useMemberInfo() {
  const { token } = useSession();
  return useQuery(memberInfoQueryOptions(token));
}
