import type { BankAccount } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { walletKeys } from '@/lib/wallet-keys';

/** GET /wps/cashier/bank-accounts: the member's bound accounts (numbers masked but the last 4 digits). */
export const getBankAccounts = (signal?: AbortSignal): Promise<BankAccount[]> =>
  apiRequest('bankAccounts', { signal });

export const bankAccountsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: walletKeys.bankAccounts(token),
    queryFn: ({ signal }) => getBankAccounts(signal),
    enabled: !!token,
  });

export function useBankAccounts() {
  const { token } = useSession();
  return useQuery(bankAccountsQueryOptions(token));
}
