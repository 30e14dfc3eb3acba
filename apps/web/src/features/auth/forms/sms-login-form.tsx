import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '@/lib/error-text';
import { Button, Field } from '@/components';
import { useSiteInfo } from '@/features/system';
import { ApiError } from '@/lib/api-client';
import { useLoginV2 } from '../api/login-v2';
import { useSendLoginSms } from '../api/send-login-sms';
import { CaptchaField } from '../components/captcha-field';
import { CountryPicker } from '../components/country-picker';
import { MessageDialog } from '../components/message-dialog';
import { SmsCodeField } from '../components/sms-code-field';
import { errorText } from '@/lib/error-text';
import { rulesResolver, issuesToErrors } from '@/lib/form-resolver';
import { validateMobileOnly, validateSmsLogin, type SmsLoginValues } from '../lib/rules';
import type { CaptchaState } from '../lib/use-captcha';
import { useCompleteLogin } from '../lib/use-complete-login';
import { useSmsCountdown } from '../lib/use-sms-countdown';
import type { VerifyChallenge } from './login-form';

export interface SmsLoginFormProps {
  captcha: CaptchaState;
  onCaptchaRequired(): void;
  onVerify(challenge: VerifyChallenge): void;
}

/** Login by SMS code (MOBILEVERCODELOGIN3): the countdown is the code's minutes times 60 s. */
export function SmsLoginForm({ captcha, onCaptchaRequired, onVerify }: SmsLoginFormProps) {
  const { t } = useTranslation('auth');
  const fieldText = useFieldErrorText('auth');
  const rules = useSiteInfo().register.fields;
  const [failure, setFailure] = useState<string | null>(null);
  const [smsFailure, setSmsFailure] = useState<string | null>(null);
  const sendSms = useSendLoginSms();
  const loginV2 = useLoginV2();
  const completeLogin = useCompleteLogin();
  const countdown = useSmsCountdown((error: unknown) => setSmsFailure(errorText(t, error, 'auth')));
  const form = useForm<SmsLoginValues>({
    defaultValues: { mobileNum: '', countryDialingCode: '', code: '', captcha: '' },
    resolver: rulesResolver((values: SmsLoginValues) => validateSmsLogin(values, rules, captcha.enabled)),
  });
  const { errors } = form.formState;

  const send = () => {
    const mobileNum = form.getValues('mobileNum').trim();
    const issue = validateMobileOnly(mobileNum, rules);
    if (issue) {
      const error = issuesToErrors<SmsLoginValues>([issue]).mobileNum;
      if (error) form.setError('mobileNum', error);
      return;
    }
    form.clearErrors('mobileNum');
    void countdown.trigger(() =>
      sendSms.mutateAsync({ mobileNo: mobileNum, countryDialingCode: form.getValues('countryDialingCode') }),
    );
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await loginV2.mutateAsync({
        type: 'sms',
        mobileNum: values.mobileNum.trim(),
        countryDialingCode: values.countryDialingCode,
        code: values.code.trim(),
        ...(captcha.enabled ? { captchaId: captcha.captchaId, captcha: values.captcha.trim() } : {}),
      });
      if (result.status === 'verify') onVerify(result);
      else completeLogin(result, { via: 'sms' });
    } catch (error) {
      setFailure(errorText(t, error, 'auth'));
      form.setValue('captcha', '');
      if (error instanceof ApiError && error.details.captchaRequired === true) onCaptchaRequired();
      if (captcha.enabled) captcha.refresh();
    }
  });

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <Field
        labelAs="placeholder"
        label={t('fields.mobileNum')}
        required
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        error={fieldText(errors.mobileNum)}
        registration={form.register('mobileNum')}
        prefix={
          <Controller
            control={form.control}
            name="countryDialingCode"
            render={({ field }) => <CountryPicker value={field.value} onChange={field.onChange} />}
          />
        }
      />
      <SmsCodeField
        countdown={countdown}
        onSend={send}
        error={fieldText(errors.code)}
        registration={form.register('code')}
      />
      {captcha.enabled ? (
        <CaptchaField
          captcha={captcha}
          error={fieldText(errors.captcha)}
          registration={form.register('captcha')}
        />
      ) : null}
      {failure ? (
        <p className="auth-form__failure" role="alert">
          {failure}
        </p>
      ) : null}
      <Button type="submit" block loading={loginV2.isPending}>
        {t('login.submit')}
      </Button>
      <MessageDialog
        open={smsFailure !== null}
        title={t('sms.failedTitle')}
        message={smsFailure ?? ''}
        onConfirm={() => setSmsFailure(null)}
      />
    </form>
  );
}
