import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatInstant, formatPeriod } from './dates';

// Dhaka is UTC+6 all year: 18:00 UTC on 25 Nov is midnight starting 26 Nov there.
const dhakaMidnight26 = '2026-11-25T18:00:00.000Z';
/** ICU puts thin and narrow no-break spaces around the range dash and before AM/PM. */
const plain = (text: string) => text.replace(/[\u2009\u202f]/g, ' ');

describe('dates in the site time zone', () => {
  it("shows an instant in Dhaka's time whatever the machine's zone", () => {
    expect(plain(formatDateTime('2026-11-25T20:00:00Z', 'en'))).toBe('Nov 26, 2026, 2:00 AM');
    expect(formatDate('2026-11-25T20:00:00Z', 'en')).toBe('Nov 26, 2026');
    expect(plain(formatInstant('2026-11-25T20:00:05Z', 'en', 'clockSeconds'))).toBe('2:00:05 AM');
  });

  it('writes Bengali digits in Bengali', () => {
    expect(formatDate('2026-11-25T20:00:00Z', 'bn')).toMatch(/২৬/);
    expect(formatDate('2026-11-25T20:00:00Z', 'bn')).not.toMatch(/\d/);
  });

  it('shows a value that is no date as it came', () => {
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
    expect(formatDay('soon', 'en')).toBe('soon');
  });

  it('shows a site day short, on its own calendar day', () => {
    expect(formatDay('2026-11-25', 'en')).toBe('Nov 25');
  });
});

describe('periods', () => {
  it('reads one whole site day as its date, with no midnight times', () => {
    expect(formatPeriod(dhakaMidnight26, '2026-11-26T18:00:00.000Z', 'en')).toBe('Nov 26, 2026');
  });

  it('reads a week as its first and last days (the end is excluded)', () => {
    expect(plain(formatPeriod('2026-11-22T18:00:00.000Z', '2026-11-29T18:00:00.000Z', 'en'))).toBe(
      'Nov 23 – 29, 2026',
    );
  });

  it('reads an hour as its times', () => {
    expect(plain(formatPeriod('2026-11-26T10:00:00.000Z', '2026-11-26T11:00:00.000Z', 'en'))).toBe(
      'Nov 26, 2026, 4:00 – 5:00 PM',
    );
  });

  it('reads a Bengali period in Bengali digits', () => {
    const text = formatPeriod(dhakaMidnight26, '2026-11-26T18:00:00.000Z', 'bn');
    expect(text).toMatch(/২৬/);
    expect(text).not.toMatch(/\d|AM|PM/);
  });
});
