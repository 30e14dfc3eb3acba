import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';

/**
 * A failed money call in words, always with the server's code in brackets, so staff can quote it:
 * the queues' own sentence for the code (a CONFLICT by the issue's path: `approver`, `hold`, `status`),
 * else the back office's general one.
 */
export function queueErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return errorText(t, error);
  const path = error.issues[0]?.path;
  const field = Array.isArray(path) ? path.join('.') : typeof path === 'string' ? path : '';
  const candidates = [
    field ? `queues.errors.${error.code}_${field}` : null,
    `queues.errors.${error.code}`,
  ].filter((key): key is string => key !== null);
  const own = candidates.map((key) => t(key, { defaultValue: '' })).find((text) => text !== '');
  const text = own ?? errorText(t, error);
  return t('queues.errorWithCode', { text, code: error.code });
}
