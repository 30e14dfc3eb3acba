import type { VnGameMenu } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { vnKeys } from './vn-keys';

/** GET /lgw/vn/games/game_menu: the VN games by region (fast house draws and the daily state draws). */
export const getVnGameMenu = (signal?: AbortSignal): Promise<VnGameMenu> =>
  apiRequest('vnGameMenu', { query: { device: 'web' }, signal });

export const vnGameMenuQueryOptions = () =>
  queryOptions({
    queryKey: vnKeys.menu(),
    queryFn: ({ signal }) => getVnGameMenu(signal),
    staleTime: 60_000,
  });

export function useVnGameMenu() {
  return useQuery(vnGameMenuQueryOptions());
}
