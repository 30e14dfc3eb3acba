import type { AgentCycle } from '@platform/contract';
import { SITE_UTC_OFFSET_MINUTES } from '../wallet/index.js';

/**
 * Contract periods (SPEC section 9: daily, weekly, semimonthly on the 1st and 16th, monthly; salaries
 * hourly and every 5 minutes) in the site's time zone. Pure: no clock, no database.
 */
export interface ContractPeriod {
  /** unique per contract: the period's start as an ISO instant */
  key: string;
  start: Date;
  end: Date;
  /** the site days the period covers, inclusive (yyyy-MM-dd) */
  fromDay: string;
  toDay: string;
}

const OFFSET_MS = SITE_UTC_OFFSET_MINUTES * 60_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The site-local calendar fields of an instant (a fixed offset: exact for the site's zone). */
const local = (at: Date) => new Date(at.getTime() + OFFSET_MS);
/** The instant of a site-local wall time. */
const instantOf = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  new Date(Date.UTC(year, month, day, hour, minute) - OFFSET_MS);
const dayOf = (at: Date) => local(at).toISOString().slice(0, 10);

/** The start of the period of `cycle` that contains `at`. */
export function periodStart(cycle: AgentCycle, at: Date): Date {
  const l = local(at);
  const [y, m, d, h] = [l.getUTCFullYear(), l.getUTCMonth(), l.getUTCDate(), l.getUTCHours()];
  switch (cycle) {
    case 'five_minutes':
      return new Date(Math.floor(at.getTime() / (5 * MINUTE)) * 5 * MINUTE);
    case 'hourly':
      return instantOf(y, m, d, h);
    case 'daily':
      return instantOf(y, m, d);
    case 'weekly':
      // Weeks start on Monday (getUTCDay: 0 Sunday).
      return instantOf(y, m, d - ((l.getUTCDay() + 6) % 7));
    case 'semimonthly':
      return instantOf(y, m, d >= 16 ? 16 : 1);
    case 'monthly':
      return instantOf(y, m, 1);
  }
}

/** The period of `cycle` that starts at `start` (a period start). */
export function periodFrom(cycle: AgentCycle, start: Date): ContractPeriod {
  const l = local(start);
  const [y, m, d] = [l.getUTCFullYear(), l.getUTCMonth(), l.getUTCDate()];
  let end: Date;
  switch (cycle) {
    case 'five_minutes':
      end = new Date(start.getTime() + 5 * MINUTE);
      break;
    case 'hourly':
      end = new Date(start.getTime() + HOUR);
      break;
    case 'daily':
      end = new Date(start.getTime() + DAY);
      break;
    case 'weekly':
      end = new Date(start.getTime() + 7 * DAY);
      break;
    case 'semimonthly':
      end = d >= 16 ? instantOf(y, m + 1, 1) : instantOf(y, m, 16);
      break;
    case 'monthly':
      end = instantOf(y, m + 1, 1);
      break;
  }
  return {
    key: start.toISOString(),
    start,
    end,
    fromDay: dayOf(start),
    toDay: dayOf(new Date(end.getTime() - 1)),
  };
}

export const periodContaining = (cycle: AgentCycle, at: Date): ContractPeriod =>
  periodFrom(cycle, periodStart(cycle, at));

/** The first whole period that starts at or after `at` (an accepted contract applies from it). */
export function nextWholePeriodStart(cycle: AgentCycle, at: Date): Date {
  const start = periodStart(cycle, at);
  return start.getTime() === at.getTime() ? start : periodFrom(cycle, start).end;
}

/** Periods that start at or after `from` and ended by `until`, oldest first, at most `limit`. */
export function periodsBetween(cycle: AgentCycle, from: Date, until: Date, limit: number): ContractPeriod[] {
  const periods: ContractPeriod[] = [];
  let period = periodFrom(cycle, nextWholePeriodStart(cycle, from));
  while (period.end.getTime() <= until.getTime() && periods.length < limit) {
    periods.push(period);
    period = periodFrom(cycle, period.end);
  }
  return periods;
}
