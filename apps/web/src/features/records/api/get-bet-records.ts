import type { BetRecord, GameCategory, Page } from '@platform/contract/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { recordsKeys } from './records-keys';

export interface BetRecordFilters {
  /** yyyy-MM-dd in the site's time zone, both included */
  from: string;
  to: string;
  category?: GameCategory;
  pageNo: number;
  pageSize: number;
}

/** GET /wps/records/bets: the member's rounds, newest first. */
export const getBetRecords = (filters: BetRecordFilters, signal?: AbortSignal): Promise<Page<BetRecord>> =>
  apiRequest('betRecords', { query: filters, signal });

export const betRecordsQueryOptions = (token: string | null, filters: BetRecordFilters, enabled = true) =>
  queryOptions({
    queryKey: recordsKeys.bets(token, filters),
    queryFn: ({ signal }) => getBetRecords(filters, signal),
    enabled: !!token && enabled,
    placeholderData: keepPreviousData,
  });

export function useBetRecords(filters: BetRecordFilters, enabled = true) {
  const { token } = useSession();
  return useQuery(betRecordsQueryOptions(token, filters, enabled));
}
