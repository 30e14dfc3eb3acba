import type { Issue } from '@platform/contract/client';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver over the contract's rule engine: `validate` returns the same issues the
 * server would (message = i18n key, params = {min, max, range}). Only the FIRST issue of a field is kept;
 * its params travel in `types` so the field can translate the key itself (and again on a language change).
 */
export function issuesResolver<T extends FieldValues>(validate: (values: T) => Issue[]): Resolver<T> {
  return (values) => {
    const errors = issuesToErrors<T>(validate(values));
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

export function issuesToErrors<T extends FieldValues>(issues: Issue[]): FieldErrors<T> {
  const errors: Record<string, { type: string; message: string; types: Record<string, string> }> = {};
  for (const issue of issues) {
    if (errors[issue.path]) continue;
    const types: Record<string, string> = {};
    for (const [name, value] of Object.entries(issue.params ?? {})) types[name] = String(value);
    errors[issue.path] = { type: 'rule', message: issue.message, types };
  }
  return errors as FieldErrors<T>;
}

/** An error as the field shows it: the key and its params. */
export interface ShownError {
  key: string;
  params: Record<string, string>;
}

export function shownError(error: { message?: unknown; types?: unknown } | undefined): ShownError | null {
  if (!error || typeof error.message !== 'string' || error.message === '') return null;
  const params: Record<string, string> = {};
  if (error.types && typeof error.types === 'object') {
    for (const [name, value] of Object.entries(error.types))
      if (typeof value === 'string') params[name] = value;
  }
  return { key: error.message, params };
}
