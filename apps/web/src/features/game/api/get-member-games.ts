import type { GameCategory, GameItem } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** A lobby's rows for a member: the first page is all a row shows. */
const ROW_SIZE = 24;

export interface MemberRowFilters {
  /** none: every category (home) */
  gameType?: GameCategory;
  language: string;
}

export const getRecentGames = async (filters: MemberRowFilters, signal?: AbortSignal): Promise<GameItem[]> =>
  (
    await apiRequest('recentGames', {
      query: { ...filters, clientType: '3', pageNo: 1, pageSize: ROW_SIZE },
      signal,
    })
  ).list;

export const getFavouriteGames = async (
  filters: MemberRowFilters,
  signal?: AbortSignal,
): Promise<GameItem[]> =>
  (
    await apiRequest('favouriteGames', {
      query: { ...filters, clientType: '3', platform: 'flash', pageNo: 1, pageSize: ROW_SIZE },
      signal,
    })
  ).content;

/** Keys under one root, so a favourite change refreshes every favourites row at once. */
export const memberGamesKeys = {
  recent: (filters: MemberRowFilters) => ['game', 'member', 'recent', filters] as const,
  recentRoot: ['game', 'member', 'recent'] as const,
  favourites: (filters?: MemberRowFilters) =>
    (filters
      ? ['game', 'member', 'favourites', filters]
      : ['game', 'member', 'favourites']) as readonly unknown[],
  ids: (username: string) => ['game', 'member', 'favourite-ids', username] as const,
};

export const recentGamesQueryOptions = (filters: MemberRowFilters) =>
  queryOptions({
    queryKey: memberGamesKeys.recent(filters),
    queryFn: ({ signal }) => getRecentGames(filters, signal),
  });

export const favouriteGamesQueryOptions = (filters: MemberRowFilters) =>
  queryOptions({
    queryKey: memberGamesKeys.favourites(filters),
    queryFn: ({ signal }) => getFavouriteGames(filters, signal),
  });

/** Only a real account has these lists (the server refuses them to a trial account and a visitor). */
export const useRecentGames = (filters: MemberRowFilters, enabled: boolean) =>
  useQuery({ ...recentGamesQueryOptions(filters), enabled });

export const useFavouriteGames = (filters: MemberRowFilters, enabled: boolean) =>
  useQuery({ ...favouriteGamesQueryOptions(filters), enabled });
