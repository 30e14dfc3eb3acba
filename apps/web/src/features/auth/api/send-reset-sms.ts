import { useMutation } from '@tanstack/react-query';
import { apiRequest, type RequestInput } from '@/lib/api-client';

export type SmsSendBody = NonNullable<RequestInput<'resetSms'>['body']>;

/** POST /wps/verification/sms/password: the code for a password reset by phone. */
export const sendResetSms = (body: SmsSendBody) => apiRequest('resetSms', { body });

export function useSendResetSms() {
  return useMutation({ mutationFn: sendResetSms });
}
