import { daysInRange, RECORDS_MAX_DAYS, RECORDS_TIME_ZONE } from '@platform/contract/client';
import type { DayRange } from '@/lib/site-days';

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
