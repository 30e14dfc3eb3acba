import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';

/**
 * A failed call's sentence with the server's code beside it, so staff can quote it: the feature's own
 * text for the codes its calls answer (players.errors.*), else the app's.
 */
export function errorWithCode(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return errorText(t, error);
  const own = `players.errors.${error.code}`;
  const text = t(own, { defaultValue: '' }) || errorText(t, error);
  return `${text} (${error.code})`;
}
