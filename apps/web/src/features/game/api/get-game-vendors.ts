import { type VendorList } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const getGameVendors = (signal?: AbortSignal): Promise<VendorList> =>
  apiRequest('gameVendors', { signal });

export const gameVendorsQueryOptions = () =>
  queryOptions({
    queryKey: ['game', 'vendors'],
    queryFn: ({ signal }) => getGameVendors(signal),
    // The vendor line-up changes rarely; the side menu, footer and lobbies share one answer.
    staleTime: 5 * 60_000,
  });

export const useGameVendors = () => useQuery(gameVendorsQueryOptions());
