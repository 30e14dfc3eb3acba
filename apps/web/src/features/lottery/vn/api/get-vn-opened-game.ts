import type { VnOpenedGame } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { vnKeys } from './vn-keys';

/** GET /lgw/vn/numeros/opened/game: the period taking bets, its odds and limits, the last result. */
export const getVnOpenedGame = (gameCode: string, signal?: AbortSignal): Promise<VnOpenedGame> =>
  apiRequest('vnOpenedGame', { query: { gameCode }, signal });

export const vnOpenedGameQueryOptions = (gameCode: string) =>
  queryOptions({
    queryKey: vnKeys.opened(gameCode),
    queryFn: ({ signal }) => getVnOpenedGame(gameCode, signal),
    // The page asks again when its countdown reaches the draw; this only covers a sleeping tab.
    refetchInterval: 30_000,
  });

export function useVnOpenedGame(gameCode: string | undefined) {
  return useQuery({ ...vnOpenedGameQueryOptions(gameCode ?? ''), enabled: Boolean(gameCode) });
}
