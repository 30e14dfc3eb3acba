import type {
  LotteryFollowAnswer,
  LotteryFollowBody,
  LotteryGameInfo,
  LotteryPeriod,
  LotterySlip,
  LotterySlipBody,
  Page,
} from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Query keys of the lottery: menus, a game's open period and its results are everyone's. */
export const lotteryKeys = {
  menus: () => ['lottery', 'menus'] as const,
  game: (gameCode: string) => ['lottery', 'game', gameCode] as const,
  results: (gameCode: string, pageNo: number, pageSize: number) =>
    ['lottery', 'results', gameCode, pageNo, pageSize] as const,
  period: (gameCode: string, periodNo: string) => ['lottery', 'period', gameCode, periodNo] as const,
};

/** GET /lgw/games/game_menus: the games by type (ELOTT, LOTT). */
export function useLotteryMenus() {
  return useQuery(
    queryOptions({
      queryKey: lotteryKeys.menus(),
      queryFn: ({ signal }) => apiRequest('lotteryMenus', { query: {}, signal }),
      staleTime: 60_000,
    }),
  );
}

/** GET /wps/lottery/games/:gameCode: bet types, odds, limits, the open period and the one before. */
export function useLotteryGame(gameCode: string | null) {
  return useQuery(
    queryOptions({
      queryKey: lotteryKeys.game(gameCode ?? ''),
      queryFn: ({ signal }): Promise<LotteryGameInfo> =>
        apiRequest('lotteryGameInfo', { params: { gameCode: gameCode ?? '' }, signal }),
      enabled: !!gameCode,
    }),
  );
}

/** GET /wps/lottery/games/:gameCode/results: drawn and cancelled periods, newest first. */
export function useLotteryResults(gameCode: string | null, pageNo: number, pageSize: number) {
  return useQuery(
    queryOptions({
      queryKey: lotteryKeys.results(gameCode ?? '', pageNo, pageSize),
      queryFn: ({ signal }): Promise<Page<LotteryPeriod>> =>
        apiRequest('lotteryResults', {
          params: { gameCode: gameCode ?? '' },
          query: { pageNo, pageSize },
          signal,
        }),
      enabled: !!gameCode,
    }),
  );
}

/** GET /wps/lottery/games/:gameCode/periods/:periodNo: one period with the proof of its draw. */
export function useLotteryPeriod(gameCode: string, periodNo: string) {
  return useQuery(
    queryOptions({
      queryKey: lotteryKeys.period(gameCode, periodNo),
      queryFn: ({ signal }): Promise<LotteryPeriod> =>
        apiRequest('lotteryPeriod', { params: { gameCode, periodNo }, signal }),
      enabled: /^\d{8}-\d{4}$/.test(periodNo) && gameCode !== '',
    }),
  );
}

/** POST /wps/lottery/bets: the slip; `requestId` is made once per confirmation. */
export const placeLotteryBets = (body: LotterySlipBody): Promise<LotterySlip> =>
  apiRequest('lotteryPlaceBets', { body });

/** POST /wps/lottery/follows: the slip on this period and the next ones, paid for at once (ADR 062). */
export const placeLotteryFollow = (body: LotteryFollowBody): Promise<LotteryFollowAnswer> =>
  apiRequest('lotteryFollowCreate', { body });
