import { createHash, createHmac } from 'node:crypto';

/**
 * The raffle's draw (ADR 076), pure so that anyone can redo it: entries are (member, tickets) in member
 * order, ticket numbers run from 0 over them. Winner k's ticket is the first 48-bit number
 * HMAC-SHA256(seed, "<raffle>:<k>:<attempt>") (its first 6 bytes, big-endian) below the largest multiple
 * of the ticket count, taken modulo that count; a number at or above it, or a ticket of a member who
 * already won, moves to the next attempt. So every ticket is equally likely (no modulo bias) and a
 * member wins at most one prize. The seed is random (node:crypto) and its SHA-256 is published before
 * the draw, so it cannot be chosen after the tickets are known.
 */
export const DRAW_METHOD =
  'ticket = first 6 bytes of HMAC-SHA256(key = seed, message = "<raffle id>:<rank - 1>:<attempt>") as a big-endian integer; ' +
  'attempts from 0; kept when below floor(2^48 / total) * total, then taken modulo total; ' +
  "a ticket of a member who already won is skipped; seedHash = SHA-256 of the seed's text";

const RANGE = 2n ** 48n;
/** Gives up on a prize after this many attempts (only when nearly every ticket is a winner's). */
const MAX_ATTEMPTS = 10_000;

export const seedHashOf = (seed: string): string => createHash('sha256').update(seed, 'utf8').digest('hex');

export interface DrawEntry<M> {
  member: M;
  tickets: number;
}
export interface DrawWinner<M> {
  rank: number;
  member: M;
  ticket: number;
}

export function drawWinners<M>(
  raffleId: string,
  seed: string,
  entries: readonly DrawEntry<M>[],
  prizes: number,
): DrawWinner<M>[] {
  const total = entries.reduce((sum, entry) => sum + entry.tickets, 0);
  if (total === 0) return [];
  const bigTotal = BigInt(total);
  const limit = (RANGE / bigTotal) * bigTotal;
  const owners = entries.filter((entry) => entry.tickets > 0);
  const starts: number[] = [];
  let next = 0;
  for (const entry of owners) {
    starts.push(next);
    next += entry.tickets;
  }
  const ownerOf = (ticket: number): number => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= ticket) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const won = new Set<number>();
  const winners: DrawWinner<M>[] = [];
  for (let k = 0; k < prizes && won.size < owners.length; k += 1) {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const digest = createHmac('sha256', seed).update(`${raffleId}:${k}:${attempt}`).digest();
      const value = BigInt(`0x${digest.subarray(0, 6).toString('hex')}`);
      if (value >= limit) continue;
      const ticket = Number(value % bigTotal);
      const owner = ownerOf(ticket);
      if (won.has(owner)) continue;
      won.add(owner);
      winners.push({ rank: k + 1, member: (owners[owner] as DrawEntry<M>).member, ticket });
      break;
    }
  }
  return winners;
}
