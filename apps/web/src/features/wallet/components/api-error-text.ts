import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';

/** A failed call's message: the wallet's own text for the code if it has one, else the shared one. */
export function useApiErrorText(): (error: unknown) => string {
  const { t } = useTranslation('wallet');
  return useCallback(
    (error: unknown) => {
      const code = error instanceof ApiError ? error.code : 'INTERNAL';
      return t(`errors.${code}`, {
        defaultValue: t(`errors.${code}`, { ns: 'common', defaultValue: t('errors.generic') }),
      });
    },
    [t],
  );
}
