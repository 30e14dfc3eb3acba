import type { ResponseOf } from '@platform/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { agentKeys } from './agent-keys';

export interface TeamBetsFilters {
  from: string;
  to: string;
  pageNo: number;
  pageSize: number;
}

/** GET /wps/agent/team/bets: the team's valid bets and results per member and per category. */
export const getTeamBets = (
  filters: TeamBetsFilters,
  signal?: AbortSignal,
): Promise<ResponseOf<'agentTeamBets'>> => apiRequest('agentTeamBets', { query: filters, signal });

export function useTeamBets(filters: TeamBetsFilters, enabled = true) {
  const { token } = useSession();
  return useQuery({
    queryKey: agentKeys.bets(token, filters),
    queryFn: ({ signal }) => getTeamBets(filters, signal),
    enabled: !!token && enabled,
    placeholderData: keepPreviousData,
  });
}
