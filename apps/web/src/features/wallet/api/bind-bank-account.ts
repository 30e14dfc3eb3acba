import type { BankAccount } from '@platform/contract/client';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useInvalidateWallet } from './use-invalidate-wallet';

export interface BindBankAccountInput {
  bankName: string;
  accountName: string;
  accountNumber: string;
}

/** POST /wps/cashier/bank-accounts: binds a withdrawal account. */
export const bindBankAccount = (body: BindBankAccountInput): Promise<BankAccount> =>
  apiRequest('bindBankAccount', { body });

export function useBindBankAccount() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: bindBankAccount, onSuccess: () => invalidate() });
}
