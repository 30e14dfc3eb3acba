import { useMutation } from '@tanstack/react-query';
import { apiRequest, type RequestInput } from '@/lib/api-client';

export type LoginBody = NonNullable<RequestInput<'login'>['body']>;

/** POST /wps/session/login: username and password. */
export const login = (body: LoginBody) => apiRequest('login', { body });

export function useLogin() {
  return useMutation({ mutationFn: login });
}
