import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayMoney, formatMoney, parseMoney } from './money-math.js';
import { moneyStringSchema } from './money.js';

describe('money', () => {
  it('reads decimal strings as exact minor units', () => {
    expect(parseMoney('1234.5')).toBe(123450n);
    expect(parseMoney('0.01')).toBe(1n);
    expect(parseMoney('-7')).toBe(-700n);
    expect(parseMoney('9999999999999999.99')).toBe(999999999999999999n);
  });

  it('refuses fractions beyond 2 decimals, floats in disguise and junk', () => {
    for (const bad of ['1.234', '1e3', '', ' 1', '01', 'NaN', '1.', '.5', '--1', '1,000']) {
      expect(() => parseMoney(bad), bad).toThrow(RangeError);
      expect(moneyStringSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('formats and parses back to the same amount, for any amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), (minor) => {
        expect(parseMoney(formatMoney(minor))).toBe(minor);
      }),
    );
  });

  it('displays 2 decimals, the grouping and digits of the locale, and the currency symbol', () => {
    const bn = { currency: 'BDT', locale: 'bn-BD' };
    expect(displayMoney('1234567.5', bn)).toBe('১২,৩৪,৫৬৭.৫০৳');
    expect(displayMoney('-1000', bn)).toBe('-১,০০০.০০৳');
    expect(displayMoney(99n, { currency: 'BDT', locale: 'en-IN' })).toBe('৳0.99');
    expect(displayMoney('1234567.5', { currency: 'BDT', locale: 'en-IN' })).toBe('৳12,34,567.50');
    expect(displayMoney('1234567.5', { currency: 'USD', locale: 'en-US' })).toBe('$1,234,567.50');
    expect(displayMoney('1234567.5', { currency: null, locale: 'bn-BD' })).toBe('১২,৩৪,৫৬৭.৫০');
  });

  it('displays the largest amounts exactly, never through a float', () => {
    expect(displayMoney('9999999999999999.99', { currency: 'USD', locale: 'en-US' })).toBe(
      '$9,999,999,999,999,999.99',
    );
  });

  it('refuses what is not an amount', () => {
    expect(() => displayMoney('12.345', { currency: 'BDT', locale: 'bn-BD' })).toThrow(RangeError);
  });
});
