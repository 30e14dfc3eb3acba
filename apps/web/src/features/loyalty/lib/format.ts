/** An instant in the reader's language, date and time. */
export function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toLocaleString();
  }
}
