import type { GameCategory, GameItem } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** A home row shows this many games; "see all" leads to the lobby for the rest. */
export const HOME_ROW_SIZE = 12;

export interface GameRowFilters {
  gameType: GameCategory;
  /** hot: the games marked hot; new: the games marked new */
  tag: 'hot' | 'new';
  language: string;
}

export const getGameRow = async (filters: GameRowFilters, signal?: AbortSignal): Promise<GameItem[]> =>
  (
    await apiRequest('gameList', {
      query: {
        gameType: filters.gameType,
        ...(filters.tag === 'hot' ? { isHot: '1' as const } : { isNew: '1' as const }),
        language: filters.language,
        clientType: '3',
        pageNo: 1,
        pageSize: HOME_ROW_SIZE,
      },
      signal,
    })
  ).games;

export const gameRowQueryOptions = (filters: GameRowFilters) =>
  queryOptions({
    queryKey: ['game', 'row', filters],
    queryFn: ({ signal }) => getGameRow(filters, signal),
    // As the lobby's pages: a catalogue changes by operator hand.
    staleTime: 2 * 60_000,
  });

/** Asked only once the row comes near the screen (`enabled`). */
export const useGameRow = (filters: GameRowFilters, enabled: boolean) =>
  useQuery({ ...gameRowQueryOptions(filters), enabled });
