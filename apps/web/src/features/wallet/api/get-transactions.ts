import type { Page, Transaction } from '@platform/contract/client';
import type { TransactionType } from '../lib/types';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { walletKeys } from '@/lib/wallet-keys';

export interface TransactionFilters {
  type?: TransactionType;
  /** yyyy-MM-dd, inclusive */
  from?: string;
  to?: string;
  pageNo: number;
  pageSize: number;
}

/** GET /wps/wallet/transactions: the account record, newest first. */
export const getTransactions = (
  filters: TransactionFilters,
  signal?: AbortSignal,
): Promise<Page<Transaction>> => apiRequest('transactions', { query: filters, signal });

export const transactionsQueryOptions = (token: string | null, filters: TransactionFilters) =>
  queryOptions({
    queryKey: walletKeys.transactions(token, filters),
    queryFn: ({ signal }) => getTransactions(filters, signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });

export function useTransactions(filters: TransactionFilters) {
  const { token } = useSession();
  return useQuery(transactionsQueryOptions(token, filters));
}
