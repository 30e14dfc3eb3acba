/**
 * The site's time zone for day boundaries in records (from/to dates). One deployment serves one market;
 * this one is Bangladesh (Asia/Dhaka, UTC+6, no daylight saving), so a fixed offset is exact.
 * When a deployment needs another zone this becomes a setting.
 */
export const SITE_TIME_ZONE = 'Asia/Dhaka';
export const SITE_UTC_OFFSET_MINUTES = 6 * 60;

const DAY_MS = 86_400_000;

/** The instant a site-local day (yyyy-MM-dd, already validated) begins. */
export function siteDayStart(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day) - SITE_UTC_OFFSET_MINUTES * 60_000);
}

/** The instant after a site-local day ends (exclusive bound). */
export function siteDayEnd(date: string): Date {
  return new Date(siteDayStart(date).getTime() + DAY_MS);
}
