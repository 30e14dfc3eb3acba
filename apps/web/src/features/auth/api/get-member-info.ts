import type { LoginUser, MemberInfo } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { currentToken, storeUser, useSession } from '@/lib/session';

export const toLoginUser = (info: MemberInfo): LoginUser => ({
  id: info.id,
  userName: info.userName,
  account: info.account,
  nickname: info.nickname,
  type: info.type,
  toUpline: info.toUpline,
  clubLabel: info.clubLabel,
  firstTimeLogin: info.firstTimeLogin,
  passwordExpired: info.passwordExpired,
});

/** GET /wps/member/info (token): the logged-in member's account (SPEC sections 3, 7). */
export const getMemberInfo = (signal?: AbortSignal): Promise<MemberInfo> =>
  apiRequest('memberInfo', { signal });

/**
 * The one cache entry for the member's info. Its key sits under the member feature's root with the
 * token, so a second account on the same tab never sees the first one's data.
 */
export const memberInfoKey = (token: string | null) => ['member', token ?? 'anonymous', 'info'] as const;

/** Every fetch also refreshes the session's stored user, while the token it was made for is current. */
export const memberInfoQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: memberInfoKey(token),
    queryFn: async ({ signal }) => {
      const info = await getMemberInfo(signal);
      if (token && currentToken() === token) storeUser(toLoginUser(info));
      return info;
    },
    enabled: !!token,
    staleTime: 30_000,
  });

/** The member's info; idle (no call) while nobody is logged in. */
export function useMemberInfo() {
  const { token } = useSession();
  return useQuery(memberInfoQueryOptions(token));
}
