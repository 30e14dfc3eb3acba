import type { PlayerRank } from '@platform/contract/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memberInfoKey, useSession } from '@/features/auth';
import { walletKeys } from '@/features/wallet';
import { apiRequest } from '@/lib/api-client';
import { loyaltyKeys } from './loyalty-keys';

/** GET /wps/rank: the member's rank, the next one and the progress toward it. */
export const getPlayerRank = (signal?: AbortSignal): Promise<PlayerRank> =>
  apiRequest('playerRank', { signal });

export function usePlayerRank() {
  const { token } = useSession();
  const queryClient = useQueryClient();
  return useQuery(
    queryOptions({
      queryKey: loyaltyKeys.rank(token),
      queryFn: async ({ signal }) => {
        const rank = await getPlayerRank(signal);
        // Reading the rank may raise it: the club label of the member info follows.
        void queryClient.invalidateQueries({ queryKey: memberInfoKey(token) });
        return rank;
      },
      enabled: !!token,
    }),
  );
}

/** POST /wps/rank/monthly-gift */
export const claimMonthlyGift = (): Promise<{ amount: string; month: string }> =>
  apiRequest('claimMonthlyGift');

export function useClaimMonthlyGift() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: claimMonthlyGift,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: loyaltyKeys.rank(token) });
      await queryClient.invalidateQueries({ queryKey: walletKeys.all(token) });
    },
  });
}
