import type { Withdrawal } from '@platform/contract/client';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useInvalidateWallet } from './use-invalidate-wallet';

export interface CreateWithdrawalInput {
  bankAccountId: string;
  amount: string;
  paymentPassword: string;
  /** made once per attempt and reused on retries, so the server holds the money once at most */
  requestId: string;
}

/** POST /wps/cashier/withdrawals: asks for a payout; the amount is held until it is paid or rejected. */
export const createWithdrawal = (body: CreateWithdrawalInput): Promise<Withdrawal> =>
  apiRequest('createWithdrawal', { body });

export function useCreateWithdrawal() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: createWithdrawal, onSettled: () => invalidate() });
}
