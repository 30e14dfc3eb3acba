import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { SmsCountdown } from '../lib/use-sms-countdown';
import { Field } from '@/components';

export interface SmsCodeFieldProps {
  countdown: SmsCountdown;
  onSend(): void;
  error: string | null;
  registration: UseFormRegisterReturn;
  label?: string;
}

/** The SMS code with its send button: disabled with the seconds left while a countdown runs. */
export function SmsCodeField({ countdown, onSend, error, registration, label }: SmsCodeFieldProps) {
  const { t } = useTranslation('auth');
  const counting = countdown.secondsLeft > 0;
  return (
    <Field
      labelAs="placeholder"
      label={label ?? t('fields.verificationCode')}
      required
      error={error}
      registration={registration}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={255}
      addon={
        <button
          type="button"
          className="auth-send-code"
          disabled={counting || countdown.sending}
          aria-busy={countdown.sending || undefined}
          onClick={onSend}
        >
          {counting ? t('sms.resendIn', { seconds: countdown.secondsLeft }) : t('sms.send')}
        </button>
      }
    />
  );
}
