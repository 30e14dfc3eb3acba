import type { Deposit } from '@platform/contract/client';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useInvalidateWallet } from './use-invalidate-wallet';

/** The multipart field the server reads the transfer receipt from. */
export const DEPOSIT_PROOF_FIELD = 'proof';

/** POST /wps/cashier/deposits/:id/proof (multipart, field `proof`): a picture of the transfer receipt. */
export const uploadDepositProof = ({ id, file }: { id: string; file: File }): Promise<Deposit> => {
  const form = new FormData();
  form.append(DEPOSIT_PROOF_FIELD, file);
  return apiRequest('uploadDepositProof', { params: { id }, form });
};

export function useUploadDepositProof() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: uploadDepositProof, onSettled: () => invalidate() });
}
