import { useMutation } from '@tanstack/react-query';
import { apiRequest, type RequestInput } from '@/lib/api-client';

export type ResetByLinkBody = NonNullable<RequestInput<'resetByLink'>['body']>;

/** POST /wps/member/password/reset: a new password with the emailed link's token. */
export const resetByLink = (body: ResetByLinkBody) => apiRequest('resetByLink', { body });

export function useResetByLink() {
  return useMutation({ mutationFn: resetByLink });
}
