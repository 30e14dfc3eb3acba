import type { LotteryBet, LotteryBetDetail, LotteryGame, Page } from '@platform/contract/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { recordsKeys } from './records-keys';

export interface LotteryBetsFilters {
  gameCode?: string;
  periodNo?: string;
  pageNo: number;
  pageSize: number;
}

/** GET /wps/lottery/bets: the member's lottery bets, newest first, by game and period when given. */
export function useLotteryBets(filters: LotteryBetsFilters) {
  const { token } = useSession();
  return useQuery(
    queryOptions({
      queryKey: recordsKeys.lotteryBets(token, filters),
      queryFn: ({ signal }): Promise<Page<LotteryBet>> =>
        apiRequest('lotteryBets', { query: filters, signal }),
      enabled: !!token,
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /wps/lottery/bets/:betId: the bet and its period, with the draw and its proof. */
export function useLotteryBet(betId: string | null) {
  const { token } = useSession();
  return useQuery(
    queryOptions({
      queryKey: recordsKeys.lotteryBet(token, betId ?? ''),
      queryFn: ({ signal }): Promise<LotteryBetDetail> =>
        apiRequest('lotteryBetDetail', { params: { betId: betId ?? '' }, signal }),
      enabled: !!token && !!betId,
      staleTime: 30_000,
    }),
  );
}

/** The lottery's games for the record's game filter (GET /lgw/games/game_menus). */
export function useLotteryGameList() {
  return useQuery(
    queryOptions({
      queryKey: ['records', 'lottery-games'] as const,
      queryFn: async ({ signal }): Promise<LotteryGame[]> =>
        (await apiRequest('lotteryMenus', { query: {}, signal })).menus.flatMap((menu) => menu.games),
      staleTime: 300_000,
    }),
  );
}
