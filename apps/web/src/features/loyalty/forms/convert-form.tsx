import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field } from '@/components';
import { useRequireRealAccount } from '@/features/auth';
import { useCountFormat, useMoneyFormat } from '@/features/system';
import { AttemptIds } from '@/features/wallet';
import { ApiError } from '@/lib/api-client';
import { useErrorText, useFieldErrorText } from '@/lib/error-text';
import { schemaResolver } from '@/lib/form-resolver';
import { useConvertPoints } from '../api/convert-points';
import { convertFormMessages, convertFormSchema, type ConvertFormValues } from './convert-schema';

/** Points to money: the amount it makes is shown as typed; the payment password is checked by the server. */
export function ConvertForm({
  balance,
  pointsPerUnit,
  minConvert,
}: {
  balance: number;
  pointsPerUnit: number;
  minConvert: number;
}) {
  const { t } = useTranslation('loyalty');
  const count = useCountFormat();
  const money = useMoneyFormat();
  const errorText = useErrorText('loyalty', 'errors.generic');
  const fieldText = useFieldErrorText('loyalty');
  const requireReal = useRequireRealAccount();
  const convert = useConvertPoints();
  const attempts = useRef(new AttemptIds());
  const id = useId();
  const [done, setDone] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ConvertFormValues, unknown, { points: number; paymentPassword: string }>({
    defaultValues: { points: '', paymentPassword: '' },
    resolver: schemaResolver(convertFormSchema({ min: minConvert, balance }), convertFormMessages),
  });
  const { errors } = form.formState;
  const typed = Number(useWatch({ control: form.control, name: 'points' }));
  // Minor units, rounded down as the server rounds.
  const worth = Number.isInteger(typed) && typed > 0 ? BigInt(Math.floor((typed * 100) / pointsPerUnit)) : 0n;

  const onValid = (values: { points: number; paymentPassword: string }) =>
    requireReal(() => {
      setDone(null);
      setFormError(null);
      const requestId = attempts.current.idFor(String(values.points));
      convert.mutate(
        { ...values, requestId },
        {
          onSuccess: (result) => {
            attempts.current.reset();
            form.reset({ points: '', paymentPassword: '' });
            setDone(t('convert.done', { amount: money(result.amount) }));
          },
          onError: (error) => {
            if (error instanceof ApiError && error.code !== 'NETWORK') attempts.current.reset();
            if (error instanceof ApiError && error.code === 'INVALID_PAYMENT_PASSWORD') {
              form.setError('paymentPassword', {
                type: 'server',
                message: 'errors.INVALID_PAYMENT_PASSWORD',
              });
              return;
            }
            if (error instanceof ApiError && error.code === 'INSUFFICIENT_POINTS') {
              form.setError('points', { type: 'server', message: 'convert.errors.balance' });
              return;
            }
            setFormError(errorText(error));
          },
        },
      );
    });

  return (
    <form
      className="loyalty-card loyalty-form"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="loyalty-card__title">
        {t('convert.title')}
      </h3>
      <p className="loyalty-muted">
        {t('convert.ratio', { points: count(pointsPerUnit), amount: money('1.00'), min: count(minConvert) })}
      </p>
      <Field
        label={t('convert.points')}
        inputMode="numeric"
        autoComplete="off"
        error={fieldText(errors.points, { min: count(minConvert), balance: count(balance) })}
        hint={worth > 0n ? t('convert.worth', { amount: money(worth) }) : undefined}
        registration={form.register('points')}
      />
      <Field
        label={t('convert.paymentPassword')}
        type="password"
        autoComplete="off"
        error={fieldText(errors.paymentPassword)}
        registration={form.register('paymentPassword')}
      />
      {formError ? (
        <p className="ui-field__error" role="alert">
          {formError}
        </p>
      ) : null}
      {done ? (
        <p className="loyalty-done" role="status">
          {done}
        </p>
      ) : null}
      <Button type="submit" loading={convert.isPending}>
        {t('convert.submit')}
      </Button>
    </form>
  );
}
