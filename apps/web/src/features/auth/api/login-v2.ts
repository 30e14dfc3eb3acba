import { useMutation } from '@tanstack/react-query';
import { apiRequest, type RequestInput } from '@/lib/api-client';

export type LoginV2Body = NonNullable<RequestInput<'loginV2'>['body']>;

/** POST /wps/session/loginV2: login by username or by SMS code. */
export const loginV2 = (body: LoginV2Body) => apiRequest('loginV2', { body });

export function useLoginV2() {
  return useMutation({ mutationFn: loginV2 });
}
