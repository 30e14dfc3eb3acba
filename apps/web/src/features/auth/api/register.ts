import { useMutation } from '@tanstack/react-query';
import { apiRequest, type RequestInput } from '@/lib/api-client';

export type RegisterBody = NonNullable<RequestInput<'register'>['body']>;

/** PUT /wps/member/register: a new member by username, logged in at once. */
export const register = (body: RegisterBody) => apiRequest('register', { body });

export function useRegister() {
  return useMutation({ mutationFn: register });
}
