import type { CreateDownline, CreateInviteLink, InviteLink, ResponseOf } from '@platform/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { agentKeys } from './agent-keys';

/** GET /wps/agent/register/links: the agent's invite links with their sign-ups and conversions. */
export const getInviteLinks = (signal?: AbortSignal): Promise<ResponseOf<'agentInviteLinks'>> =>
  apiRequest('agentInviteLinks', { signal });

/** POST /wps/agent/register/links: a new invite link (a player's, or an agent's with a contract offer). */
export const createInviteLink = (body: CreateInviteLink): Promise<InviteLink> =>
  apiRequest('agentCreateInviteLink', { body });

/** POST /wps/agent/register/accounts: a downline account made directly. */
export const createDownline = (body: CreateDownline): Promise<ResponseOf<'agentCreateDownline'>> =>
  apiRequest('agentCreateDownline', { body });

export function useInviteLinks() {
  const { token } = useSession();
  return useQuery({
    queryKey: agentKeys.inviteLinks(token),
    queryFn: ({ signal }) => getInviteLinks(signal),
    enabled: !!token,
  });
}

function useRefreshAgent() {
  const client = useQueryClient();
  const { token } = useSession();
  return () => client.invalidateQueries({ queryKey: agentKeys.all(token) });
}

export function useCreateInviteLink() {
  const refresh = useRefreshAgent();
  return useMutation({ mutationFn: createInviteLink, onSettled: () => refresh() });
}

export function useCreateDownline() {
  const refresh = useRefreshAgent();
  return useMutation({ mutationFn: createDownline, onSettled: () => refresh() });
}
