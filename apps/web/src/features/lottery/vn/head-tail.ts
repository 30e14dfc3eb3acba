/**
 * The "đầu/đuôi" (head/tail) table printed beside every VN result: the last two digits of all its
 * numbers (the lô), grouped by their tens digit (đầu) and by their units digit (đuôi). A lô printed
 * twice is listed twice, as the paper tables do.
 */
export interface HeadTailRow {
  digit: number;
  /** units digits of the lô whose tens digit is `digit` */
  heads: string[];
  /** tens digits of the lô whose units digit is `digit` */
  tails: string[];
}

export function loOf(tiers: readonly (readonly string[])[]): string[] {
  return tiers.flat().map((value) => value.slice(-2));
}

export function headTailRows(tiers: readonly (readonly string[])[]): HeadTailRow[] {
  const lo = loOf(tiers).sort();
  return Array.from({ length: 10 }, (_, digit) => ({
    digit,
    heads: lo.filter((value) => value[0] === String(digit)).map((value) => value[1] ?? ''),
    tails: lo
      .filter((value) => value[1] === String(digit))
      .map((value) => value[0] ?? '')
      .sort(),
  }));
}
