import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '@/lib/error-text';
import { Link } from 'react-router';
import { Button, Field } from '@/components';
import { useSiteInfo } from '@/features/system';
import { ApiError } from '@/lib/api-client';
import { affiliateCheckQueryOptions } from '../api/check-affiliate';
import { useRegister } from '../api/register';
import { useRegisterMobile } from '../api/register-mobile';
import { useSendRegisterSms } from '../api/send-register-sms';
import { CaptchaField } from '../components/captcha-field';
import { CountryPicker } from '../components/country-picker';
import { MessageDialog } from '../components/message-dialog';
import { SmsCodeField } from '../components/sms-code-field';
import { CheckboxField } from '../components/checkbox-field';
import { applyServerIssues } from '@/lib/form-resolver';
import { errorText } from '@/lib/error-text';
import { rulesResolver, issuesToErrors } from '@/lib/form-resolver';
import {
  registerFieldsShown,
  validateMobileOnly,
  validateRegister,
  type ExtraFieldName,
  type RegisterContext,
  type RegisterMode,
  type RegisterValues,
} from '../lib/rules';
import { useCaptchaState } from '../lib/use-captcha';
import { useCompleteLogin } from '../lib/use-complete-login';
import { useSmsCountdown } from '../lib/use-sms-countdown';
import { closeModal, showModal } from '@/lib/auth-modals';

export interface RegisterFormProps {
  mode: RegisterMode;
  /** the invitation code from the URL, when its check passed */
  urlAffiliateCode: string | null;
  /** the affiliate field is shown (no code in the URL, or its check failed) */
  showAffiliate: boolean;
  referralCode: string | null;
  onInvalidInvitation(): void;
  /** the page shows a reset button */
  withReset?: boolean;
}

const emptyValues: RegisterValues = {
  username: '',
  password: '',
  confirmPassword: '',
  mobileNum: '',
  countryDialingCode: '',
  verificationCode: '',
  affiliateCode: '',
  captcha: '',
  agreed: true,
  ageConfirmed: false,
  payeeName: '',
  paymentPassword: '',
  email: '',
  qqNum: '',
  line: '',
  whatsapp: '',
  zalo: '',
  facebook: '',
  wechat: '',
  idNumber: '',
  recommenderId: '',
};

/** Server error codes that belong under one field. */
const fieldOfCode: Partial<Record<string, Path<RegisterValues>>> = {
  DUPLICATE_USERNAME: 'username',
  DUPLICATE_MOBILE: 'mobileNum',
  INVALID_CAPTCHA: 'captcha',
  INVALID_VERIFICATION_CODE: 'verificationCode',
  VERIFICATION_CODE_EXPIRED: 'verificationCode',
};

const extraInput: Partial<
  Record<ExtraFieldName, { type: string; autoComplete: string; inputMode?: 'tel' | 'email' | 'numeric' }>
> = {
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  paymentPassword: { type: 'password', autoComplete: 'new-password', inputMode: 'numeric' },
  payeeName: { type: 'text', autoComplete: 'name' },
  whatsapp: { type: 'tel', autoComplete: 'off', inputMode: 'tel' },
  zalo: { type: 'tel', autoComplete: 'off', inputMode: 'tel' },
  qqNum: { type: 'text', autoComplete: 'off', inputMode: 'numeric' },
};

/** One registration tab: by username, or by mobile number and SMS code (SPEC sections 2, 4, 5). */
export function RegisterForm({
  mode,
  urlAffiliateCode,
  showAffiliate,
  referralCode,
  onInvalidInvitation,
  withReset = false,
}: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const fieldText = useFieldErrorText('auth');
  const info = useSiteInfo();
  const queryClient = useQueryClient();
  const { fields: rules, captchaEnabled, minimumAge } = info.register;
  const context: RegisterContext = {
    rules,
    mode,
    captchaEnabled,
    mobilePassword: info.whitelabel.MOBILENUMPASSREG3,
    showAffiliate,
    minimumAge,
  };
  const shown = registerFieldsShown(context);
  const captcha = useCaptchaState(`register-${mode}`, captchaEnabled);
  const register = useRegister();
  const registerMobile = useRegisterMobile();
  const sendSms = useSendRegisterSms();
  const completeLogin = useCompleteLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const [smsFailure, setSmsFailure] = useState<string | null>(null);
  const countdown = useSmsCountdown((error: unknown) => setSmsFailure(errorText(t, error, 'auth')));
  const form = useForm<RegisterValues>({
    defaultValues: emptyValues,
    resolver: rulesResolver((values: RegisterValues) => validateRegister(values, context)),
  });
  const { errors } = form.formState;
  const error = (name: Path<RegisterValues>) => fieldText(errors[name as keyof RegisterValues]);
  const required = (name: keyof typeof rules) => rules[name].required;

  const shownNames: string[] = [
    ...(shown.username ? ['username'] : []),
    ...(shown.password ? ['password', 'confirmPassword'] : []),
    ...(shown.mobileNum ? ['mobileNum'] : []),
    ...(shown.verificationCode ? ['verificationCode'] : []),
    ...(shown.affiliateCode ? ['affiliateCode'] : []),
    ...(shown.captcha ? ['captcha'] : []),
    ...shown.extras,
  ];

  const sendCode = () => {
    const mobileNum = form.getValues('mobileNum').trim();
    const issue = validateMobileOnly(mobileNum, rules);
    if (issue) {
      const found = issuesToErrors<RegisterValues>([issue]).mobileNum;
      if (found) form.setError('mobileNum', found);
      return;
    }
    form.clearErrors('mobileNum');
    void countdown.trigger(() =>
      sendSms.mutateAsync({ mobileNo: mobileNum, countryDialingCode: form.getValues('countryDialingCode') }),
    );
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const text = (value: string) => value.trim() || undefined;
    const typedAffiliate = shown.affiliateCode ? text(values.affiliateCode) : undefined;
    // SPEC section 4: a given invitation code is checked first.
    if (typedAffiliate) {
      const check = await queryClient
        .fetchQuery(affiliateCheckQueryOptions(typedAffiliate, window.location.hostname))
        .catch(() => ({ valid: false }));
      if (!check.valid) {
        onInvalidInvitation();
        return;
      }
    }
    const extras: Partial<Record<ExtraFieldName, string>> = {};
    for (const name of shown.extras) extras[name] = text(values[name]);
    const common = {
      ...extras,
      affiliateCode: typedAffiliate ?? urlAffiliateCode ?? undefined,
      referralCode: referralCode ?? undefined,
      domain: window.location.hostname,
      registerUrl: window.location.href.slice(0, 2000),
      registerMethod: 'WEB' as const,
      login: true as const,
      ageConfirmed: values.ageConfirmed,
      agreed: values.agreed,
      ...(captchaEnabled ? { captchaId: captcha.captchaId, captcha: values.captcha.trim() } : {}),
    };
    try {
      const result =
        mode === 'registerMobile'
          ? await registerMobile.mutateAsync({
              ...common,
              mobileNum: values.mobileNum.trim(),
              countryDialingCode: values.countryDialingCode,
              verificationCode: values.verificationCode.trim(),
              ...(shown.password
                ? { password: values.password, confirmPassword: values.confirmPassword }
                : {}),
            })
          : await register.mutateAsync({
              ...common,
              username: values.username.trim(),
              password: values.password,
              confirmPassword: values.confirmPassword,
              ...(shown.mobileNum
                ? {
                    mobileNum: text(values.mobileNum),
                    countryDialingCode: values.countryDialingCode || undefined,
                  }
                : {}),
            });
      if (result.status !== 'ok') {
        setFailure(t('register.failed'));
        return;
      }
      completeLogin(result, { via: 'register' });
      showModal({ kind: 'registerSuccess', account: mode === 'registerMobile' ? result.user.account : null });
    } catch (caught) {
      if (captchaEnabled) {
        form.setValue('captcha', '');
        captcha.refresh();
      }
      if (caught instanceof ApiError && caught.code === 'INVALID_INVITATION_CODE') {
        onInvalidInvitation();
        return;
      }
      const field = caught instanceof ApiError ? fieldOfCode[caught.code] : undefined;
      if (field && shownNames.includes(field)) {
        form.setError(field, {
          type: 'server',
          message: `errors.${caught instanceof ApiError ? caught.code : ''}`,
        });
        return;
      }
      if (applyServerIssues(caught, form.setError, shownNames)) return;
      setFailure(errorText(t, caught, 'auth'));
    }
  });

  const dialCode = (
    <Controller
      control={form.control}
      name="countryDialingCode"
      render={({ field }) => <CountryPicker value={field.value} onChange={field.onChange} />}
    />
  );

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      {shown.username ? (
        <Field
          labelAs="placeholder"
          label={t('fields.username')}
          required
          autoComplete="username"
          maxLength={rules.username.maxLength}
          error={error('username')}
          registration={form.register('username')}
        />
      ) : null}
      {mode === 'registerMobile' ? (
        <>
          <Field
            labelAs="placeholder"
            label={t('fields.mobileNum')}
            required
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            error={error('mobileNum')}
            registration={form.register('mobileNum')}
            prefix={dialCode}
          />
          <SmsCodeField
            countdown={countdown}
            onSend={sendCode}
            error={error('verificationCode')}
            registration={form.register('verificationCode')}
          />
        </>
      ) : null}
      {shown.password ? (
        <>
          <Field
            labelAs="placeholder"
            label={t('fields.password')}
            required
            type="password"
            autoComplete="new-password"
            error={error('password')}
            registration={form.register('password')}
          />
          <Field
            labelAs="placeholder"
            label={t('fields.confirmPassword')}
            required
            type="password"
            autoComplete="new-password"
            error={error('confirmPassword')}
            registration={form.register('confirmPassword')}
          />
        </>
      ) : null}
      {mode === 'register' && shown.mobileNum ? (
        <Field
          labelAs="placeholder"
          label={t('fields.mobileNum')}
          required
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          error={error('mobileNum')}
          registration={form.register('mobileNum')}
          prefix={dialCode}
        />
      ) : null}
      {shown.extras.map((name) => (
        <Field
          labelAs="placeholder"
          key={name}
          label={t(`fields.${name}`)}
          required={name === 'paymentPassword' || required(name)}
          type={extraInput[name]?.type ?? 'text'}
          inputMode={extraInput[name]?.inputMode}
          autoComplete={extraInput[name]?.autoComplete ?? 'off'}
          error={error(name)}
          registration={form.register(name)}
        />
      ))}
      {shown.affiliateCode ? (
        <Field
          labelAs="placeholder"
          label={t('fields.affiliateCode')}
          required={required('affiliateCode')}
          autoComplete="off"
          error={error('affiliateCode')}
          registration={form.register('affiliateCode')}
        />
      ) : null}
      {shown.captcha ? (
        <CaptchaField captcha={captcha} error={error('captcha')} registration={form.register('captcha')} />
      ) : null}
      <CheckboxField error={error('ageConfirmed')} registration={form.register('ageConfirmed')}>
        {t('register.age', { age: minimumAge })}
      </CheckboxField>
      <CheckboxField error={error('agreed')} registration={form.register('agreed')}>
        {t('register.agreePrefix')}{' '}
        <Link to="/help" onClick={closeModal}>
          {t('register.agreement')}
        </Link>
      </CheckboxField>
      {failure ? (
        <p className="auth-form__failure" role="alert">
          {failure}
        </p>
      ) : null}
      <Button type="submit" block loading={register.isPending || registerMobile.isPending}>
        {t('register.submit')}
      </Button>
      {withReset ? (
        <Button variant="secondary" block onClick={() => form.reset(emptyValues)}>
          {t('register.reset')}
        </Button>
      ) : null}
      <MessageDialog
        open={smsFailure !== null}
        title={t('sms.failedTitle')}
        message={smsFailure ?? ''}
        onConfirm={() => setSmsFailure(null)}
      />
    </form>
  );
}
