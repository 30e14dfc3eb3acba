import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components';
import { ApiError } from '@/lib/api-client';
import { useBindBankAccount } from '../api/bind-bank-account';
import { useErrorText } from '@/lib/error-text';

type Field = 'bankName' | 'accountName' | 'accountNumber';

export interface BindBankFormProps {
  /** the registered real name: prefilled, and locked when the operator requires it */
  realName: string | null;
  requireRealName: boolean;
  onDone(bankAccountId: string | null): void;
  cancellable: boolean;
}

/** Binds a bank account for withdrawals: bank name, account name, account number (6 to 24 digits). */
export function BindBankForm({ realName, requireRealName, onDone, cancellable }: BindBankFormProps) {
  const { t } = useTranslation('wallet');
  const errorText = useErrorText('wallet', 'errors.generic');
  const bind = useBindBankAccount();
  const id = useId();
  const locked = requireRealName && !!realName;
  const [values, setValues] = useState<Record<Field, string>>({
    bankName: '',
    accountName: realName ?? '',
    accountNumber: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = {
      bankName: values.bankName.trim(),
      accountName: (locked ? (realName ?? '') : values.accountName).trim(),
      accountNumber: values.accountNumber.replace(/\s/g, ''),
    };
    const next: Partial<Record<Field, string>> = {};
    if (trimmed.bankName.length < 2 || trimmed.bankName.length > 64)
      next.bankName = t('bank.errors.length', { min: 2, max: 64 });
    if (trimmed.accountName.length < 2 || trimmed.accountName.length > 64)
      next.accountName = t('bank.errors.length', { min: 2, max: 64 });
    if (!/^\d{6,24}$/.test(trimmed.accountNumber)) next.accountNumber = t('bank.errors.accountNumber');
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    bind.mutate(trimmed, {
      onSuccess: (account) => onDone(account.id),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'PAYEE_NAME_MISMATCH') {
          setErrors({ accountName: errorText(error) });
          return;
        }
        if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.issues.length > 0) {
          const mapped: Partial<Record<Field, string>> = {};
          for (const issue of error.issues) {
            if (issue.path in values) mapped[issue.path as Field] = t('bank.errors.invalid');
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

  const field = (name: Field, extra: { inputMode?: 'numeric'; readOnly?: boolean; hint?: string } = {}) => (
    <div className="wallet-field">
      <label htmlFor={`${id}-${name}`} className="wallet-field__label">
        {t(`bank.${name}`)}
      </label>
      <input
        id={`${id}-${name}`}
        className="wallet-field__input"
        type="text"
        inputMode={extra.inputMode}
        readOnly={extra.readOnly}
        autoComplete="off"
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={
          [extra.hint ? `${id}-${name}-hint` : null, errors[name] ? `${id}-${name}-error` : null]
            .filter(Boolean)
            .join(' ') || undefined
        }
        onChange={(event) => {
          const value = event.target.value;
          setValues((previous) => ({ ...previous, [name]: value }));
          setErrors((previous) => ({ ...previous, [name]: undefined }));
        }}
      />
      {extra.hint ? (
        <p id={`${id}-${name}-hint`} className="wallet-field__hint">
          {extra.hint}
        </p>
      ) : null}
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
        {t('bank.addTitle')}
      </h4>
      {field('bankName')}
      {field('accountName', {
        readOnly: locked,
        hint: locked ? t('bank.nameLocked') : requireRealName ? t('bank.nameMustMatch') : undefined,
      })}
      {field('accountNumber', { inputMode: 'numeric' })}
      {formError ? (
        <p className="wallet-field__error" role="alert">
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
