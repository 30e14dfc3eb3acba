import type {
  LotteryFollow,
  LotteryFollowAnswer,
  LotteryFollowDetail,
  Page,
} from '@platform/contract/client';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { walletKeys } from '@/features/wallet';
import { apiRequest } from '@/lib/api-client';
import { recordsKeys } from './records-keys';

export interface LotteryFollowsFilters {
  gameCode?: string;
  pageNo: number;
  pageSize: number;
}

/** GET /wps/lottery/follows: the member's follow (chained) bets, newest first (ADR 062). */
export function useLotteryFollows(filters: LotteryFollowsFilters) {
  const { token } = useSession();
  return useQuery(
    queryOptions({
      queryKey: recordsKeys.lotteryFollows(token, filters),
      queryFn: ({ signal }): Promise<Page<LotteryFollow>> =>
        apiRequest('lotteryFollows', { query: filters, signal }),
      enabled: !!token,
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /wps/lottery/follows/:followId: a chain with the bets placed so far. */
export function useLotteryFollow(followId: string | null) {
  const { token } = useSession();
  return useQuery(
    queryOptions({
      queryKey: recordsKeys.lotteryFollow(token, followId ?? ''),
      queryFn: ({ signal }): Promise<LotteryFollowDetail> =>
        apiRequest('lotteryFollowDetail', { params: { followId: followId ?? '' }, signal }),
      enabled: !!token && !!followId,
    }),
  );
}

/** POST /wps/lottery/follows/:followId/cancel: the draws not placed come back; the lists and balance refresh. */
export function useCancelLotteryFollow() {
  const { token } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (followId: string): Promise<LotteryFollowAnswer> =>
      apiRequest('lotteryFollowCancel', { params: { followId } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(walletKeys.balance(token), { sumBalance: answer.balance, demo: false });
      void queryClient.invalidateQueries({ queryKey: [...recordsKeys.all(token), 'lottery-follows'] });
      void queryClient.invalidateQueries({ queryKey: [...recordsKeys.all(token), 'lottery-follow'] });
    },
  });
}
