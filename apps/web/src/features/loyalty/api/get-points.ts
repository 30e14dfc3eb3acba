import type { Page, PointsEntry, PointsSummary } from '@platform/contract/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { loyaltyKeys } from './loyalty-keys';

export interface PageFilters {
  pageNo: number;
  pageSize: number;
}

/** GET /wps/points: the balance and the conversion ratio. */
export const getPoints = (signal?: AbortSignal): Promise<PointsSummary> => apiRequest('points', { signal });

export function usePoints() {
  const { token } = useSession();
  return useQuery(
    queryOptions({
      queryKey: loyaltyKeys.points(token),
      queryFn: ({ signal }) => getPoints(signal),
      enabled: !!token,
    }),
  );
}

/** GET /wps/points/history: every change, newest first, paged. */
export const getPointsHistory = (filters: PageFilters, signal?: AbortSignal): Promise<Page<PointsEntry>> =>
  apiRequest('pointsHistory', { query: filters, signal });

export function usePointsHistory(filters: PageFilters) {
  const { token } = useSession();
  return useQuery(
    queryOptions({
      queryKey: loyaltyKeys.history(token, filters),
      queryFn: ({ signal }) => getPointsHistory(filters, signal),
      enabled: !!token,
      placeholderData: keepPreviousData,
    }),
  );
}
