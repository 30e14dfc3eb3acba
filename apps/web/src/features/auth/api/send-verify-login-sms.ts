import { useMutation } from '@tanstack/react-query';
import { apiRequest, type RequestInput } from '@/lib/api-client';

export type VerifyLoginSmsBody = NonNullable<RequestInput<'verifyLoginSms'>['body']>;

/** POST /wps/session/verify/sms: sends the new-address code to the member's mobile. */
export const sendVerifyLoginSms = (body: VerifyLoginSmsBody) => apiRequest('verifyLoginSms', { body });

export function useSendVerifyLoginSms() {
  return useMutation({ mutationFn: sendVerifyLoginSms });
}
