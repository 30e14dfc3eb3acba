import { RECORDS_TIME_ZONE } from '@platform/contract/client';

/**
 * Days are the site's days (RECORDS_TIME_ZONE, ADR 022), whatever zone the phone is set to: the server
 * filters records, transactions and reports by the site's days, so the quick picks start from the site's
 * today and what a page shows and what the server filters are the same days.
 */

/** SPEC section 9's quick picks: previous and next 7 and 30 days. */
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

/** A quick pick's days, today included, both ends included. */
export function quickPickRange(pick: QuickPick, today: string = siteToday()): DayRange {
  const span = (pick === 'last7' || pick === 'next7' ? 7 : 30) - 1;
  return pick.startsWith('last')
    ? { from: addDays(today, -span), to: today }
    : { from: today, to: addDays(today, span) };
}
