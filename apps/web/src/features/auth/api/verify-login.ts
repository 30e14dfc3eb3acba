import { useMutation } from '@tanstack/react-query';
import { apiRequest, type RequestInput } from '@/lib/api-client';

export type VerifyLoginBody = NonNullable<RequestInput<'verifyLogin'>['body']>;

/** POST /wps/session/verify: the extra proof for a login from a new address. */
export const verifyLogin = (body: VerifyLoginBody) => apiRequest('verifyLogin', { body });

export function useVerifyLogin() {
  return useMutation({ mutationFn: verifyLogin });
}
