import { SITE_UTC_OFFSET_MINUTES } from '../wallet/index.js';

/**
 * A game's periods: draws every `intervalSeconds`, aligned to the site's midnight (every interval the
 * engine offers divides a day), betting closing `cutoffSeconds` before each draw. A period is named by
 * its site day and its number in that day: 20261123-0481 is the 481st draw of 23 November 2026.
 */
export interface PeriodTimes {
  periodNo: string;
  opensAt: Date;
  cutoffAt: Date;
  drawAt: Date;
}

export interface ScheduleOf {
  intervalSeconds: number;
  cutoffSeconds: number;
  /**
   * periods aligned this many seconds after the site's midnight instead of at it (the daily VN draws,
   * ADR 060); such a period is named by the site day it draws on
   */
  drawOffsetSeconds?: number;
}

const OFFSET_MS = SITE_UTC_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** The period that is open for betting or drawing at `at` (opensAt <= at < drawAt). */
export function periodAt(game: ScheduleOf, at: Date): PeriodTimes {
  const intervalMs = game.intervalSeconds * 1000;
  const shiftMs = (game.drawOffsetSeconds ?? 0) * 1000;
  const local = at.getTime() + OFFSET_MS - shiftMs;
  const opensLocal = Math.floor(local / intervalMs) * intervalMs + shiftMs;
  return periodFromLocalStart(game, opensLocal);
}

/** The period after the given one. */
export function nextPeriod(game: ScheduleOf, period: PeriodTimes): PeriodTimes {
  return periodAt(game, period.drawAt);
}

function periodFromLocalStart(game: ScheduleOf, opensLocal: number): PeriodTimes {
  const intervalMs = game.intervalSeconds * 1000;
  // An aligned period is named as if it opened at the midnight after its offset: a daily draw by its day.
  const naming = opensLocal + ((intervalMs - (game.drawOffsetSeconds ?? 0) * 1000) % intervalMs);
  const dayStart = Math.floor(naming / DAY_MS) * DAY_MS;
  const sequence = Math.floor((naming - dayStart) / intervalMs) + 1;
  const day = new Date(dayStart).toISOString().slice(0, 10).replaceAll('-', '');
  const opensAt = new Date(opensLocal - OFFSET_MS);
  const drawAt = new Date(opensAt.getTime() + intervalMs);
  return {
    periodNo: `${day}-${String(sequence).padStart(4, '0')}`,
    opensAt,
    cutoffAt: new Date(drawAt.getTime() - game.cutoffSeconds * 1000),
    drawAt,
  };
}
