import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components';
import { ApiError } from '@/lib/api-client';
import { useSetPaymentPassword } from '../api/set-payment-password';
import { useErrorText } from '@/lib/error-text';

type Field = 'loginPassword' | 'newPaymentPassword' | 'confirmPaymentPassword';

/** Sets (or changes) the payment password; the login password proves it is the member. */
export function PaymentPasswordForm({ mode, onDone }: { mode: 'set' | 'change'; onDone(): void }) {
  const { t } = useTranslation('wallet');
  const errorText = useErrorText('wallet', 'errors.generic');
  const save = useSetPaymentPassword();
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    loginPassword: '',
    newPaymentPassword: '',
    confirmPaymentPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    if (!values.loginPassword) next.loginPassword = t('paymentPassword.errors.required');
    // The server holds the payment password rule; it answers VALIDATION_FAILED, shown under the field.
    if (!values.newPaymentPassword) next.newPaymentPassword = t('paymentPassword.errors.required');
    if (values.confirmPaymentPassword !== values.newPaymentPassword)
      next.confirmPaymentPassword = t('paymentPassword.errors.mismatch');
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    save.mutate(values, {
      onSuccess: () => onDone(),
      onError: (error) => {
        if (
          error instanceof ApiError &&
          (error.code === 'INVALID_PASSWORD' || error.code === 'INVALID_CREDENTIALS')
        ) {
          setErrors({ loginPassword: errorText(error) });
          return;
        }
        if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.issues.length > 0) {
          const mapped: Partial<Record<Field, string>> = {};
          for (const issue of error.issues) {
            if (issue.path in values) mapped[issue.path as Field] = t('paymentPassword.errors.invalid');
          }
          if (Object.keys(mapped).length > 0) {
            setErrors(mapped);
            return;
          }
        }
        setFormError(errorText(error));
      },
    });
  };

  const field = (name: Field, autoComplete: string) => (
    <div className="wallet-field">
      <label htmlFor={`${id}-${name}`} className="wallet-field__label">
        {t(`paymentPassword.${name}`)}
      </label>
      <input
        id={`${id}-${name}`}
        className="wallet-field__input"
        type="password"
        autoComplete={autoComplete}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => {
          const value = event.target.value;
          setValues((previous) => ({ ...previous, [name]: value }));
          setErrors((previous) => ({ ...previous, [name]: undefined }));
        }}
      />
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="wallet-field__error" role="alert">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form className="wallet-form wallet-card" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="wallet-card__title">
        {mode === 'set' ? t('paymentPassword.setTitle') : t('paymentPassword.changeTitle')}
      </h4>
      {mode === 'set' ? <p className="wallet-field__hint">{t('paymentPassword.setHint')}</p> : null}
      {field('loginPassword', 'current-password')}
      {field('newPaymentPassword', 'new-password')}
      {field('confirmPaymentPassword', 'new-password')}
      {formError ? (
        <p className="wallet-field__error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="wallet-actions">
        <Button type="submit" loading={save.isPending}>
          {t('paymentPassword.save')}
        </Button>
        {mode === 'change' ? (
          <Button variant="ghost" onClick={onDone}>
            {t('confirm.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
