import type { ResponseOf } from '@platform/contract/client';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { agentKeys } from './agent-keys';

/** GET /wps/agent/contracts: the enabled kinds, and the agent's contracts as downline and as upline. */
export const getContracts = (signal?: AbortSignal): Promise<ResponseOf<'agentContracts'>> =>
  apiRequest('agentContracts', { query: {}, signal });

/** Agents only (anyone else is refused by the server): `enabled` says whether to ask. */
export function useContracts(enabled = true) {
  const { token } = useSession();
  return useQuery({
    queryKey: agentKeys.contracts(token),
    queryFn: ({ signal }) => getContracts(signal),
    enabled: !!token && enabled,
    staleTime: 30_000,
  });
}
