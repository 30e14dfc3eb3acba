import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/** The translated text for a failed call: common's errors.<CODE>. */
export function errorText(t: TFunction, error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'INTERNAL';
  return t(`common:errors.${code}`);
}

/**
 * Puts the server's VALIDATION_FAILED issues under the fields they name (renamed by `rename` where the
 * form calls a field differently). Answers true when at least one landed on a shown field.
 */
export function applyServerIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  shownFields: readonly string[],
  rename: Record<string, string> = {},
): boolean {
  if (!(error instanceof ApiError) || error.issues.length === 0) return false;
  let placed = false;
  const done = new Set<string>();
  for (const issue of error.issues) {
    const path = rename[issue.path] ?? issue.path;
    if (!shownFields.includes(path) || done.has(path)) continue;
    done.add(path);
    const types: Record<string, string> = {};
    for (const [name, value] of Object.entries(issue.params ?? {})) types[name] = String(value);
    setError(path as Path<T>, { type: 'server', message: issue.message, types });
    placed = true;
  }
  return placed;
}
