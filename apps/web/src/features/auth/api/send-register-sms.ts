import { useMutation } from '@tanstack/react-query';
import { apiRequest, type RequestInput } from '@/lib/api-client';

export type SmsSendBody = NonNullable<RequestInput<'registerSms'>['body']>;

/** POST /wps/verification/sms/register: value.expiredMinutes sets the resend countdown. */
export const sendRegisterSms = (body: SmsSendBody) => apiRequest('registerSms', { body });

export function useSendRegisterSms() {
  return useMutation({ mutationFn: sendRegisterSms });
}
