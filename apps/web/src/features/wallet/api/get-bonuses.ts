import type { Page, Transaction } from '@platform/contract/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { walletKeys } from '@/lib/wallet-keys';

export interface BonusFilters {
  pageNo: number;
  pageSize: number;
}

/** GET /wps/wallet/bonuses: bonus credits, paged. */
export const getBonuses = (filters: BonusFilters, signal?: AbortSignal): Promise<Page<Transaction>> =>
  apiRequest('bonuses', { query: filters, signal });

export const bonusesQueryOptions = (token: string | null, filters: BonusFilters) =>
  queryOptions({
    queryKey: walletKeys.bonuses(token, filters),
    queryFn: ({ signal }) => getBonuses(filters, signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });

export function useBonuses(filters: BonusFilters) {
  const { token } = useSession();
  return useQuery(bonusesQueryOptions(token, filters));
}
