import {
  FREE_SPIN_MULTIPLIER,
  freeSpinAwards,
  LINE_COUNT,
  linePayOf,
  paylines,
  REELS,
  ROWS,
  SCATTER,
  scatterPays,
  WILD,
} from './machine.js';

/**
 * The slot's rules, written to be read: what a board shows and pays. Play uses this; the simulation
 * uses compiled.ts, which the tests hold to the same answers on every board of a reduced reel set and
 * on random boards of the real ones.
 */

/** Reel strips as symbol ids, one array per reel. */
export type Strips = readonly (readonly number[])[];

export interface LineWin {
  /** index into `paylines` (the page numbers them from 1) */
  line: number;
  symbol: number;
  count: number;
  /** in line bets */
  pay: number;
}

export interface SpinEvaluation {
  /** per reel, the strip index shown on the top row */
  stops: number[];
  /** board[reel][row], top to bottom */
  board: number[][];
  lines: LineWin[];
  /** scatters anywhere on the board */
  scatters: number;
  /** in total bets */
  scatterPay: number;
  /** free spins this spin awards */
  freeSpins: number;
  /** everything the spin pays, in line bets, before any free-spin multiplier */
  pay: number;
}

/** What reel strips show at `stops`: each reel's top row is its stop, the rows below follow the strip. */
export function boardAt(strips: Strips, stops: readonly number[]): number[][] {
  return strips.map((strip, reel) => {
    const stop = stops[reel] ?? 0;
    return Array.from({ length: ROWS }, (_, row) => strip[(stop + row) % strip.length] as number);
  });
}

/**
 * One payline's win: the longest run from the leftmost reel of one symbol, wilds standing in for it,
 * or of wilds alone; whichever pays more (a wild run that a symbol extends can pay less than the wilds
 * on their own). The scatter breaks a run and never pays on a line.
 */
export function evaluateLine(symbols: readonly number[]): { symbol: number; count: number; pay: number } {
  let wilds = 0;
  while (wilds < symbols.length && symbols[wilds] === WILD) wilds += 1;
  const wildPay = linePayOf(WILD, wilds);
  if (wilds === symbols.length) return { symbol: WILD, count: wilds, pay: wildPay };
  const target = symbols[wilds] as number;
  if (target === SCATTER) return { symbol: WILD, count: wilds, pay: wildPay };
  let count = wilds + 1;
  while (count < symbols.length && (symbols[count] === target || symbols[count] === WILD)) count += 1;
  const pay = linePayOf(target, count);
  return wildPay > pay ? { symbol: WILD, count: wilds, pay: wildPay } : { symbol: target, count, pay };
}

/** Every paying line, the scatters and the free spins of one board. */
export function evaluateBoard(board: readonly (readonly number[])[]): Omit<SpinEvaluation, 'stops'> {
  if (board.length !== REELS || board.some((reel) => reel.length !== ROWS)) {
    throw new Error(`a board is ${REELS} reels of ${ROWS} rows`);
  }
  const lines: LineWin[] = [];
  paylines.forEach((rows, line) => {
    const win = evaluateLine(rows.map((row, reel) => board[reel]?.[row] as number));
    if (win.pay > 0) lines.push({ line, ...win });
  });
  let scatters = 0;
  for (const reel of board) for (const symbol of reel) if (symbol === SCATTER) scatters += 1;
  const scatterPay = scatterPays[Math.min(scatters, scatterPays.length - 1)] ?? 0;
  const freeSpins = freeSpinAwards[Math.min(scatters, freeSpinAwards.length - 1)] ?? 0;
  const linesPay = lines.reduce((sum, win) => sum + win.pay, 0);
  return {
    board: board.map((reel) => [...reel]),
    lines,
    scatters,
    scatterPay,
    freeSpins,
    pay: linesPay + scatterPay * LINE_COUNT,
  };
}

export function evaluateSpin(strips: Strips, stops: readonly number[]): SpinEvaluation {
  return { stops: [...stops], ...evaluateBoard(boardAt(strips, stops)) };
}

/** One stop per reel, each uniform over its strip: `drawStop(length)` is crypto.randomInt(0, length) in play. */
export function drawStops(strips: Strips, drawStop: (length: number) => number): number[] {
  return strips.map((strip) => drawStop(strip.length));
}

export interface RoundEvaluation {
  base: SpinEvaluation;
  /** the free spins in the order played, retriggers included */
  free: SpinEvaluation[];
  /** everything the round pays, in line bets, the free spins' multiplier applied */
  pay: number;
}

/**
 * A whole round: the paid spin, then every free spin it awards, each of which may award more. There is
 * no cap: the expected number of free spins a free spin awards is well below one for every variant (the
 * exact RTP proves it, exact-rtp.ts), so the chain ends, and a cap would change the return.
 * `drawStop(length)` gives a strip index, uniform in [0, length).
 */
export function playRound(strips: Strips, drawStop: (length: number) => number): RoundEvaluation {
  const draw = () => drawStops(strips, drawStop);
  const base = evaluateSpin(strips, draw());
  const free: SpinEvaluation[] = [];
  let owed = base.freeSpins;
  while (owed > 0) {
    owed -= 1;
    const spin = evaluateSpin(strips, draw());
    owed += spin.freeSpins;
    free.push(spin);
  }
  const pay = base.pay + FREE_SPIN_MULTIPLIER * free.reduce((sum, spin) => sum + spin.pay, 0);
  return { base, free, pay };
}
