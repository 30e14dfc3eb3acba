import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface ForgotByEmailInput {
  username: string;
  email: string;
}

/** POST /wps/member/password/email, form-encoded (SPEC section 7): mails a reset link. */
export const forgotByEmail = ({ username, email }: ForgotByEmailInput) =>
  apiRequest('forgotByEmail', { form: new URLSearchParams({ username, email }) });

export function useForgotByEmail() {
  return useMutation({ mutationFn: forgotByEmail });
}
