import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';

/** A failed call's sentence with the server's code beside it, so staff can quote it. */
export function errorWithCode(t: TFunction, error: unknown): string {
  const text = errorText(t, error);
  return error instanceof ApiError ? `${text} (${error.code})` : text;
}
