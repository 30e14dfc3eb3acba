import type { SlotInfo } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { slotKeys } from './slot-keys';

/** GET /wps/inhouse/slot/info: the stated RTP, the bets a player may choose, the paytable and lines. */
export const getSlotInfo = (signal?: AbortSignal): Promise<SlotInfo> =>
  apiRequest('inhouseSlotInfo', { signal });

export const slotInfoQueryOptions = () =>
  queryOptions({
    queryKey: slotKeys.info(),
    queryFn: ({ signal }) => getSlotInfo(signal),
    // The operator's limits and variant change rarely; a spin refused for a stale bet reads them again.
    staleTime: 60_000,
  });

export function useSlotInfo() {
  return useQuery(slotInfoQueryOptions());
}
