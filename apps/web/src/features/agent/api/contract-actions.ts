import type { AgentContract, OfferContract, ResponseOf } from '@platform/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { agentKeys } from './agent-keys';

/** POST /wps/agent/contracts: offer a contract to a direct downline agent. */
export const offerContract = (body: OfferContract): Promise<AgentContract> =>
  apiRequest('agentOfferContract', { body });

/** POST /wps/agent/contracts/:id/accept, /reject or /terminate. */
export const decideContract = (input: {
  id: string;
  action: 'accept' | 'reject' | 'terminate';
}): Promise<ResponseOf<'agentAcceptContract'> | AgentContract> =>
  input.action === 'accept'
    ? apiRequest('agentAcceptContract', { params: { id: input.id } })
    : input.action === 'reject'
      ? apiRequest('agentRejectContract', { params: { id: input.id } })
      : apiRequest('agentTerminateContract', { params: { id: input.id } });

/** GET /wps/agent/contracts/:id/preview: the downline contracts accepting would end. */
export const previewContract = (id: string): Promise<ResponseOf<'agentContractPreview'>> =>
  apiRequest('agentContractPreview', { params: { id } });

function useRefreshAgent() {
  const client = useQueryClient();
  const { token } = useSession();
  return () => client.invalidateQueries({ queryKey: agentKeys.all(token) });
}

export function useOfferContract() {
  const refresh = useRefreshAgent();
  return useMutation({ mutationFn: offerContract, onSettled: () => refresh() });
}

export function useDecideContract() {
  const refresh = useRefreshAgent();
  return useMutation({ mutationFn: decideContract, onSettled: () => refresh() });
}
