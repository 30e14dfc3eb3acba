import type { AgentContractKind, ResponseOf } from '@platform/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { agentKeys } from './agent-keys';

export interface IncomeFilters {
  from: string;
  to: string;
  kind?: AgentContractKind;
  pageNo: number;
  pageSize: number;
}

/** GET /wps/agent/income: every settled period credited (or due), with the figures that produced it. */
export const getIncome = (filters: IncomeFilters, signal?: AbortSignal): Promise<ResponseOf<'agentIncome'>> =>
  apiRequest('agentIncome', { query: filters, signal });

export function useIncome(filters: IncomeFilters, enabled = true) {
  const { token } = useSession();
  return useQuery({
    queryKey: agentKeys.income(token, filters),
    queryFn: ({ signal }) => getIncome(filters, signal),
    enabled: !!token && enabled,
    placeholderData: keepPreviousData,
  });
}
