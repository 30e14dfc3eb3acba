import type { BetRecordDetail } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { recordsKeys } from './records-keys';

/** GET /wps/records/bets/:id: one round with what the vendor said happened. */
export const getBetRecord = (id: string, signal?: AbortSignal): Promise<BetRecordDetail> =>
  apiRequest('betRecord', { params: { id }, signal });

export const betRecordQueryOptions = (token: string | null, id: string | null) =>
  queryOptions({
    queryKey: recordsKeys.bet(token, id ?? ''),
    queryFn: ({ signal }) => getBetRecord(id ?? '', signal),
    enabled: !!token && !!id,
    // A closed round never changes; an open one is read again when the dialog opens again.
    staleTime: 30_000,
  });

export function useBetRecord(id: string | null) {
  const { token } = useSession();
  return useQuery(betRecordQueryOptions(token, id));
}
