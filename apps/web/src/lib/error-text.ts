import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * THE way to turn a failure into text. A failed call: the feature's own `errors.<CODE>` when it has one,
 * else common's `errors.<CODE>`, else the feature's fallback. Anything that is not an answer from the
 * server (a bug, not a refusal) shows the fallback, or common's INTERNAL text without one.
 */
export function errorText(t: TFunction, error: unknown, ns: string, fallbackKey?: string): string {
  const fallback = fallbackKey ? t(fallbackKey, { ns }) : t('errors.INTERNAL', { ns: 'common' });
  if (!(error instanceof ApiError)) return fallback;
  return t(`errors.${error.code}`, {
    ns,
    defaultValue: t(`errors.${error.code}`, { ns: 'common', defaultValue: fallback }),
  });
}

/** `errorText` bound to a feature's namespace, for components. */
export function useErrorText(ns: string, fallbackKey?: string): (error: unknown) => string {
  const { t } = useTranslation(ns);
  return useCallback((error: unknown) => errorText(t, error, ns, fallbackKey), [t, ns, fallbackKey]);
}

/** A field error as a form keeps it: an i18n key, and the params (min, max, range) it needs. */
export interface ShownError {
  key: string;
  params: Record<string, string>;
}

export function shownError(error: Pick<FieldError, 'message' | 'types'> | undefined): ShownError | null {
  if (!error || typeof error.message !== 'string' || error.message === '') return null;
  const params: Record<string, string> = {};
  if (error.types && typeof error.types === 'object') {
    for (const [name, value] of Object.entries(error.types))
      if (typeof value === 'string') params[name] = value;
  }
  return { key: error.message, params };
}

/**
 * Translates an error message key (from the contract's field rules, a form's schema or the server's
 * VALIDATION_FAILED issues) with its params, in the feature's namespace, then common's; an unknown key
 * reads "please check this field". One bound instead of a range when min equals max (patterns.X_exact).
 */
export function messageText(
  t: TFunction,
  ns: string,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const exact = params.min !== undefined && params.min === params.max;
  return t(key, {
    ...params,
    context: exact ? 'exact' : undefined,
    ns: [ns, 'common'],
    defaultValue: t('validation.invalid', { ns: [ns, 'common'] }),
  });
}

/** `messageText` bound to a feature's namespace, for a component that holds a key and its params. */
export function useMessageText(
  ns: string,
): (key: string, params?: Record<string, string | number>) => string {
  const { t } = useTranslation(ns);
  return useCallback((key, params = {}) => messageText(t, ns, key, params), [t, ns]);
}

/**
 * Translates a form field's error, whose message is an i18n key, with `messageText`. Translated at
 * render time, so a language change re-translates it. `params` adds figures the form knows (limits);
 * those the error carries (the server's own limits) win.
 */
export function useFieldErrorText(
  ns: string,
): (
  error: Pick<FieldError, 'message' | 'types'> | undefined,
  params?: Record<string, string | number>,
) => string | null {
  const { t } = useTranslation(ns);
  return useCallback(
    (fieldError, extra = {}) => {
      const error = shownError(fieldError);
      return error ? messageText(t, ns, error.key, { ...extra, ...error.params }) : null;
    },
    [t, ns],
  );
}
