import { payoutFor, vnHits, type VnBetType } from './bets.js';
import type { VnResult } from './regions.js';

/**
 * A correction of a daily draw's result after it settled (ADR 043): every bet is judged again on the
 * corrected result at the odds it was placed at, and only the difference moves through the ledger: a
 * bet that now wins more is credited the rest, one that now wins less is debited what it was overpaid.
 * Bets whose win does not change move nothing, so a correction of one tier touches only its bets.
 */
export interface SettledVnBet {
  id: bigint;
  betType: VnBetType;
  selection: readonly string[];
  /** milli-odds locked at placing */
  odds: number;
  /** per unit */
  stake: bigint;
  /** what the first settlement credited */
  win: bigint;
}

export interface VnRejudged {
  id: bigint;
  status: 'win' | 'lose';
  hits: number;
  win: bigint;
  /** win minus what was credited before: above zero a credit, below zero a debit */
  delta: bigint;
}

export function rejudge(bets: readonly SettledVnBet[], corrected: VnResult): VnRejudged[] {
  return bets.map((bet) => {
    const hits = vnHits(corrected, { type: bet.betType, numbers: bet.selection });
    const win = payoutFor(bet.stake, bet.odds, hits);
    return { id: bet.id, status: hits > 0 ? 'win' : 'lose', hits, win, delta: win - bet.win };
  });
}

/** Only the bets whose win changes, with the net the house pays (negative: it takes back). */
export function correctionOf(bets: readonly SettledVnBet[], corrected: VnResult) {
  const changed = rejudge(bets, corrected).filter((bet) => bet.delta !== 0n);
  return { changed, net: changed.reduce((sum, bet) => sum + bet.delta, 0n) };
}
