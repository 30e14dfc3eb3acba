import type { MemberBonuses } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { walletKeys } from '@/lib/wallet-keys';

/** GET /wps/bonuses: each bonus with its turnover requirement and progress, and the withdrawal rule. */
export const getMemberBonuses = (signal?: AbortSignal): Promise<MemberBonuses> =>
  apiRequest('myBonuses', { signal });

export const memberBonusesQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: walletKeys.memberBonuses(token),
    queryFn: ({ signal }) => getMemberBonuses(signal),
    enabled: !!token,
  });

export function useMemberBonuses() {
  const { token } = useSession();
  return useQuery(memberBonusesQueryOptions(token));
}
