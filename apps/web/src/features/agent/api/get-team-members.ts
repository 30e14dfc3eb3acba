import type { ResponseOf } from '@platform/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { agentKeys } from './agent-keys';

export interface TeamMembersFilters {
  /** a downline's public id: its direct downlines (drill-down) */
  parent?: string;
  username?: string;
  pageNo: number;
  pageSize: number;
}

/** GET /wps/agent/team/members: direct downlines of the agent or of a downline, with the breadcrumb. */
export const getTeamMembers = (
  filters: TeamMembersFilters,
  signal?: AbortSignal,
): Promise<ResponseOf<'agentTeamMembers'>> => apiRequest('agentTeamMembers', { query: filters, signal });

export function useTeamMembers(filters: TeamMembersFilters) {
  const { token } = useSession();
  return useQuery({
    queryKey: agentKeys.members(token, filters),
    queryFn: ({ signal }) => getTeamMembers(filters, signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}
