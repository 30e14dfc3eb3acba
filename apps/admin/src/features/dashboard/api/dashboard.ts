import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /wps/admin/dashboard?from=&to=: the range's figures beside the period just before it. */
export function useDashboard(from: string, to: string) {
  return useQuery({
    queryKey: ['dashboard', from, to],
    queryFn: ({ signal }) => apiRequest('adminDashboard', { query: { from, to }, signal }),
    placeholderData: keepPreviousData,
    // the rollup folds every minute (ADR 096)
    refetchInterval: 60_000,
  });
}
