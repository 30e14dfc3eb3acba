import type { PvpRooms } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Seats change as players come and go: the lobby asks again this often while it is open. */
export const PVP_ROOMS_REFRESH_MS = 5_000;

export const getPvpRooms = (vassalage: string | undefined, signal?: AbortSignal): Promise<PvpRooms> =>
  apiRequest('pvpRooms', { query: { ...(vassalage ? { vassalage } : {}), clientType: '3' }, signal });

export const pvpRoomsQueryOptions = (vassalage: string | undefined) =>
  queryOptions({
    queryKey: ['game', 'pvp-rooms', vassalage ?? null],
    queryFn: ({ signal }) => getPvpRooms(vassalage, signal),
    refetchInterval: PVP_ROOMS_REFRESH_MS,
    staleTime: PVP_ROOMS_REFRESH_MS,
  });

export const usePvpRooms = (vassalage: string | undefined) => useQuery(pvpRoomsQueryOptions(vassalage));
