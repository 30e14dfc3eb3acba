import { MONEY_PATTERN, parseMoney } from '@platform/contract/client';

export type AmountProblem = 'required' | 'format' | 'decimals' | 'positive' | 'min' | 'max' | 'balance';

export interface AmountLimits {
  /** decimal strings as the server sends them */
  min: string;
  max: string;
  /** what the member may take out, when that caps the amount (withdrawals) */
  available?: string;
}

const BENGALI_ZERO = '০'.charCodeAt(0);

/**
 * What the member typed, in the server's form: Bengali digits become ASCII, thousands separators and
 * spaces go. Nothing else changes, so a bad amount stays bad and is reported, never silently fixed.
 */
export function normaliseAmount(text: string): string {
  return text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - BENGALI_ZERO)).replace(/[\s,]/g, '');
}

const safeParse = (text: string): bigint | null => {
  try {
    return parseMoney(text);
  } catch {
    return null;
  }
};

/** The first problem with an amount, or null when it may be sent. Compares bigint minor units, never floats. */
export function checkAmount(raw: string, limits: AmountLimits): AmountProblem | null {
  const text = normaliseAmount(raw);
  if (text === '') return 'required';
  if (text.startsWith('-')) return 'positive';
  if (/^\d+\.\d{3,}$/.test(text)) return 'decimals';
  if (!MONEY_PATTERN.test(text)) return 'format';
  const value = parseMoney(text);
  if (value <= 0n) return 'positive';
  const min = safeParse(limits.min);
  const max = safeParse(limits.max);
  if (min !== null && value < min) return 'min';
  if (max !== null && value > max) return 'max';
  const available = limits.available === undefined ? null : safeParse(limits.available);
  if (available !== null && value > available) return 'balance';
  return null;
}

/** Whether a money string is above zero (turnover remaining, for instance). */
export const isPositiveMoney = (text: string): boolean => (safeParse(text) ?? 0n) > 0n;

/** Whole percent (0-100) of part over whole, in bigint arithmetic. */
export function percentOf(part: string, whole: string): number {
  const a = safeParse(part) ?? 0n;
  const b = safeParse(whole) ?? 0n;
  if (b <= 0n) return 100;
  if (a <= 0n) return 0;
  const percent = (a * 100n) / b;
  return Number(percent > 100n ? 100n : percent);
}
