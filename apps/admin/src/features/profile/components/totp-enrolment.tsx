import { zodResolver } from '@hookform/resolvers/zod';
import { QRCodeSVG } from 'qrcode.react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { useTotpConfirm, useTotpStart } from '../api/profile';
import { totpFormSchema, type TotpFormValues } from '../forms/totp-schema';
import { featureError } from '../lib/common';

/**
 * Two-factor enrolment: a new secret, shown once as a QR code and as text for manual entry, then the
 * first code from the authenticator app makes it the second factor. The secret lives only in this
 * component's state: leaving the page forgets it (a new start makes another).
 */
export function TotpEnrolment() {
  const { t } = useTranslation();
  const start = useTotpStart();
  const confirm = useTotpConfirm();
  const [failure, setFailure] = useState<string | null>(null);
  const codeHeading = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TotpFormValues>({ resolver: zodResolver(totpFormSchema), defaultValues: { otp: '' } });

  const begin = async () => {
    setFailure(null);
    try {
      await start.mutateAsync();
      setTimeout(() => codeHeading.current?.focus(), 0);
    } catch (error) {
      setFailure(featureError(t, error, 'profile'));
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await confirm.mutateAsync(values);
    } catch (error) {
      setFailure(featureError(t, error, 'profile'));
    }
  });

  const enrolment = start.data;
  return (
    <div>
      {failure ? (
        <p role="alert" className="profile-failure">
          {failure}
        </p>
      ) : null}
      {!enrolment ? (
        <>
          <p>{t('profile.totp.off')}</p>
          <Button onClick={() => void begin()} disabled={start.isPending}>
            {t('profile.totp.start')}
          </Button>
        </>
      ) : (
        <div className="profile-totp">
          <h3 ref={codeHeading} tabIndex={-1}>
            {t('profile.totp.scanTitle')}
          </h3>
          <p>{t('profile.totp.scan')}</p>
          <div className="profile-totp__qr">
            <QRCodeSVG
              value={enrolment.uri}
              size={192}
              marginSize={2}
              role="img"
              aria-label={t('profile.totp.qrLabel')}
            />
          </div>
          <p>{t('profile.totp.manual')}</p>
          <p>
            <code className="profile-totp__secret" data-testid="totp-secret">
              {enrolment.secret}
            </code>
          </p>
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="profile-totp__form">
            <Field
              label={t('profile.totp.code')}
              hint={t('profile.totp.codeHint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              error={errors.otp ? t('profile.totp.codeInvalid') : undefined}
              {...register('otp')}
            />
            <Button type="submit" disabled={isSubmitting || confirm.isPending}>
              {t('profile.totp.confirm')}
            </Button>
          </form>
        </div>
      )}
    </div>
  );
}
