import type { ProfitReport } from '@platform/contract/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import type { DayRange } from '@/lib/site-days';
import { recordsKeys } from './records-keys';

/** GET /wps/records/profit: closed rounds' totals by day and by category. */
export const getProfit = (range: DayRange, signal?: AbortSignal): Promise<ProfitReport> =>
  apiRequest('profit', { query: range, signal });

export const profitQueryOptions = (token: string | null, range: DayRange, enabled = true) =>
  queryOptions({
    queryKey: recordsKeys.profit(token, range),
    queryFn: ({ signal }) => getProfit(range, signal),
    enabled: !!token && enabled,
    placeholderData: keepPreviousData,
  });

export function useProfit(range: DayRange, enabled = true) {
  const { token } = useSession();
  return useQuery(profitQueryOptions(token, range, enabled));
}
