import { useTranslation } from 'react-i18next';
import type { ShownError } from '../lib/form-resolver';

/** The first error of a field, beneath it; the input points here with aria-describedby. */
export function FieldError({ id, error }: { id: string; error: ShownError | null }) {
  const { t } = useTranslation('auth');
  if (!error) return null;
  // One bound instead of a range when min equals max: patterns.X_exact uses {{range}}.
  const exact = error.params.min !== undefined && error.params.min === error.params.max;
  return (
    <p id={id} className="auth-field__error">
      {t(error.key, {
        ...error.params,
        context: exact ? 'exact' : undefined,
        ns: ['auth', 'common'],
        defaultValue: t('validation.invalid'),
      })}
    </p>
  );
}
