/** A mission's or a leaderboard's period in site days (yyyy-MM-dd, inclusive) and as instants. */
export interface SitePeriod {
  /** the site day, the week's Monday, or "once" */
  key: string;
  fromDay: string;
  toDay: string;
  start: Date;
  /** exclusive; null for a one-off mission, which never ends */
  end: Date | null;
}

const DAY_MS = 86_400_000;

/** The site's days (wallet/site-time), handed in so this file stays pure. */
export interface SiteDays {
  dayStart(day: string): Date;
  dayOf(at: Date): string;
}

export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The Monday of a site day's week. */
export function mondayOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * The period `kind` is in on the site day `today`. Site days come from the wallet's site time (ADR 046
 * counts turnover in them), handed in as functions so this stays pure.
 */
export function periodOf(
  kind: 'daily' | 'weekly' | 'once',
  today: string,
  site: SiteDays,
  onceFrom?: Date,
): SitePeriod {
  if (kind === 'daily') {
    const start = site.dayStart(today);
    return { key: today, fromDay: today, toDay: today, start, end: new Date(start.getTime() + DAY_MS) };
  }
  if (kind === 'weekly') {
    const monday = mondayOf(today);
    const start = site.dayStart(monday);
    return {
      key: monday,
      fromDay: monday,
      toDay: addDays(monday, 6),
      start,
      end: new Date(start.getTime() + 7 * DAY_MS),
    };
  }
  // A one-off mission counts play from the day it was created.
  const start = onceFrom ?? site.dayStart(today);
  return { key: 'once', fromDay: site.dayOf(start), toDay: today, start, end: null };
}

/** The period before `period` of the same kind (leaderboards settle the ones that ended). */
export function previousPeriod(kind: 'daily' | 'weekly', period: SitePeriod, site: SiteDays): SitePeriod {
  return periodOf(kind, addDays(period.fromDay, -1), site);
}
