import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field } from '@/components';
import { ApiError } from '@/lib/api-client';
import { useErrorText, useFieldErrorText } from '@/lib/error-text';
import { applyServerIssues, schemaResolver } from '@/lib/form-resolver';
import { useBindBankAccount } from '../api/bind-bank-account';
import { bankFormMessages, bankFormSchema, type BankFormValues } from './schemas';

export interface BindBankFormProps {
  /** the registered real name: prefilled, and locked when the operator requires it */
  realName: string | null;
  requireRealName: boolean;
  onDone(bankAccountId: string | null): void;
  cancellable: boolean;
}

const fieldNames = ['bankName', 'accountName', 'accountNumber'] as const;

/** Binds a bank account for withdrawals: bank name, account name, account number (6 to 24 digits). */
export function BindBankForm({ realName, requireRealName, onDone, cancellable }: BindBankFormProps) {
  const { t } = useTranslation('wallet');
  const errorText = useErrorText('wallet', 'errors.generic');
  const fieldText = useFieldErrorText('wallet');
  const bind = useBindBankAccount();
  const id = useId();
  const locked = requireRealName && !!realName;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<BankFormValues, unknown, BankFormValues>({
    defaultValues: { bankName: '', accountName: realName ?? '', accountNumber: '' },
    resolver: schemaResolver(bankFormSchema, bankFormMessages),
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    const body = { ...values, accountName: locked ? (realName ?? '').trim() : values.accountName };
    bind.mutate(body, {
      onSuccess: (account) => onDone(account.id),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'PAYEE_NAME_MISMATCH') {
          form.setError('accountName', { type: 'server', message: `errors.${error.code}` });
          return;
        }
        if (
          error instanceof ApiError &&
          error.code === 'VALIDATION_FAILED' &&
          applyServerIssues(error, form.setError, fieldNames, { message: 'bank.errors.invalid' })
        )
          return;
        setFormError(errorText(error));
      },
    });
  });

  return (
    <form
      className="wallet-form wallet-card"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
    >
      <h4 id={`${id}-title`} className="wallet-card__title">
        {t('bank.addTitle')}
      </h4>
      <Field
        label={t('bank.bankName')}
        autoComplete="off"
        error={fieldText(errors.bankName)}
        registration={form.register('bankName')}
      />
      <Field
        label={t('bank.accountName')}
        autoComplete="off"
        readOnly={locked}
        hint={locked ? t('bank.nameLocked') : requireRealName ? t('bank.nameMustMatch') : undefined}
        error={fieldText(errors.accountName)}
        registration={form.register('accountName')}
      />
      <Field
        label={t('bank.accountNumber')}
        autoComplete="off"
        inputMode="numeric"
        error={fieldText(errors.accountNumber)}
        registration={form.register('accountNumber')}
      />
      {formError ? (
        <p className="ui-field__error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="wallet-actions">
        <Button type="submit" loading={bind.isPending}>
          {t('bank.save')}
        </Button>
        {cancellable ? (
          <Button variant="ghost" onClick={() => onDone(null)}>
            {t('confirm.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
