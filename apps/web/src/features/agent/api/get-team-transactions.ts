import type { ResponseOf } from '@platform/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { agentKeys } from './agent-keys';

export interface TeamTransactionsFilters {
  from: string;
  to: string;
  kind?: 'deposit' | 'withdrawal' | 'transfer';
  username?: string;
  pageNo: number;
  pageSize: number;
}

/** GET /wps/agent/team/transactions: the team's deposits, withdrawals and transfers, newest first. */
export const getTeamTransactions = (
  filters: TeamTransactionsFilters,
  signal?: AbortSignal,
): Promise<ResponseOf<'agentTeamTransactions'>> =>
  apiRequest('agentTeamTransactions', { query: filters, signal });

export function useTeamTransactions(filters: TeamTransactionsFilters, enabled = true) {
  const { token } = useSession();
  return useQuery({
    queryKey: agentKeys.transactions(token, filters),
    queryFn: ({ signal }) => getTeamTransactions(filters, signal),
    enabled: !!token && enabled,
    placeholderData: keepPreviousData,
  });
}
