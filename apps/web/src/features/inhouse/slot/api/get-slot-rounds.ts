import type { SlotRecentRound } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { slotKeys } from './slot-keys';

/** GET /wps/inhouse/slot/rounds: a member's last rounds of the slot, newest first. */
export const getSlotRounds = (signal?: AbortSignal): Promise<SlotRecentRound[]> =>
  apiRequest('inhouseSlotRounds', { signal });

export const slotRoundsQueryOptions = (token: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: slotKeys.rounds(token),
    queryFn: ({ signal }) => getSlotRounds(signal),
    enabled: !!token && enabled,
  });

export function useSlotRounds(enabled: boolean) {
  const { token } = useSession();
  return useQuery(slotRoundsQueryOptions(token, enabled));
}
