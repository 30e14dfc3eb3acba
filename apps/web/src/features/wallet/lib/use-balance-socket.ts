import type { Balance } from '@platform/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '@/features/auth';
import { walletKeys } from '../api/wallet-keys';
import { subscribeBalance } from './balance-socket';

/** While logged in, balance pushes from the WebSocket go straight into the balance query's cache. */
export function useBalanceSocket(): void {
  const queryClient = useQueryClient();
  const { token } = useSession();
  useEffect(() => {
    if (!token) return;
    return subscribeBalance(token, (balance) =>
      queryClient.setQueryData<Balance>(walletKeys.balance(token), balance),
    );
  }, [queryClient, token]);
}
