import { MONEY_PATTERN } from '@platform/contract/client';
import { ApiError } from '@/lib/api-client';

/** A definite refusal moved no money, so the next try may be a new attempt; a lost answer may have. */
export const isDefiniteRefusal = (error: unknown): boolean =>
  error instanceof ApiError && error.code !== 'NETWORK' && error.status > 0 && error.status < 500;

/** Keys the details may name each figure by (first match wins). */
export const detailKeys = {
  min: ['minAmount', 'min'],
  max: ['maxAmount', 'max'],
  available: ['withdrawable', 'available', 'balance'],
  remaining: ['remaining', 'turnoverRemaining'],
} as const;

/**
 * A money figure from an error's details as a decimal string (the server sends strings; a number is
 * accepted too), or null when none of the keys holds one.
 */
export function detailAmount(error: ApiError, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = error.details[key];
    if (value === undefined || typeof value === 'boolean') continue;
    if (typeof value === 'string' && MONEY_PATTERN.test(value)) return value;
    if (typeof value === 'number' && Number.isFinite(value)) {
      const fixed = value.toFixed(2);
      if (MONEY_PATTERN.test(fixed)) return fixed;
    }
  }
  return null;
}
