import { zodResolver } from '@hookform/resolvers/zod';
import type { Issue } from '@platform/contract/client';
import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client';

/**
 * The two ways a form validates, both giving every field ONE error whose message is an i18n key (the
 * Field translates it with `useFieldErrorText`):
 * - `schemaResolver`: the contract's zod schema for the call (through @hookform/resolvers). Only form
 *   code in lazily loaded chunks may pass a schema, so zod never reaches the first load.
 * - `rulesResolver`: the server-driven field rules (registration, login), the same engine the server runs.
 */

type ErrorEntry = { type: string; message: string; types: Record<string, string> };

/** A message for a field's failed check: an i18n key, with the figures it needs. */
export type KeyedMessage = string | { key: string; params: Record<string, string | number> };

/**
 * Per field: the message for each zod issue code (too_small, too_big, invalid_format, custom, ...),
 * or `default` for any other. A `custom` issue without an entry keeps its own message, which form
 * refinements write as an i18n key.
 */
export type SchemaMessages<T> = Partial<Record<keyof T & string, Partial<Record<string, KeyedMessage>>>>;

function keyed(message: KeyedMessage): { message: string; types: Record<string, string> } {
  if (typeof message === 'string') return { message, types: {} };
  const types: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.params)) types[name] = String(value);
  return { message: message.key, types };
}

export function schemaResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  messages: SchemaMessages<z.input<S>>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  const base = zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const errors = result.errors as Record<string, { type?: unknown; message?: unknown } | undefined>;
    const mapped: Record<string, ErrorEntry> = {};
    for (const [name, error] of Object.entries(errors)) {
      if (!error) continue;
      const code = typeof error.type === 'string' ? error.type : 'custom';
      const own = messages[name as keyof z.input<S> & string];
      const chosen =
        own?.[code] ??
        (code === 'custom' && typeof error.message === 'string' ? error.message : undefined) ??
        own?.default ??
        'validation.invalid';
      mapped[name] = { type: code, ...keyed(chosen) };
    }
    return Object.keys(mapped).length > 0
      ? { values: {}, errors: mapped as unknown as FieldErrors<z.input<S>> }
      : result;
  };
}

/**
 * A resolver over the contract's field-rule engine: `validate` returns the same issues the server
 * would (message = i18n key, params = {min, max, range}). Only the FIRST issue of a field is kept; its
 * params travel in `types`, so the field translates the key itself (and again on a language change).
 */
export function rulesResolver<T extends FieldValues>(validate: (values: T) => Issue[]): Resolver<T> {
  return (values) => {
    const errors = issuesToErrors<T>(validate(values));
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

export function issuesToErrors<T extends FieldValues>(issues: Issue[]): FieldErrors<T> {
  const errors: Record<string, ErrorEntry> = {};
  for (const issue of issues) {
    if (errors[issue.path]) continue;
    const types: Record<string, string> = {};
    for (const [name, value] of Object.entries(issue.params ?? {})) types[name] = String(value);
    errors[issue.path] = { type: 'rule', message: issue.message, types };
  }
  return errors as FieldErrors<T>;
}

/**
 * Puts the server's VALIDATION_FAILED issues under the fields they name (renamed by `rename` where the
 * form calls a field differently; with `message`, one key for all instead of the server's). Answers
 * true when at least one landed on a shown field.
 */
export function applyServerIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  shownFields: readonly string[],
  options: { rename?: Record<string, string>; message?: string } = {},
): boolean {
  if (!(error instanceof ApiError) || error.issues.length === 0) return false;
  let placed = false;
  const done = new Set<string>();
  for (const issue of error.issues) {
    const path = options.rename?.[issue.path] ?? issue.path;
    if (!shownFields.includes(path) || done.has(path)) continue;
    done.add(path);
    const types: Record<string, string> = {};
    if (!options.message)
      for (const [name, value] of Object.entries(issue.params ?? {})) types[name] = String(value);
    setError(path as Path<T>, { type: 'server', message: options.message ?? issue.message, types });
    placed = true;
  }
  return placed;
}
