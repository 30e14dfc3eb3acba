import {
  formatMoney,
  parseMoney,
  type RoundDetail,
  type SlotRound,
  type SlotSpinView,
} from '@platform/contract';
import type { RoundEvaluation, SpinEvaluation } from './slot/evaluate.js';
import { FREE_SPIN_MULTIPLIER, LINE_COUNT, paylines, slotSymbols } from './slot/machine.js';

/**
 * A round of the slot as the player and the betting record see it: symbols by name, wins in money. The
 * bet is split over the 20 lines (a bet step is a whole number of minor units per line), so a line win is
 * its pay in line bets times the line bet, and a scatter win its pay in total bets times the bet: whole
 * minor units, never rounded.
 */
const nameOf = (symbol: number) => slotSymbols[symbol] as (typeof slotSymbols)[number];

function spinView(spin: SpinEvaluation, bet: bigint, multiplier: number): SlotSpinView {
  const lineBet = bet / BigInt(LINE_COUNT);
  const factor = BigInt(multiplier);
  const lines = spin.lines.map((win) => ({
    line: win.line + 1,
    symbol: nameOf(win.symbol),
    count: win.count,
    rows: [...(paylines[win.line] as readonly number[])],
    win: formatMoney(BigInt(win.pay) * lineBet * factor),
  }));
  return {
    stops: [...spin.stops],
    reels: spin.board.map((reel) => reel.map(nameOf)),
    lines,
    scatter: {
      count: spin.scatters,
      win: formatMoney(BigInt(spin.scatterPay) * bet * factor),
      freeSpins: spin.freeSpins,
    },
    win: formatMoney(BigInt(spin.pay) * lineBet * factor),
  };
}

/** The round's total win in minor units: every line and scatter of the paid spin and the free spins. */
export function roundWin(round: RoundEvaluation, bet: bigint): bigint {
  return BigInt(round.pay) * (bet / BigInt(LINE_COUNT));
}

export function roundView(
  round: RoundEvaluation,
  bet: bigint,
  answer: { roundId: string | null; balance: bigint | null },
): SlotRound {
  return {
    roundId: answer.roundId,
    freePlay: answer.roundId === null,
    bet: formatMoney(bet),
    win: formatMoney(roundWin(round, bet)),
    spin: spinView(round.base, bet, 1),
    freeSpins: round.free.map((spin) => spinView(spin, bet, FREE_SPIN_MULTIPLIER)),
    freeSpinMultiplier: FREE_SPIN_MULTIPLIER,
    balance: answer.balance === null ? null : formatMoney(answer.balance),
  };
}

/** How many free spins the betting record keeps one by one; the rest are counted and summed. */
const DETAIL_FREE_SPINS = 100;

function detailLines(view: SlotSpinView) {
  return view.lines.map((line) => ({
    line: line.line,
    symbols: line.rows
      .slice(0, line.count)
      .map((row, reel) => view.reels[reel]?.[row] ?? line.symbol)
      .join(' '),
    pays: line.win,
  }));
}

/** What the betting record recalls of the round (the contract's slot detail). */
export function roundDetail(view: SlotRound): RoundDetail {
  const freeWin = view.freeSpins.reduce((sum, spin) => sum + parseMoney(spin.win), 0n);
  return {
    kind: 'slot',
    reels: view.spin.reels.map((reel) => [...reel]),
    lines: detailLines(view.spin),
    ...(view.spin.scatter.count > 0
      ? { scatter: { count: view.spin.scatter.count, pays: view.spin.scatter.win } }
      : {}),
    ...(view.freeSpins.length > 0
      ? {
          free_spins: {
            played: view.freeSpins.length,
            multiplier: view.freeSpinMultiplier,
            pays: formatMoney(freeWin),
            spins: view.freeSpins.slice(0, DETAIL_FREE_SPINS).map((spin) => ({
              reels: spin.reels.map((reel) => [...reel]),
              lines: detailLines(spin),
              pays: spin.win,
            })),
          },
        }
      : {}),
  };
}
