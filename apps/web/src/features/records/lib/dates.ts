import { daysInRange, RECORDS_MAX_DAYS, RECORDS_TIME_ZONE } from '@platform/contract/client';

/**
 * The records' days are the site's days (RECORDS_TIME_ZONE, ADR 022), whatever zone the phone is set
 * to: the quick picks start from the site's today and times are shown in the site's zone, so what the
 * page shows and what the server filters are the same days.
 */

export type QuickPick = 'last7' | 'last30' | 'next7' | 'next30';
export const quickPicks: readonly QuickPick[] = ['last7', 'last30', 'next7', 'next30'];

export interface DayRange {
  /** yyyy-MM-dd, both included */
  from: string;
  to: string;
}

/** Today in the site's time zone, yyyy-MM-dd. */
export function siteToday(now: Date = new Date()): string {
  // en-CA writes dates as yyyy-MM-dd.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: RECORDS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The day `days` after (or before, when negative) a yyyy-MM-dd day. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** SPEC section 9: previous and next 7 and 30 days, today included, both ends included. */
export function quickPickRange(pick: QuickPick, today: string = siteToday()): DayRange {
  const span = (pick === 'last7' || pick === 'next7' ? 7 : 30) - 1;
  return pick.startsWith('last')
    ? { from: addDays(today, -span), to: today }
    : { from: today, to: addDays(today, span) };
}

/** Why the server would refuse a range, checked first so the page says it at once. */
export function rangeProblem(range: DayRange): 'missing' | 'order' | 'tooLong' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(range.from) || !/^\d{4}-\d{2}-\d{2}$/.test(range.to)) return 'missing';
  const days = daysInRange(range.from, range.to);
  if (days < 1) return 'order';
  return days > RECORDS_MAX_DAYS ? 'tooLong' : null;
}

/** A moment in the site's time zone, in the reader's language. */
export function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: RECORDS_TIME_ZONE,
    }).format(date);
  } catch {
    return date.toISOString();
  }
}

/** A yyyy-MM-dd day, short, in the reader's language (e.g. "25 Nov"). */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  try {
    return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      date,
    );
  } catch {
    return day;
  }
}
