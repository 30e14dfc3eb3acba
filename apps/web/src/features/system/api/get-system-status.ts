import { type SystemStatus } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const getSystemStatus = (signal?: AbortSignal): Promise<SystemStatus> =>
  apiRequest('systemStatus', { signal });

export const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'status'],
    queryFn: ({ signal }) => getSystemStatus(signal),
    // Maintenance can start or end while a page is open.
    refetchInterval: 60_000,
  });

export const useSystemStatus = () => useQuery(systemStatusQueryOptions());
