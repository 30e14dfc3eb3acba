import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field } from '@/components';
import { ApiError } from '@/lib/api-client';
import { useErrorText, useFieldErrorText } from '@/lib/error-text';
import { applyServerIssues, schemaResolver } from '@/lib/form-resolver';
import { useSetPaymentPassword } from '../api/set-payment-password';
import {
  paymentPasswordFormMessages,
  paymentPasswordFormSchema,
  type PaymentPasswordFormValues,
} from './schemas';

const fieldNames = ['loginPassword', 'newPaymentPassword', 'confirmPaymentPassword'] as const;

/** Sets (or changes) the payment password; the login password proves it is the member. */
export function PaymentPasswordForm({ mode, onDone }: { mode: 'set' | 'change'; onDone(): void }) {
  const { t } = useTranslation('wallet');
  const errorText = useErrorText('wallet', 'errors.generic');
  const fieldText = useFieldErrorText('wallet');
  const save = useSetPaymentPassword();
  const id = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PaymentPasswordFormValues, unknown, PaymentPasswordFormValues>({
    defaultValues: { loginPassword: '', newPaymentPassword: '', confirmPaymentPassword: '' },
    resolver: schemaResolver(paymentPasswordFormSchema, paymentPasswordFormMessages),
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: () => onDone(),
      onError: (error) => {
        if (
          error instanceof ApiError &&
          (error.code === 'INVALID_PASSWORD' || error.code === 'INVALID_CREDENTIALS')
        ) {
          form.setError('loginPassword', { type: 'server', message: `errors.${error.code}` });
          return;
        }
        // The server holds the payment password rule; its VALIDATION_FAILED shows under the field.
        if (
          error instanceof ApiError &&
          error.code === 'VALIDATION_FAILED' &&
          applyServerIssues(error, form.setError, fieldNames, { message: 'paymentPassword.errors.invalid' })
        )
          return;
        setFormError(errorText(error));
      },
    });
  });

  const field = (name: (typeof fieldNames)[number], autoComplete: string) => (
    <Field
      label={t(`paymentPassword.${name}`)}
      type="password"
      autoComplete={autoComplete}
      error={fieldText(errors[name])}
      registration={form.register(name)}
    />
  );

  return (
    <form
      className="wallet-form wallet-card"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
    >
      <h4 id={`${id}-title`} className="wallet-card__title">
        {mode === 'set' ? t('paymentPassword.setTitle') : t('paymentPassword.changeTitle')}
      </h4>
      {mode === 'set' ? <p className="ui-field__hint">{t('paymentPassword.setHint')}</p> : null}
      {field('loginPassword', 'current-password')}
      {field('newPaymentPassword', 'new-password')}
      {field('confirmPaymentPassword', 'new-password')}
      {formError ? (
        <p className="ui-field__error" role="alert">
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
