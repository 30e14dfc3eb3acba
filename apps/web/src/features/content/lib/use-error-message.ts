import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';

/**
 * The translated text for a failed load: the shell's common `errors.<CODE>` when it has one, otherwise
 * this feature's generic message.
 */
export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation('content');
  return (error) => {
    const fallback = t('states.loadFailed');
    if (!(error instanceof ApiError)) return fallback;
    return t(`errors.${error.code}`, { ns: 'common', defaultValue: fallback });
  };
}
