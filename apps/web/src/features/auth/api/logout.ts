import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** DELETE /wps/session/logout (token): the server forgets the session. */
export const logout = () => apiRequest('logout');

export function useLogoutMutation() {
  return useMutation({ mutationFn: logout });
}
