/** yyyy-MM-dd of a day in the reader's time zone. */
export function isoDay(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export type QuickPick = 'last7' | 'last30' | 'next7' | 'next30';
export const quickPicks: readonly QuickPick[] = ['last7', 'last30', 'next7', 'next30'];

/**
 * SPEC section 9: previous and next 7 and 30 days. Both ends inclusive and today included, so "last 7
 * days" is today and the 6 days before it.
 */
export function quickPickRange(pick: QuickPick, today: Date = new Date()): { from: string; to: string } {
  const days = pick === 'last7' || pick === 'next7' ? 7 : 30;
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const other = new Date(start);
  if (pick.startsWith('last')) {
    other.setDate(start.getDate() - (days - 1));
    return { from: isoDay(other), to: isoDay(start) };
  }
  other.setDate(start.getDate() + (days - 1));
  return { from: isoDay(start), to: isoDay(other) };
}

/** A date and time in the reader's language (Bengali digits in Bengali); the raw text if it is no date. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toLocaleString();
  }
}
