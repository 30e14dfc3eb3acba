import type {
  ConsolidateResult,
  VendorTransfer,
  VendorWallet,
  VendorWallets,
} from '@platform/contract/client';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { isPositiveMoney } from '../lib/amount';
import { useInvalidateWallet } from './use-invalidate-wallet';
import { walletKeys } from '@/lib/wallet-keys';

/** While money is on its way, the list is read again this often, so "pending" clears by itself. */
const PENDING_REFETCH_MS = 10_000;

/** GET /wps/transfer/wallets: the main balance and each transfer vendor's sub-wallet (ADR 021). */
export const getTransferWallets = (signal?: AbortSignal): Promise<VendorWallets> =>
  apiRequest('transferWallets', { signal });

export const transferWalletsQueryOptions = (token: string | null) =>
  queryOptions({
    // Under the wallet's keys: every money mutation reads it again.
    queryKey: [...walletKeys.all(token), 'transfer-wallets'] as const,
    queryFn: ({ signal }) => getTransferWallets(signal),
    enabled: !!token,
    refetchInterval: (query) =>
      query.state.data?.wallets.some((wallet) => isPositiveMoney(wallet.pendingAmount))
        ? PENDING_REFETCH_MS
        : false,
  });

export function useTransferWallets() {
  const { token } = useSession();
  return useQuery(transferWalletsQueryOptions(token));
}

/** POST /wps/transfer/wallets/:vendor/refresh: asks the vendor for the balance held there. */
export function useRefreshTransferWallet() {
  const invalidate = useInvalidateWallet();
  return useMutation({
    mutationFn: (vendor: string): Promise<VendorWallet> =>
      apiRequest('refreshTransferWallet', { params: { vendor } }),
    onSettled: () => invalidate(),
  });
}

export interface TransferMoneyInput {
  direction: 'in' | 'out';
  vendor: string;
  amount: string;
  /** made once per attempt and reused on retries, so the money moves once at most */
  requestId: string;
}

/** POST /wps/transfer/in or /out: answers the transfer, which may still be pending. */
export function useTransferMoney() {
  const invalidate = useInvalidateWallet();
  return useMutation({
    mutationFn: ({ direction, ...body }: TransferMoneyInput): Promise<VendorTransfer> =>
      apiRequest(direction === 'in' ? 'transferIn' : 'transferOut', { body }),
    onSettled: () => invalidate(),
  });
}

/** POST /wps/transfer/consolidate: everything at every vendor back to the main wallet. */
export function useConsolidateTransfers() {
  const invalidate = useInvalidateWallet();
  return useMutation({
    mutationFn: (requestId: string): Promise<ConsolidateResult> =>
      apiRequest('consolidateTransfers', { body: { requestId } }),
    onSettled: () => invalidate(),
  });
}
