import type { Withdrawal } from '@platform/contract/client';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useInvalidateWallet } from './use-invalidate-wallet';

/** The multipart field the server reads the proof image from. */
export const NOT_RECEIVED_PROOF_FIELD = 'proof';

/** POST /wps/cashier/withdrawals/:id/not-received (multipart, field `proof`): the money did not arrive. */
export const reportNotReceived = ({ id, file }: { id: string; file: File }): Promise<Withdrawal> => {
  const form = new FormData();
  form.append(NOT_RECEIVED_PROOF_FIELD, file);
  return apiRequest('reportNotReceived', { params: { id }, form });
};

export function useReportNotReceived() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: reportNotReceived, onSettled: () => invalidate() });
}
