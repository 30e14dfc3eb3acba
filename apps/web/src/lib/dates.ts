import { RECORDS_TIME_ZONE } from '@platform/contract/client';

/**
 * Every date and time the site shows: in the reader's language (Bengali digits in Bengali) and in the
 * site's time zone (ADR 022), whatever zone the phone is set to, so a time on a page and the site day the
 * server files it under agree. A value that is no date is shown as it came.
 *
 * Formatters are kept per language and style: a records page formats hundreds of times, and building an
 * Intl.DateTimeFormat is the slow part on a cheap phone.
 */
const styles = {
  /** 26 Nov 2026, 4:05 PM */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** 26 Nov 2026, 4:05:09 PM */
  dateTimeSeconds: { dateStyle: 'medium', timeStyle: 'medium' },
  /** 26 Nov 2026 */
  date: { dateStyle: 'medium' },
  /** 26 November 2026 */
  longDate: { dateStyle: 'long' },
  /** 4:05 PM */
  clock: { timeStyle: 'short' },
  /** 4:05:09 PM */
  clockSeconds: { timeStyle: 'medium' },
  /** 26 Nov */
  day: { day: 'numeric', month: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof styles;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(language: string | undefined, style: DateStyle): Intl.DateTimeFormat {
  const key = `${language ?? ''}|${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const options = { ...styles[style], timeZone: RECORDS_TIME_ZONE };
    try {
      formatter = new Intl.DateTimeFormat(language, options);
    } catch {
      // A language tag the browser does not know: its default language rather than no date at all.
      formatter = new Intl.DateTimeFormat(undefined, options);
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

function instantOf(at: string | number | Date): Date | null {
  const date = at instanceof Date ? at : new Date(at);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An instant (ISO text, epoch milliseconds or a Date) in the given style; the raw value if it is no date. */
export function formatInstant(
  at: string | number | Date,
  language: string | undefined,
  style: DateStyle = 'dateTime',
): string {
  const date = instantOf(at);
  return date ? formatterOf(language, style).format(date) : String(at);
}

export function formatDateTime(at: string | number | Date, language: string | undefined): string {
  return formatInstant(at, language, 'dateTime');
}

export function formatDate(at: string | number | Date, language: string | undefined): string {
  return formatInstant(at, language, 'date');
}

/** A site day written yyyy-MM-dd, short ("25 Nov"); the text as it came if it is no day. */
export function formatDay(day: string, language: string | undefined): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  // Noon UTC falls on the same calendar day in the site's zone (UTC+6).
  return formatInstant(`${day}T12:00:00Z`, language, 'day');
}

/** Whether an instant is a midnight of the site's calendar. */
function isSiteMidnight(date: Date): boolean {
  return formatterOf('en-GB', 'clockSeconds').format(date) === '00:00:00';
}

/**
 * A period from its start to its end (the end excluded, as the server gives periods): whole site days
 * read as dates ("26 Nov 2026", or "20–26 Nov 2026" for a week), anything shorter as times
 * ("26 Nov 2026, 4:00–5:00 PM").
 */
export function formatPeriod(
  start: string | number | Date,
  end: string | number | Date,
  language: string | undefined,
): string {
  const from = instantOf(start);
  const until = instantOf(end);
  if (!from || !until || until <= from) return `${String(start)} – ${String(end)}`;
  if (isSiteMidnight(from) && isSiteMidnight(until)) {
    const lastDay = new Date(until.getTime() - 1);
    return formatterOf(language, 'date').formatRange(from, lastDay);
  }
  return formatterOf(language, 'dateTime').formatRange(from, until);
}
