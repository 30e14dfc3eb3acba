import type { Deposit, Page } from '@platform/contract/client';
import type { DepositStatus } from '../lib/types';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { walletKeys } from '@/lib/wallet-keys';

export interface DepositFilters {
  status?: DepositStatus;
  pageNo: number;
  pageSize: number;
}

/** GET /wps/cashier/deposits: the member's deposits, newest first. */
export const getDeposits = (filters: DepositFilters, signal?: AbortSignal): Promise<Page<Deposit>> =>
  apiRequest('deposits', { query: filters, signal });

export const depositsQueryOptions = (token: string | null, filters: DepositFilters) =>
  queryOptions({
    queryKey: walletKeys.deposits(token, filters),
    queryFn: ({ signal }) => getDeposits(filters, signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });

export function useDeposits(filters: DepositFilters) {
  const { token } = useSession();
  return useQuery(depositsQueryOptions(token, filters));
}
