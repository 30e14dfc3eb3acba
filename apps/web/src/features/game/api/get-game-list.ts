import type { GameCategory, GameList } from '@platform/contract/client';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** SPEC section 3: the lobby asks for 42 games a page. */
export const GAME_PAGE_SIZE = 42;

/** What a lobby grid shows: one category, one vendor tab, the search and the filters. */
export interface GameListFilters {
  gameType: GameCategory;
  vassalage?: string;
  gameName?: string;
  gameClassify?: string;
  minBet?: string;
  language: string;
}

export const getGameList = (
  filters: GameListFilters,
  pageNo: number,
  signal?: AbortSignal,
): Promise<GameList> =>
  apiRequest('gameList', {
    query: { ...filters, clientType: '3', pageNo, pageSize: GAME_PAGE_SIZE },
    signal,
  });

export const gameListQueryOptions = (filters: GameListFilters) =>
  infiniteQueryOptions({
    queryKey: ['game', 'list', filters],
    queryFn: ({ pageParam, signal }) => getGameList(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: GameList) => (last.pageNo < last.totalPages ? last.pageNo + 1 : undefined),
    // A catalogue changes by operator hand; a tab revisited within minutes shows what it showed.
    staleTime: 2 * 60_000,
  });

export const useGameList = (filters: GameListFilters) => useInfiniteQuery(gameListQueryOptions(filters));
