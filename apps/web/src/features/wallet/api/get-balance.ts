import type { Balance } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { walletKeys } from '@/lib/wallet-keys';

/** GET /wps/v2/wallets/balance: the member's balance (sumBalance, a decimal string) and whether it is demo money. */
export const getBalance = (signal?: AbortSignal): Promise<Balance> => apiRequest('balance', { signal });

export const balanceQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: walletKeys.balance(token),
    queryFn: ({ signal }) => getBalance(signal),
    enabled: !!token,
    // Live updates come over the WebSocket; a refetch on focus covers a dropped connection.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

/** The logged-in member's balance. Makes no call while logged out. */
export function useBalance() {
  const { token } = useSession();
  return useQuery(balanceQueryOptions(token));
}
