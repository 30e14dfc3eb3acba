/**
 * Exact rationals on bigint, for the return to player: every probability of the slot is a count of stop
 * combinations over the product of the strip lengths, so the return is a fraction computed without
 * rounding and only printed as a decimal at the end.
 */
export interface Fraction {
  /** numerator, with the sign */
  readonly n: bigint;
  /** denominator, always positive */
  readonly d: bigint;
}

const abs = (value: bigint) => (value < 0n ? -value : value);
function gcd(a: bigint, b: bigint): bigint {
  let x = abs(a);
  let y = abs(b);
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function fraction(n: bigint, d = 1n): Fraction {
  if (d === 0n) throw new RangeError('a fraction over zero');
  const sign = d < 0n ? -1n : 1n;
  const divisor = gcd(n, d) || 1n;
  return { n: (sign * n) / divisor, d: (sign * d) / divisor };
}

export const add = (a: Fraction, b: Fraction) => fraction(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Fraction, b: Fraction) => fraction(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Fraction, b: Fraction) => fraction(a.n * b.n, a.d * b.d);
export const div = (a: Fraction, b: Fraction) => fraction(a.n * b.d, a.d * b.n);
export const equals = (a: Fraction, b: Fraction) => a.n === b.n && a.d === b.d;
export const lessThan = (a: Fraction, b: Fraction) => a.n * b.d < b.n * a.d;

/** The nearest double (for printing and comparing with a simulation). */
export function toNumber(value: Fraction): number {
  // Scaled first so that huge numerators and denominators keep their precision.
  const scale = 10n ** 30n;
  return Number((value.n * scale) / value.d) / 1e30;
}

/** `value` as a decimal with `digits` places, rounded half up (for a non-negative value). */
export function toDecimal(value: Fraction, digits: number): string {
  const scale = 10n ** BigInt(digits);
  const scaled = (2n * value.n * scale + value.d) / (2n * value.d);
  const text = scaled.toString().padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
