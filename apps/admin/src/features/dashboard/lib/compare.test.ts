import { describe, expect, it } from 'vitest';
import { compareCount, compareMoney } from './compare';
import { presetRange } from './periods';

describe('a figure beside the previous period', () => {
  it('gives the change and its percentage', () => {
    expect(compareMoney('1500.00', '1000.00')).toEqual({ change: '500.00', percent: 50, direction: 'up' });
    expect(compareMoney('750.50', '1000.00')).toEqual({ change: '-249.50', percent: -25, direction: 'down' });
    expect(compareCount(12, 8)).toEqual({ change: '4', percent: 50, direction: 'up' });
    expect(compareCount(2, 3)).toEqual({ change: '-1', percent: -33.3, direction: 'down' });
  });

  it('is exact on money (no float rounding) and rounds the percentage half away from zero', () => {
    expect(compareMoney('0.30', '0.10').change).toBe('0.20');
    expect(compareMoney('9999999999999.99', '0.01').change).toBe('9999999999999.98');
    // 1/3 = 33.33..% -> 33.3; 2/3 = 66.66..% -> 66.7; 0.05% -> 0.1
    expect(compareCount(4, 3).percent).toBe(33.3);
    expect(compareCount(5, 3).percent).toBe(66.7);
    expect(compareMoney('2000.01', '2000.00').percent).toBe(0);
    expect(compareMoney('2001.00', '2000.00').percent).toBe(0.1);
  });

  it('has no percentage from zero, and 0 % when both are zero', () => {
    expect(compareMoney('250.00', '0.00')).toEqual({ change: '250.00', percent: null, direction: 'up' });
    expect(compareCount(3, 0)).toEqual({ change: '3', percent: null, direction: 'up' });
    expect(compareMoney('0.00', '0.00')).toEqual({ change: '0.00', percent: 0, direction: 'same' });
    expect(compareCount(0, 5)).toEqual({ change: '-5', percent: -100, direction: 'down' });
  });

  it('compares against a negative previous figure (GGR, NGR can be negative) by its size', () => {
    // from -100 to 50: up 150, 150 % of 100
    expect(compareMoney('50.00', '-100.00')).toEqual({ change: '150.00', percent: 150, direction: 'up' });
  });
});

describe('the preset periods in site days (Asia/Dhaka)', () => {
  // 2026-11-29 20:30 UTC is already 30 November in Dhaka (UTC+6), a Monday
  const lateSunday = new Date('2026-11-29T20:30:00Z');
  it('takes today from the site’s clock, not UTC', () => {
    expect(presetRange('today', lateSunday)).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(presetRange('yesterday', lateSunday)).toEqual({ from: '2026-11-29', to: '2026-11-29' });
    expect(presetRange('week', lateSunday)).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(presetRange('month', lateSunday)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });
  it('starts the week on Monday', () => {
    expect(presetRange('week', new Date('2026-11-29T06:00:00Z'))).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    });
  });
});
