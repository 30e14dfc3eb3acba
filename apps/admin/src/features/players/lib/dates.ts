/** The site's time zone: site days (the dashboard, the 360's times) are Asia/Dhaka's. */
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
