import type { GameItem } from '@platform/contract/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from '@/lib/api-client';
import { storeFavourite, storeFavourites, storedFavourites } from '../favourite-store';
import { memberGamesKeys } from './get-member-games';

export const getFavouriteIds = async (signal?: AbortSignal): Promise<string[]> =>
  (await apiRequest('favouriteGameIds', { signal })).ids;

export const favouriteIdsQueryOptions = (username: string) =>
  queryOptions({
    queryKey: memberGamesKeys.ids(username),
    queryFn: async ({ signal }): Promise<string[]> => {
      const ids = await getFavouriteIds(signal);
      // Another device may have changed them: the local copy follows the server.
      storeFavourites(username, ids);
      return ids;
    },
    placeholderData: storedFavourites(username),
  });

/** The member's favourite ids; empty for a visitor or a trial account (no favourites for them). */
export function useFavouriteIds(username: string | null): Set<string> {
  const query = useQuery({
    ...favouriteIdsQueryOptions(username ?? ''),
    enabled: username !== null,
  });
  const ids = username === null ? undefined : query.data;
  return useMemo(() => new Set(ids ?? []), [ids]);
}

export interface FavouriteChange {
  game: GameItem;
  favourite: boolean;
}

/** SPEC section 4: a favourite is removed if it was one, else added; the local ids follow the call. */
export function useToggleFavourite(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ game, favourite }: FavouriteChange) =>
      favourite
        ? apiRequest('addFavouriteGame', {
            body: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType },
          })
        : apiRequest('removeFavouriteGame', { query: { nodeId: game.nodeId } }),
    onSuccess: (answer) => {
      const ids = storeFavourite(username, answer.nodeId, answer.favourite);
      queryClient.setQueryData(memberGamesKeys.ids(username), ids);
      void queryClient.invalidateQueries({ queryKey: memberGamesKeys.favourites() });
    },
  });
}
