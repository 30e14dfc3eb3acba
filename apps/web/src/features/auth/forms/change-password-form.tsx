import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '@/lib/error-text';
import { Button, Field } from '@/components';
import { useSiteInfo } from '@/features/system';
import { ApiError } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';
import { applyServerIssues } from '@/lib/form-resolver';
import { errorText } from '@/lib/error-text';
import { rulesResolver } from '@/lib/form-resolver';
import { validateChangePassword, type ChangePasswordValues } from '../lib/rules';

export interface ChangePasswordFormProps {
  /** known from the login just made (memory only): the field is skipped */
  oldPassword?: string;
  onDone(): void;
}

/** Old (unless known), new by the password rule, and its confirmation (error under checkPass). */
export function ChangePasswordForm({ oldPassword, onDone }: ChangePasswordFormProps) {
  const { t } = useTranslation('auth');
  const fieldText = useFieldErrorText('auth');
  const rules = useSiteInfo().register.fields;
  const oldKnown = !!oldPassword;
  const change = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ChangePasswordValues>({
    defaultValues: { oldPassword: '', newPassword: '', checkPass: '' },
    resolver: rulesResolver((values: ChangePasswordValues) =>
      validateChangePassword(values, rules, oldKnown),
    ),
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await change.mutateAsync({
        oldPassword: oldPassword ?? values.oldPassword,
        newPassword: values.newPassword,
        confirmNewPassword: values.checkPass,
      });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_PASSWORD' && !oldKnown) {
        form.setError('oldPassword', { type: 'server', message: 'errors.INVALID_PASSWORD' });
        return;
      }
      const shown = ['newPassword', 'checkPass', ...(oldKnown ? [] : ['oldPassword'])];
      const placed = applyServerIssues(error, form.setError, shown, {
        rename: { confirmNewPassword: 'checkPass', password: 'newPassword' },
      });
      if (!placed) setFailure(errorText(t, error, 'auth'));
    }
  });

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      {oldKnown ? null : (
        <Field
          labelAs="placeholder"
          label={t('fields.oldPassword')}
          required
          type="password"
          autoComplete="current-password"
          error={fieldText(errors.oldPassword)}
          registration={form.register('oldPassword')}
        />
      )}
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
      <Button type="submit" block loading={change.isPending}>
        {t('password.changeSubmit')}
      </Button>
    </form>
  );
}
