import { useMutation } from '@tanstack/react-query';
import { apiRequest, type RequestInput } from '@/lib/api-client';

export type ChangePasswordBody = NonNullable<RequestInput<'changePassword'>['body']>;

/** POST /wps/member/password (token): old, new and confirmation. */
export const changePassword = (body: ChangePasswordBody) => apiRequest('changePassword', { body });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
