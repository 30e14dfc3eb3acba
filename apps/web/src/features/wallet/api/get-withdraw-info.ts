import type { WithdrawInfo } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { walletKeys } from '@/lib/wallet-keys';

/** GET /wps/cashier/withdraw-info: withdrawable, limits, turnover, payment password and bank accounts. */
export const getWithdrawInfo = (signal?: AbortSignal): Promise<WithdrawInfo> =>
  apiRequest('withdrawInfo', { signal });

export const withdrawInfoQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: walletKeys.withdrawInfo(token),
    queryFn: ({ signal }) => getWithdrawInfo(signal),
    enabled: !!token,
  });

export function useWithdrawInfo() {
  const { token } = useSession();
  return useQuery(withdrawInfoQueryOptions(token));
}
