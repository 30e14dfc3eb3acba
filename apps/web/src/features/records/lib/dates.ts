import { daysInRange, RECORDS_MAX_DAYS } from '@platform/contract/client';
import type { DayRange } from '@/lib/site-days';

/** Why the server would refuse a range, checked first so the page says it at once. */
export function rangeProblem(range: DayRange): 'missing' | 'order' | 'tooLong' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(range.from) || !/^\d{4}-\d{2}-\d{2}$/.test(range.to)) return 'missing';
  const days = daysInRange(range.from, range.to);
  if (days < 1) return 'order';
  return days > RECORDS_MAX_DAYS ? 'tooLong' : null;
}
