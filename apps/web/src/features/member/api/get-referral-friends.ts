import type { ResponseOf } from '@platform/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { memberKeys } from './member-keys';

export const REFERRAL_PAGE_SIZE = 10;

/** GET /wps/member/referral/friends: invited friends, each one's first deposit and the reward it paid. */
export const getReferralFriends = (
  pageNo: number,
  signal?: AbortSignal,
): Promise<ResponseOf<'referralFriends'>> =>
  apiRequest('referralFriends', { query: { pageNo, pageSize: REFERRAL_PAGE_SIZE }, signal });

export function useReferralFriends(pageNo: number) {
  const { token } = useSession();
  return useQuery({
    queryKey: memberKeys.referralFriends(token, pageNo),
    queryFn: ({ signal }) => getReferralFriends(pageNo, signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}
