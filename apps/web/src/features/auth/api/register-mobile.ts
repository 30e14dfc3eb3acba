import { useMutation } from '@tanstack/react-query';
import { apiRequest, type RequestInput } from '@/lib/api-client';

export type RegisterMobileBody = NonNullable<RequestInput<'registerMobile'>['body']>;

/** PUT /wps/member/register/mobile: a new member by mobile number and SMS code. */
export const registerMobile = (body: RegisterMobileBody) => apiRequest('registerMobile', { body });

export function useRegisterMobile() {
  return useMutation({ mutationFn: registerMobile });
}
