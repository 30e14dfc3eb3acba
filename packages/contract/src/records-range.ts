/**
 * The records' plain values (no zod), for the server and the web app alike: the time zone of their days,
 * the longest range, the round statuses.
 */

/** The zone whose days the records' from/to and the profit's days are (the server's SITE_TIME_ZONE). */
export const RECORDS_TIME_ZONE = 'Asia/Dhaka';
/** The longest range one query may ask for, both days included. */
export const RECORDS_MAX_DAYS = 92;
export const roundStatuses = ['open', 'settled', 'cancelled'] as const;
export type RoundStatus = (typeof roundStatuses)[number];

const DAY_MS = 86_400_000;
/** Days from `from` to `to`, both included (both already yyyy-MM-dd). */
export const daysInRange = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
