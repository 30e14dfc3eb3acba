import type { Balance } from '@platform/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '@/features/auth';
import { subscribeRealtime } from '@/lib/realtime';
import { walletKeys } from '@/lib/wallet-keys';

/** While logged in, balance pushes from the realtime client go straight into the balance query's cache. */
export function useBalanceSocket(): void {
  const queryClient = useQueryClient();
  const { token } = useSession();
  useEffect(() => {
    if (!token) return;
    const stopBalance = subscribeRealtime(token, 'balance', ({ sumBalance, demo }) =>
      queryClient.setQueryData<Balance>(walletKeys.balance(token), { sumBalance, demo }),
    );
    // Pushes may have been lost: ask for the balance again.
    const stopResync = subscribeRealtime(token, 'resync', () =>
      queryClient.invalidateQueries({ queryKey: walletKeys.balance(token) }),
    );
    return () => {
      stopBalance();
      stopResync();
    };
  }, [queryClient, token]);
}
