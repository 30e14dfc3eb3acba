import { describe, expect, it } from 'vitest';
import { checkAmount, normaliseAmount, percentOf } from './amount';
import { AttemptIds } from './request-id';

const limits = { min: '100', max: '50000' };

describe('amount validation', () => {
  it('refuses empty, negative, zero, 3 decimals, below min and above max', () => {
    expect(checkAmount('', limits)).toBe('required');
    expect(checkAmount('-5', limits)).toBe('positive');
    expect(checkAmount('0', limits)).toBe('positive');
    expect(checkAmount('0.00', limits)).toBe('positive');
    expect(checkAmount('100.123', limits)).toBe('decimals');
    expect(checkAmount('1e3', limits)).toBe('format');
    expect(checkAmount('99.99', limits)).toBe('min');
    expect(checkAmount('50000.01', limits)).toBe('max');
    expect(checkAmount('600', { ...limits, available: '500.50' })).toBe('balance');
  });

  it('accepts amounts in range, thousands separators and Bengali digits', () => {
    expect(checkAmount('100', limits)).toBeNull();
    expect(checkAmount('50000.00', limits)).toBeNull();
    expect(checkAmount('1,000.5', limits)).toBeNull();
    expect(normaliseAmount('১,০০০')).toBe('1000');
    expect(checkAmount('১০০০', limits)).toBeNull();
  });

  it('computes progress in bigint arithmetic', () => {
    expect(percentOf('250', '1000')).toBe(25);
    expect(percentOf('2000', '1000')).toBe(100);
    expect(percentOf('0', '0')).toBe(100);
  });
});

describe('quick picks and request ids', () => {
  it('keeps one id per attempt and a new one for a new attempt', () => {
    const ids = new AttemptIds();
    const first = ids.idFor('bank|1000.00');
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(ids.idFor('bank|1000.00')).toBe(first);
    expect(ids.idFor('bank|2000.00')).not.toBe(first);
    ids.reset();
    expect(ids.idFor('bank|2000.00')).not.toBe(first);
  });
});
