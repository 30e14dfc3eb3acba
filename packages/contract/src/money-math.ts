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

/** How a deployment shows money: its one currency (ISO 4217) and the number style of a language. */
export interface MoneyStyle {
  /** null shows the amount alone */
  currency: string | null;
  /** a BCP 47 locale, e.g. bn-BD */
  locale: string;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Display form, e.g. ১২,৩৪,৫৬৭.৫০৳ in bn-BD (the locale's digits and lakh grouping) or ৳1,234,567.50:
 * exactly 2 decimals and the currency's symbol. Intl formats the decimal string itself, never a float.
 */
export function displayMoney(amount: string | bigint, style: MoneyStyle): string {
  const text = typeof amount === 'bigint' ? formatMoney(amount) : formatMoney(parseMoney(amount));
  const key = `${style.locale} ${style.currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(style.locale, {
      ...(style.currency
        ? { style: 'currency', currency: style.currency, currencyDisplay: 'narrowSymbol' }
        : {}),
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(text as Intl.StringNumericLiteral);
}
