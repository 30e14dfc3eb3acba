import { useMutation } from '@tanstack/react-query';
import { apiRequest, type RequestInput } from '@/lib/api-client';

export type ResetByPhoneBody = NonNullable<RequestInput<'resetByPhone'>['body']>;

/** POST /wps/member/password/verification: new password by SMS code; logs the member in. */
export const resetByPhone = (body: ResetByPhoneBody) => apiRequest('resetByPhone', { body });

export function useResetByPhone() {
  return useMutation({ mutationFn: resetByPhone });
}
