import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';

/**
 * A failed call's sentence, with the server's code beside it so staff can quote it: the feature's own
 * text for the code when it has one (`<feature>.errors.<CODE>`, e.g. the last owner's refusal), else
 * the app's error text for it.
 */
export function featureError(t: TFunction, error: unknown, feature: string): string {
  if (!(error instanceof ApiError)) return errorText(t, error);
  const own = t(`${feature}.errors.${error.code}`, { defaultValue: '' });
  return `${own || errorText(t, error)} (${error.code})`;
}

/** The site's time zone (site days, times shown to staff). */
export const SITE_TIME_ZONE = 'Asia/Dhaka';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** An instant as the site's local date and time, in the page language's style. */
export function siteDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = language === 'bn' ? 'bn-BD' : 'en-GB';
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      timeZone: SITE_TIME_ZONE,
      dateStyle: 'medium',
      timeStyle: 'medium',
    });
    formatters.set(locale, formatter);
  }
  return formatter.format(date);
}
