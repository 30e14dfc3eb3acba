/**
 * Money travels as a decimal string with at most 2 decimals ("1234.50") and lives as integer minor
 * units (bigint). Never a float.
 */
export const MINOR_PER_MAJOR = 100n;
export const MONEY_PATTERN = /^-?(0|[1-9]\d{0,15})(\.\d{1,2})?$/;

export function parseMoney(text: string): bigint {
  if (!MONEY_PATTERN.test(text)) throw new RangeError(`not a money amount: ${text}`);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const minor = BigInt(whole) * MINOR_PER_MAJOR + BigInt(fraction.padEnd(2, '0'));
  return negative ? -minor : minor;
}

export function formatMoney(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const whole = abs / MINOR_PER_MAJOR;
  const fraction = (abs % MINOR_PER_MAJOR).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${fraction}`;
}

/** Display form: thousands separators and exactly 2 decimals, e.g. 1,234,567.50 */
export function displayMoney(amount: string | bigint, symbol = ''): string {
  const text = typeof amount === 'bigint' ? formatMoney(amount) : formatMoney(parseMoney(amount));
  const negative = text.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${symbol}${grouped}.${fraction}`;
}
