import type { LotteryBet, Page } from '@platform/contract/client';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { vnKeys } from './vn-keys';

/** GET /wps/lottery/bets for one game: the member's latest bets on it with their status and win. */
export const getMyVnBets = (gameCode: string, signal?: AbortSignal): Promise<Page<LotteryBet>> =>
  apiRequest('lotteryBets', { query: { gameCode, pageNo: 1, pageSize: 10 }, signal });

export function useMyVnBets(gameCode: string, enabled: boolean) {
  return useQuery({
    queryKey: vnKeys.myBets(gameCode),
    queryFn: ({ signal }) => getMyVnBets(gameCode, signal),
    enabled,
  });
}
