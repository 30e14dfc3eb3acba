import type { Page, Withdrawal } from '@platform/contract/client';
import type { WithdrawalStatus } from '../lib/types';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { walletKeys } from '@/lib/wallet-keys';

export interface WithdrawalFilters {
  status?: WithdrawalStatus;
  pageNo: number;
  pageSize: number;
}

/** GET /wps/cashier/withdrawals: the member's withdrawals, newest first. */
export const getWithdrawals = (filters: WithdrawalFilters, signal?: AbortSignal): Promise<Page<Withdrawal>> =>
  apiRequest('withdrawals', { query: filters, signal });

export const withdrawalsQueryOptions = (token: string | null, filters: WithdrawalFilters) =>
  queryOptions({
    queryKey: walletKeys.withdrawals(token, filters),
    queryFn: ({ signal }) => getWithdrawals(filters, signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });

export function useWithdrawals(filters: WithdrawalFilters) {
  const { token } = useSession();
  return useQuery(withdrawalsQueryOptions(token, filters));
}
