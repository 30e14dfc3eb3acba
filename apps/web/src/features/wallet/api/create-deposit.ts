import type { CreatedDeposit } from '@platform/contract/client';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useInvalidateWallet } from './use-invalidate-wallet';

export interface CreateDepositInput {
  channelId: string;
  /** decimal string, at most 2 decimals */
  amount: string;
  /** made once per attempt and reused on retries, so the server creates one deposit at most */
  requestId: string;
}

/** POST /wps/cashier/deposits: bank details and a reference, or a gateway page to go to. */
export const createDeposit = (body: CreateDepositInput): Promise<CreatedDeposit> =>
  apiRequest('createDeposit', { body });

export function useCreateDeposit() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: createDeposit, onSettled: () => invalidate() });
}
