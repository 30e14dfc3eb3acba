import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useInvalidateWallet } from './use-invalidate-wallet';

export interface SetPaymentPasswordInput {
  loginPassword: string;
  newPaymentPassword: string;
  confirmPaymentPassword: string;
}

/** POST /wps/cashier/payment-password: sets or changes the payment password, checked by the login password. */
export const setPaymentPassword = async (body: SetPaymentPasswordInput): Promise<void> => {
  await apiRequest('setPaymentPassword', { body });
};

export function useSetPaymentPassword() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: setPaymentPassword, onSuccess: () => invalidate() });
}
