/** Site days are Asia/Dhaka's (ADR 096): "today" is the site's day, whatever the browser's zone. */
export const SITE_TIME_ZONE = 'Asia/Dhaka';

export type PeriodId = 'today' | 'yesterday' | 'week' | 'month' | 'range';
export const presetPeriods = ['today', 'yesterday', 'week', 'month'] as const;

/** yyyy-MM-dd of an instant in the site's time zone. */
export function siteDay(now: Date): string {
  // en-CA writes dates as yyyy-MM-dd
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: SITE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const date = toDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return toDay(date);
}

/**
 * A preset's range of site days, both ends included: today; yesterday; this week from Monday (ISO) to
 * today; this month from its first day to today. The server compares each with the period of the same
 * length just before it.
 */
export function presetRange(period: (typeof presetPeriods)[number], now: Date): { from: string; to: string } {
  const today = siteDay(now);
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'week': {
      const weekday = (toDate(today).getUTCDay() + 6) % 7; // Monday 0
      return { from: addDays(today, -weekday), to: today };
    }
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}
