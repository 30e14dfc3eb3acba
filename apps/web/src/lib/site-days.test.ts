import { describe, expect, it } from 'vitest';
import { addDays, quickPickRange, siteToday } from './site-days';

describe('site days', () => {
  it("sets inclusive ranges around the site's today", () => {
    const today = '2026-11-21';
    expect(quickPickRange('last7', today)).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(quickPickRange('last30', today)).toEqual({ from: '2026-10-23', to: '2026-11-21' });
    expect(quickPickRange('next7', today)).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(quickPickRange('next30', today)).toEqual({ from: '2026-11-21', to: '2026-12-20' });
  });

  it("is the site's today (UTC+6), whatever the phone's zone", () => {
    // 20:30 UTC is already the next day in Dhaka.
    expect(siteToday(new Date('2026-11-21T20:30:00Z'))).toBe('2026-11-22');
    expect(siteToday(new Date('2026-11-21T17:59:00Z'))).toBe('2026-11-21');
  });

  it('steps over month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
