import type { Channel } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { walletKeys } from '@/lib/wallet-keys';

/** GET /wps/cashier/channels: the deposit methods open now, each with its min and max. */
export const getChannels = (signal?: AbortSignal): Promise<Channel[]> => apiRequest('channels', { signal });

export const channelsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: walletKeys.channels(token),
    queryFn: ({ signal }) => getChannels(signal),
    enabled: !!token,
  });

export function useChannels() {
  const { token } = useSession();
  return useQuery(channelsQueryOptions(token));
}
