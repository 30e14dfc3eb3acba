import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type RequestInput } from '@/lib/api-client';
import { clearStaffSession } from '@/lib/session';

/** GET /wps/admin/session: my roles, my session's end and idle minutes, whether I have a second factor. */
export function useMe() {
  return useQuery({
    queryKey: ['profile', 'me'],
    queryFn: ({ signal }) => apiRequest('adminMe', { signal }),
  });
}

/** GET /wps/admin/session/sign-ins: my recent sign-ins, this one marked. */
export function useSignIns() {
  return useQuery({
    queryKey: ['profile', 'sign-ins'],
    queryFn: ({ signal }) => apiRequest('adminSignIns', { signal }),
  });
}

/** Ends every session of mine, this one too: the tab goes back to the login. */
export function useLogoutEverywhere() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('adminLogoutEverywhere'),
    onSuccess: () => {
      clearStaffSession();
      client.clear();
    },
  });
}

/** POST /wps/admin/session/totp: a new secret, pending until a code from it confirms it. */
export function useTotpStart() {
  return useMutation({ mutationFn: () => apiRequest('adminTotpStart') });
}

export type TotpConfirmBody = NonNullable<RequestInput<'adminTotpConfirm'>['body']>;

export function useTotpConfirm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TotpConfirmBody) => apiRequest('adminTotpConfirm', { body }),
    onSuccess: (me) => client.setQueryData(['profile', 'me'], me),
  });
}
