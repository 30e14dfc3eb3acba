import { AppError } from '../../lib/errors.js';

/**
 * A mobile number as stored and compared: digits only, without the trunk 0 that people type in front
 * of a national number (880 + '01712-345678' and 880 + '1712345678' are the same phone).
 */
export function normalizeMobile(countryDialingCode: string, raw: string): string {
  let digits = raw.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+')) {
    // Typed with its country code: accepted only when it is the chosen country's.
    digits = digits.slice(1);
    if (digits.startsWith(countryDialingCode)) digits = digits.slice(countryDialingCode.length);
    else throw invalidMobile();
  }
  digits = digits.replace(/^0+/, '');
  if (!/^\d{6,14}$/.test(digits)) throw invalidMobile();
  return digits;
}

/** The number in international form, as SMS gateways want it: +8801712345678. */
export function internationalNumber(countryDialingCode: string, mobile: string): string {
  return `+${countryDialingCode}${mobile}`;
}

function invalidMobile(): AppError {
  return new AppError('VALIDATION_FAILED', 'invalid mobile number', [
    { path: 'mobileNum', message: 'validation.mobile' },
  ]);
}
