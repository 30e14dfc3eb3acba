import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';

/** The sentence for a failed call: its code's text in the admin namespace, else the general one. */
export function errorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.default');
  if (error.code === 'FORBIDDEN' && error.details.disabled === true) return t('errors.DISABLED');
  if (error.code === 'ACCOUNT_LOCKED') {
    const seconds = Number(error.details.retryAfterSeconds ?? 60);
    return t('errors.ACCOUNT_LOCKED', { minutes: Math.max(1, Math.ceil(seconds / 60)) });
  }
  const key = `errors.${error.code}`;
  return t(key, { defaultValue: t('errors.default') });
}
