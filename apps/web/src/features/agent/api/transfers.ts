import type { AgentTransfer, ResponseOf } from '@platform/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { agentKeys } from './agent-keys';

/** GET /wps/agent/transfer/upline: the member's upline (null: none) and the transfer limits. */
export const getTransferInfo = (signal?: AbortSignal): Promise<ResponseOf<'agentTransferInfo'>> =>
  apiRequest('agentTransferInfo', { signal });

/** POST /wps/agent/transfer/upline, or /downline with a direct downline's id. */
export const sendTransfer = (
  body: Omit<AgentTransfer, 'downline'> & { downline?: string },
): Promise<ResponseOf<'agentTransferUpline'>> => {
  const { downline, ...rest } = body;
  return downline
    ? apiRequest('agentTransferDownline', { body: { ...rest, downline } })
    : apiRequest('agentTransferUpline', { body: rest });
};

export function useTransferInfo() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...agentKeys.all(token), 'transfer-info'],
    queryFn: ({ signal }) => getTransferInfo(signal),
    enabled: !!token,
  });
}

export function useSendTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendTransfer,
    // The balance moved: every query that shows it is refreshed.
    onSuccess: () => client.invalidateQueries(),
  });
}
