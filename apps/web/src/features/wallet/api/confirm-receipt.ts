import type { Withdrawal } from '@platform/contract/client';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useInvalidateWallet } from './use-invalidate-wallet';

/** POST /wps/cashier/withdrawals/:id/received: the member says the paid money arrived. */
export const confirmReceipt = (id: string): Promise<Withdrawal> =>
  apiRequest('confirmReceipt', { params: { id }, body: { received: true } });

export function useConfirmReceipt() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: confirmReceipt, onSettled: () => invalidate() });
}
