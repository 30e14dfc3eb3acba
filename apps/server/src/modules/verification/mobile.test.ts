import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { internationalNumber, normalizeMobile } from './mobile.js';

describe('normalizeMobile', () => {
  it.each([
    ['880', '01712-345678', '1712345678'],
    ['880', '1712345678', '1712345678'],
    ['880', ' 017 1234 5678 ', '1712345678'],
    ['880', '+8801712345678', '1712345678'],
    ['880', '(017) 12.345.678', '1712345678'],
    ['91', '09876543210', '9876543210'],
    ['1', '2025550123', '2025550123'],
    ['880', '123456', '123456'],
    ['880', '12345678901234', '12345678901234'],
  ])('%s + %j -> %s', (dialingCode, raw, expected) => {
    expect(normalizeMobile(dialingCode, raw)).toBe(expected);
  });

  it.each([
    ['880', ''],
    ['880', '12345'],
    ['880', '0012345'],
    ['880', '123456789012345'],
    ['880', '01712abc678'],
    ['880', '+911712345678'],
    ['880', '+'],
  ])('refuses %s + %j as validation.mobile under mobileNum', (dialingCode, raw) => {
    let thrown: unknown;
    try {
      normalizeMobile(dialingCode, raw);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'mobileNum', message: 'validation.mobile' }],
    });
  });

  it('writes the international form a gateway expects', () => {
    expect(internationalNumber('880', normalizeMobile('880', '01712-345678'))).toBe('+8801712345678');
  });
});
