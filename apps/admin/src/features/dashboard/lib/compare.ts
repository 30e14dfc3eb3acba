import { formatMoney, parseMoney } from '@platform/contract/client';

/** A figure beside the previous period's: the change and, when the previous is not zero, the percentage. */
export interface Comparison {
  /** current - previous: a money string for money, a whole number as text for counts */
  change: string;
  /** the change as a share of the previous figure, in percent (one decimal); null when the previous is 0 */
  percent: number | null;
  direction: 'up' | 'down' | 'same';
}

function fromMinor(current: bigint, previous: bigint, money: boolean): Comparison {
  const change = current - previous;
  const direction = change > 0n ? 'up' : change < 0n ? 'down' : 'same';
  let percent: number | null;
  if (previous === 0n) percent = change === 0n ? 0 : null;
  else {
    // tenths of a percent, rounded half away from zero, in integers: no float error on money
    const magnitude = previous < 0n ? -previous : previous;
    const tenths = (change * 1000n * 2n + (change >= 0n ? magnitude : -magnitude)) / (magnitude * 2n);
    percent = Number(tenths) / 10;
  }
  return { change: money ? formatMoney(change) : change.toString(), percent, direction };
}

/** Two money strings of the server (exact: bigint minor units). */
export const compareMoney = (current: string, previous: string): Comparison =>
  fromMinor(parseMoney(current), parseMoney(previous), true);

/** Two counts. */
export const compareCount = (current: number, previous: number): Comparison =>
  fromMinor(BigInt(current), BigInt(previous), false);
