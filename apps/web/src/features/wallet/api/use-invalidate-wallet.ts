import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '@/features/auth';
import { walletKeys } from '@/lib/wallet-keys';

/** After any money mutation: balance, turnover, withdraw info and every record list are read again. */
export function useInvalidateWallet(): () => Promise<void> {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: walletKeys.all(token) }),
    [queryClient, token],
  );
}
