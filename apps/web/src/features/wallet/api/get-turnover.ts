import type { Turnover } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { walletKeys } from '@/lib/wallet-keys';

/** GET /wps/wallet/turnover: how much must still be wagered before a withdrawal. */
export const getTurnover = (signal?: AbortSignal): Promise<Turnover> => apiRequest('turnover', { signal });

export const turnoverQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: walletKeys.turnover(token),
    queryFn: ({ signal }) => getTurnover(signal),
    enabled: !!token,
  });

export function useTurnover() {
  const { token } = useSession();
  return useQuery(turnoverQueryOptions(token));
}
