import type { TeamOverview } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { agentKeys } from './agent-keys';

/** GET /wps/agent/team/overview: team size and figures for today, this month and last month. */
export const getTeamOverview = (signal?: AbortSignal): Promise<TeamOverview> =>
  apiRequest('agentTeamOverview', { signal });

export function useTeamOverview() {
  const { token } = useSession();
  return useQuery(
    queryOptions({
      queryKey: agentKeys.overview(token),
      queryFn: ({ signal }) => getTeamOverview(signal),
      enabled: !!token,
    }),
  );
}
