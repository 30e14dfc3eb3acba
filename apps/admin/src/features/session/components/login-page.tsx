import { zodResolver } from '@hookform/resolvers/zod';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useAdminLogin } from '../api/admin-login';
import { useCaptcha } from '../api/captcha';
import { loginFormSchema, type LoginFormValues } from '../forms/login-schema';
import './login-page.css';

/** An empty optional field is left out of the body, not sent as "" (the contract's otp is 6 digits). */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** A field's message: an i18n key from the schema; anything else (zod's own text) is "invalid". */
const messageKey = (message: string | undefined, fallback: string) =>
  message?.startsWith('validation.') ? message : fallback;

/**
 * Staff sign-in: username and password; the 6-digit authenticator code once the server answers
 * TOTP_REQUIRED; a captcha once it says captchaRequired (after several failures). The server's
 * refusal is announced (role="alert") and focus goes to the field to fill next.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [needsOtp, setNeedsOtp] = useState(false);
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  // Production, no second factor yet: the server answered TOTP_SETUP_REQUIRED with a new secret, shown
  // once here; the next sign-in with a code from it makes it the second factor (ADR 098).
  const [setup, setSetup] = useState<{ uri: string; secret: string } | null>(null);
  const login = useAdminLogin();
  const captcha = useCaptcha(needsCaptcha, captchaRound);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const {
    register,
    handleSubmit,
    setFocus,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema({ otp: needsOtp, captcha: needsCaptcha })),
    defaultValues: { username: '', password: '' },
  });

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  useEffect(() => {
    if (captcha.data) setValue('captchaId', captcha.data.captchaId);
  }, [captcha.data, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await login.mutateAsync(values);
      // The session store re-renders the app into the shell.
    } catch (error) {
      const code = error instanceof ApiError ? error.code : null;
      const wantsCaptcha = error instanceof ApiError && error.details.captchaRequired === true;
      if (wantsCaptcha || needsCaptcha) {
        setNeedsCaptcha(true);
        setCaptchaRound((round) => round + 1);
        setValue('captcha', '');
      }
      const totpUri = error instanceof ApiError ? error.details.totpUri : undefined;
      const enrolling = code === 'TOTP_SETUP_REQUIRED' && typeof totpUri === 'string';
      if (enrolling) {
        const secret = error instanceof ApiError ? error.details.totpSecret : undefined;
        setSetup({ uri: totpUri, secret: typeof secret === 'string' ? secret : '' });
      }
      const wantsCode = code === 'TOTP_REQUIRED' || code === 'TOTP_INVALID' || enrolling;
      if (wantsCode) {
        setNeedsOtp(true);
        setValue('otp', '');
      }
      setFailure(enrolling ? t('session.setup.failure') : errorText(t, error));
      // Where to type next: the code, the captcha, or the password again.
      setTimeout(() => {
        if (wantsCode) setFocus('otp');
        else if (code === 'INVALID_CAPTCHA') setFocus('captcha');
        else if (code === 'INVALID_CREDENTIALS') setFocus('password');
      }, 0);
    }
  });

  const busy = isSubmitting || login.isPending;
  return (
    <main className="login" id="main">
      <form className="login__card page-card" onSubmit={(event) => void onSubmit(event)} noValidate>
        <p className="login__brand">{t('app.name')}</p>
        <h1 ref={headingRef} tabIndex={-1}>
          {t('login.title')}
        </h1>
        <p className="muted">{t('login.intro')}</p>
        {failure ? (
          <p className="login__failure" role="alert">
            {failure}
          </p>
        ) : null}
        <Field
          label={t('login.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username ? t(messageKey(errors.username.message, 'validation.required')) : undefined}
          {...register('username')}
        />
        <Field
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          error={errors.password ? t(messageKey(errors.password.message, 'validation.required')) : undefined}
          {...register('password')}
        />
        {setup ? (
          <div className="login__setup">
            <h2>{t('session.setup.title')}</h2>
            <p>{t('session.setup.scan')}</p>
            <div className="login__qr">
              <QRCodeSVG
                value={setup.uri}
                size={176}
                marginSize={2}
                role="img"
                aria-label={t('session.setup.qrLabel')}
              />
            </div>
            {setup.secret ? (
              <p>
                {t('session.setup.manual')} <code data-testid="totp-secret">{setup.secret}</code>
              </p>
            ) : null}
          </div>
        ) : null}
        {needsOtp ? (
          <Field
            label={t('login.otp')}
            hint={t('login.otpHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            pattern="[0-9]{6}"
            error={errors.otp ? t(messageKey(errors.otp.message, 'validation.otpDigits')) : undefined}
            {...register('otp', { setValueAs: emptyToUndefined })}
          />
        ) : null}
        {needsCaptcha ? (
          <div className="login__captcha">
            {captcha.data ? (
              <img
                src={`data:image/png;base64,${captcha.data.image}`}
                alt={t('login.captchaImage')}
                width={120}
                height={40}
              />
            ) : null}
            <Button variant="link" onClick={() => setCaptchaRound((round) => round + 1)}>
              {t('login.captchaRefresh')}
            </Button>
            <input type="hidden" {...register('captchaId', { setValueAs: emptyToUndefined })} />
            <Field
              label={t('login.captcha')}
              hint={t('login.captchaHint')}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              error={
                errors.captcha ? t(messageKey(errors.captcha.message, 'validation.required')) : undefined
              }
              {...register('captcha', { setValueAs: emptyToUndefined })}
            />
          </div>
        ) : null}
        <Button type="submit" disabled={busy} className="login__submit">
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
    </main>
  );
}
