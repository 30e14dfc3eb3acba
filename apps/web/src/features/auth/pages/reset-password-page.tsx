import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '@/lib/error-text';
import { Link, useSearchParams } from 'react-router';
import { Button, ErrorState, Field } from '@/components';
import { useSiteInfo } from '@/features/system';
import { useResetByLink } from '../api/reset-by-link';
import { applyServerIssues } from '@/lib/form-resolver';
import { errorText } from '@/lib/error-text';
import { rulesResolver } from '@/lib/form-resolver';
import { validateResetPassword, type ResetPasswordValues } from '../lib/rules';
import { showModal } from '@/lib/auth-modals';
import '../components/auth.css';

/** /resetPassword?token=...: the emailed link's page, a new password and its confirmation. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const fieldText = useFieldErrorText('auth');
  const rules = useSiteInfo().register.fields;
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const reset = useResetByLink();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetPasswordValues>({
    defaultValues: { newPassword: '', checkPass: '' },
    resolver: rulesResolver((values: ResetPasswordValues) => validateResetPassword(values, rules)),
  });
  useEffect(() => {
    document.title = t('password.resetTitle');
  }, [t]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await reset.mutateAsync({
        token,
        newPassword: values.newPassword,
        confirmNewPassword: values.checkPass,
      });
    } catch (error) {
      const placed = applyServerIssues(error, form.setError, ['newPassword', 'checkPass'], {
        rename: { confirmNewPassword: 'checkPass' },
      });
      if (!placed) setFailure(errorText(t, error, 'auth'));
    }
  });

  return (
    <section className="auth-page" aria-labelledby="auth-reset-title">
      <h1 id="auth-reset-title" className="auth-page__title">
        {t('password.resetTitle')}
      </h1>
      {!token ? (
        <ErrorState message={t('common:errors.RESET_LINK_INVALID')} />
      ) : reset.isSuccess ? (
        <div className="auth-panel">
          <p className="auth-form__success" role="status">
            {t('password.resetDone')}
          </p>
          <Link
            to="/login"
            className="auth-page__home"
            onClick={(event) => {
              event.preventDefault();
              showModal({ kind: 'login' });
            }}
          >
            {t('password.toLogin')}
          </Link>
        </div>
      ) : (
        <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
          <Field
            labelAs="placeholder"
            label={t('fields.newPassword')}
            required
            type="password"
            autoComplete="new-password"
            error={fieldText(form.formState.errors.newPassword)}
            registration={form.register('newPassword')}
          />
          <Field
            labelAs="placeholder"
            label={t('fields.checkPass')}
            required
            type="password"
            autoComplete="new-password"
            error={fieldText(form.formState.errors.checkPass)}
            registration={form.register('checkPass')}
          />
          {failure ? (
            <p className="auth-form__failure" role="alert">
              {failure}
            </p>
          ) : null}
          <Button type="submit" block loading={reset.isPending}>
            {t('password.resetSubmit')}
          </Button>
        </form>
      )}
    </section>
  );
}
