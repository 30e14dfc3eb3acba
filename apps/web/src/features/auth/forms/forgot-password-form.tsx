import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '@/lib/error-text';
import { Button, Tabs, Field } from '@/components';
import { useSiteInfo } from '@/features/system';
import { ApiError } from '@/lib/api-client';
import { useForgotByEmail } from '../api/forgot-by-email';
import { useResetByPhone } from '../api/reset-by-phone';
import { useSendResetSms } from '../api/send-reset-sms';
import { CountryPicker } from '../components/country-picker';
import { MessageDialog } from '../components/message-dialog';
import { SmsCodeField } from '../components/sms-code-field';
import { applyServerIssues } from '@/lib/form-resolver';
import { errorText } from '@/lib/error-text';
import { rulesResolver, issuesToErrors } from '@/lib/form-resolver';
import {
  validateForgotEmail,
  validateForgotPhone,
  validateMobileOnly,
  type ForgotEmailValues,
  type ForgotPhoneValues,
} from '../lib/rules';
import { useCompleteLogin } from '../lib/use-complete-login';
import { useSmsCountdown } from '../lib/use-sms-countdown';

function ByEmail() {
  const { t } = useTranslation('auth');
  const fieldText = useFieldErrorText('auth');
  const rules = useSiteInfo().register.fields;
  const forgot = useForgotByEmail();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ForgotEmailValues>({
    defaultValues: { username: '', email: '' },
    resolver: rulesResolver((values: ForgotEmailValues) => validateForgotEmail(values, rules)),
  });
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await forgot.mutateAsync({ username: values.username.trim(), email: values.email.trim() });
    } catch (error) {
      if (!applyServerIssues(error, form.setError, ['username', 'email']))
        setFailure(errorText(t, error, 'auth'));
    }
  });
  if (forgot.isSuccess) {
    return (
      <p className="auth-form__success" role="status">
        {t('password.emailSent')}
      </p>
    );
  }
  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <Field
        labelAs="placeholder"
        label={t('fields.username')}
        required
        autoComplete="username"
        error={fieldText(form.formState.errors.username)}
        registration={form.register('username')}
      />
      <Field
        labelAs="placeholder"
        label={t('fields.email')}
        required
        type="email"
        inputMode="email"
        autoComplete="email"
        error={fieldText(form.formState.errors.email)}
        registration={form.register('email')}
      />
      {failure ? (
        <p className="auth-form__failure" role="alert">
          {failure}
        </p>
      ) : null}
      <Button type="submit" block loading={forgot.isPending}>
        {t('password.sendLink')}
      </Button>
    </form>
  );
}

function ByPhone() {
  const { t } = useTranslation('auth');
  const fieldText = useFieldErrorText('auth');
  const rules = useSiteInfo().register.fields;
  const reset = useResetByPhone();
  const sendSms = useSendResetSms();
  const completeLogin = useCompleteLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const [smsFailure, setSmsFailure] = useState<string | null>(null);
  const countdown = useSmsCountdown((error: unknown) => setSmsFailure(errorText(t, error, 'auth')));
  const form = useForm<ForgotPhoneValues>({
    defaultValues: {
      mobileNum: '',
      countryDialingCode: '',
      verificationCode: '',
      newPassword: '',
      checkPass: '',
    },
    resolver: rulesResolver((values: ForgotPhoneValues) => validateForgotPhone(values, rules)),
  });
  const { errors } = form.formState;

  const send = () => {
    const mobileNum = form.getValues('mobileNum').trim();
    const issue = validateMobileOnly(mobileNum, rules);
    if (issue) {
      const error = issuesToErrors<ForgotPhoneValues>([issue]).mobileNum;
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
      const result = await reset.mutateAsync({
        mobileNum: values.mobileNum.trim(),
        countryDialingCode: values.countryDialingCode,
        verificationCode: values.verificationCode.trim(),
        newPassword: values.newPassword,
        confirmNewPassword: values.checkPass,
      });
      // SPEC section 4: success logs the member in, closes the modal and goes home.
      if (result.status === 'ok') completeLogin(result, { via: 'reset', password: values.newPassword });
      else setFailure(t('verify.again'));
    } catch (error) {
      if (
        error instanceof ApiError &&
        (error.code === 'INVALID_VERIFICATION_CODE' || error.code === 'VERIFICATION_CODE_EXPIRED')
      ) {
        form.setError('verificationCode', { type: 'server', message: `errors.${error.code}` });
        return;
      }
      const placed = applyServerIssues(
        error,
        form.setError,
        ['mobileNum', 'verificationCode', 'newPassword', 'checkPass'],
        { rename: { confirmNewPassword: 'checkPass' } },
      );
      if (!placed) setFailure(errorText(t, error, 'auth'));
    }
  });

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <Field
        labelAs="placeholder"
        label={t('fields.mobileNum')}
        required
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
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
        error={fieldText(errors.verificationCode)}
        registration={form.register('verificationCode')}
      />
      <Field
        labelAs="placeholder"
        label={t('fields.newPassword')}
        required
        type="password"
        autoComplete="new-password"
        error={fieldText(errors.newPassword)}
        registration={form.register('newPassword')}
      />
      <Field
        labelAs="placeholder"
        label={t('fields.checkPass')}
        required
        type="password"
        autoComplete="new-password"
        error={fieldText(errors.checkPass)}
        registration={form.register('checkPass')}
      />
      {failure ? (
        <p className="auth-form__failure" role="alert">
          {failure}
        </p>
      ) : null}
      <Button type="submit" block loading={reset.isPending}>
        {t('password.resetSubmit')}
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

type ForgotType = 'email' | 'mobileNum';

/** Forgot password: by email, or by mobile when CHNGPASSVERIF3 is on (SPEC section 4). */
export function ForgotPasswordPanel() {
  const { t } = useTranslation('auth');
  const phoneEnabled = useSiteInfo().whitelabel.CHNGPASSVERIF3;
  const [type, setType] = useState<ForgotType>('email');
  return (
    <div className="auth-panel">
      {phoneEnabled ? (
        <Tabs
          label={t('password.forgotTypes')}
          equalWidth
          tabs={[
            { id: 'email', label: t('password.byEmail') },
            { id: 'mobileNum', label: t('password.byPhone') },
          ]}
          activeId={type}
          onChange={(id) => setType(id as ForgotType)}
        />
      ) : null}
      {type === 'mobileNum' && phoneEnabled ? <ByPhone /> : <ByEmail />}
    </div>
  );
}
