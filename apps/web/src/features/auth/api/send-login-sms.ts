import { useMutation } from '@tanstack/react-query';
import { apiRequest, type RequestInput } from '@/lib/api-client';

export type SmsSendBody = NonNullable<RequestInput<'loginSms'>['body']>;

/** POST /wps/verification/sms/login: the code for an SMS login. */
export const sendLoginSms = (body: SmsSendBody) => apiRequest('loginSms', { body });

export function useSendLoginSms() {
  return useMutation({ mutationFn: sendLoginSms });
}
