import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field } from '@/components';
import { ApiError } from '@/lib/api-client';
import { useLogin } from '../api/login';
import { CaptchaField } from '../components/captcha-field';
import { CheckboxFieldPlain } from '../components/checkbox-plain';
import { errorText, useFieldErrorText } from '@/lib/error-text';
import { schemaResolver } from '@/lib/form-resolver';
import { readRememberedUsername, rememberUsername } from '../lib/remember-me';
import type { CaptchaState } from '../lib/use-captcha';
import { useCompleteLogin } from '../lib/use-complete-login';
import { loginFormMessages, loginFormSchema, type LoginFormValues } from './login-schema';
import type { LoginResult } from '@platform/contract/client';

export type VerifyChallenge = Extract<LoginResult, { status: 'verify' }>;

export interface LoginFormProps {
  captcha: CaptchaState;
  onCaptchaRequired(): void;
  onVerify(challenge: VerifyChallenge): void;
}

/** Username and password; "remember me" keeps the username (never the password) for 24 hours. */
export function LoginForm({ captcha, onCaptchaRequired, onVerify }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const fieldText = useFieldErrorText('auth');
  const [remembered] = useState(readRememberedUsername);
  const [remember, setRemember] = useState(remembered !== null);
  const [failure, setFailure] = useState<string | null>(null);
  const login = useLogin();
  const completeLogin = useCompleteLogin();
  const form = useForm<LoginFormValues, unknown, LoginFormValues>({
    defaultValues: { username: remembered ?? '', password: '', captcha: '' },
    resolver: schemaResolver(loginFormSchema(captcha.enabled), loginFormMessages),
  });
  const { errors } = form.formState;

  // The schema's output: trimmed values.
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await login.mutateAsync({
        username: values.username,
        password: values.password,
        ...(captcha.enabled ? { captchaId: captcha.captchaId, captcha: values.captcha } : {}),
      });
      rememberUsername(remember ? values.username : null);
      if (result.status === 'verify') onVerify(result);
      else completeLogin(result, { via: 'password', password: values.password });
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
        label={t('fields.username')}
        required
        autoComplete="username"
        error={fieldText(errors.username)}
        registration={form.register('username')}
      />
      <Field
        labelAs="placeholder"
        label={t('fields.password')}
        required
        type="password"
        autoComplete="current-password"
        error={fieldText(errors.password)}
        registration={form.register('password')}
      />
      {captcha.enabled ? (
        <CaptchaField
          captcha={captcha}
          error={fieldText(errors.captcha)}
          registration={form.register('captcha')}
        />
      ) : null}
      <CheckboxFieldPlain checked={remember} onChange={setRemember}>
        {t('login.remember')}
      </CheckboxFieldPlain>
      {failure ? (
        <p className="auth-form__failure" role="alert">
          {failure}
        </p>
      ) : null}
      <Button type="submit" block loading={login.isPending}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
