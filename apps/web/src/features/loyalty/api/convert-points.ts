import type { ConvertPoints } from '@platform/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { walletKeys } from '@/features/wallet';
import { apiRequest } from '@/lib/api-client';
import { loyaltyKeys } from './loyalty-keys';

/** POST /wps/points/convert: points to money on the main wallet (the payment password checked). */
export const convertPoints = (body: ConvertPoints): Promise<{ balance: number; amount: string }> =>
  apiRequest('convertPoints', { body });

export function useConvertPoints() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: convertPoints,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: loyaltyKeys.all(token) });
      await queryClient.invalidateQueries({ queryKey: walletKeys.all(token) });
    },
  });
}
