import { evaluateLine, type Strips } from './evaluate.js';
import {
  freeSpinAwards,
  LINE_COUNT,
  linePayOf,
  paylines,
  REELS,
  ROWS,
  SCATTER,
  scatterPays,
  SYMBOL_COUNT,
  WILD,
} from './machine.js';

/**
 * The slot's rules on typed arrays, for the simulation: no allocation per spin, and no loop over the
 * 20 lines. For every reel and stop there is, per symbol, a 20-bit mask of the lines that cross that
 * symbol or a wild there. A line pays symbol X three or more of a kind exactly when its bit is set in
 * X's masks of reels 1 to 3 (and not every one of those three is a wild: then X is the first symbol
 * that is not a wild, so X is what the line pays), so one AND of three masks per symbol finds every
 * paying line at once; reels 4 and 5 give the count. The rare line that starts with three wilds is
 * looked up whole in a table of every symbol tuple's pay, built with evaluateLine, the rules play uses.
 */
export interface CompiledSlot {
  lengths: Int32Array;
  /**
   * per reel: at [stop * SYMBOL_COUNT + symbol], the lines crossing that symbol or a wild at this stop
   * (for the wild itself: the lines crossing a wild)
   */
  masks: Int32Array[];
  /** per reel: at [stop * LINE_COUNT + line], the symbol the line crosses */
  lineSymbols: Uint8Array[];
  /** per reel: scatters in the window at each stop */
  scatters: Uint8Array[];
  /** at [symbol * (REELS + 1) + count], the line pay in line bets */
  pays: Int32Array;
  /** the line pay in line bets of every symbol tuple, read as a five-digit number */
  linePay: Uint16Array;
  /** by scatter count, in line bets (the total bet is LINE_COUNT line bets) */
  scatterPay: Int32Array;
  freeSpins: Int32Array;
}

export function compileSlot(strips: Strips): CompiledSlot {
  if (strips.length !== REELS || LINE_COUNT > 31) throw new Error('5 reels and at most 31 lines');
  const lineSymbols = strips.map((strip, reel) => {
    const table = new Uint8Array(strip.length * LINE_COUNT);
    for (let stop = 0; stop < strip.length; stop += 1) {
      paylines.forEach((rows, line) => {
        table[stop * LINE_COUNT + line] = strip[(stop + (rows[reel] as number)) % strip.length] as number;
      });
    }
    return table;
  });
  const masks = strips.map((strip, reel) => {
    const table = new Int32Array(strip.length * SYMBOL_COUNT);
    const crossed = lineSymbols[reel] as Uint8Array;
    for (let stop = 0; stop < strip.length; stop += 1) {
      for (let line = 0; line < LINE_COUNT; line += 1) {
        const shown = crossed[stop * LINE_COUNT + line] as number;
        for (let symbol = 0; symbol < SYMBOL_COUNT; symbol += 1) {
          if (shown === symbol || (shown === WILD && symbol !== SCATTER)) {
            table[stop * SYMBOL_COUNT + symbol] =
              (table[stop * SYMBOL_COUNT + symbol] as number) | (1 << line);
          }
        }
      }
    }
    return table;
  });
  const scatters = strips.map((strip) => {
    const counts = new Uint8Array(strip.length);
    for (let stop = 0; stop < strip.length; stop += 1) {
      for (let row = 0; row < ROWS; row += 1) {
        if (strip[(stop + row) % strip.length] === SCATTER) counts[stop] = (counts[stop] ?? 0) + 1;
      }
    }
    return counts;
  });
  const pays = new Int32Array(SYMBOL_COUNT * (REELS + 1));
  for (let symbol = 0; symbol < SYMBOL_COUNT; symbol += 1) {
    for (let count = 0; count <= REELS; count += 1)
      pays[symbol * (REELS + 1) + count] = linePayOf(symbol, count);
  }
  const linePay = new Uint16Array(SYMBOL_COUNT ** REELS);
  const tuple = new Array<number>(REELS).fill(0);
  for (let index = 0; index < linePay.length; index += 1) {
    let rest = index;
    for (let reel = REELS - 1; reel >= 0; reel -= 1) {
      tuple[reel] = rest % SYMBOL_COUNT;
      rest = Math.floor(rest / SYMBOL_COUNT);
    }
    const pay = evaluateLine(tuple).pay;
    if (pay > 0xffff) throw new Error('a line pay above 65,535 line bets does not fit the table');
    linePay[index] = pay;
  }
  const maxScatters = REELS * ROWS;
  const byCount = (table: readonly number[], scale: number) =>
    Int32Array.from(
      { length: maxScatters + 1 },
      (_, count) => (table[Math.min(count, table.length - 1)] ?? 0) * scale,
    );
  return {
    lengths: Int32Array.from(strips, (strip) => strip.length),
    masks,
    lineSymbols,
    scatters,
    pays,
    linePay,
    scatterPay: byCount(scatterPays, LINE_COUNT),
    freeSpins: byCount(freeSpinAwards, 1),
  };
}

/** The pay of a line whose first three symbols are wilds, read from the table of tuples. */
function wildStartPay(slot: CompiledSlot, stops: Int32Array, offset: number, lines: number): number {
  let pay = 0;
  let rest = lines;
  while (rest !== 0) {
    const line = 31 - Math.clz32(rest);
    rest ^= 1 << line;
    let index = 0;
    for (let reel = 0; reel < REELS; reel += 1) {
      const crossed = slot.lineSymbols[reel] as Uint8Array;
      index =
        index * SYMBOL_COUNT + (crossed[(stops[offset + reel] as number) * LINE_COUNT + line] as number);
    }
    pay += slot.linePay[index] as number;
  }
  return pay;
}

/**
 * One spin's pay in line bets (lines and scatters, no multiplier) at the stops `stops[offset ..
 * offset + 4]`; the number of scatters it showed is left in `out[0]` (a buffer the caller owns, so
 * nothing is allocated).
 */
export function spinPay(slot: CompiledSlot, stops: Int32Array, offset: number, out: Int32Array): number {
  const { masks, pays, scatters } = slot;
  const s0 = stops[offset] as number;
  const s1 = stops[offset + 1] as number;
  const s2 = stops[offset + 2] as number;
  const s3 = stops[offset + 3] as number;
  const s4 = stops[offset + 4] as number;
  const m0 = masks[0] as Int32Array;
  const m1 = masks[1] as Int32Array;
  const m2 = masks[2] as Int32Array;
  const m3 = masks[3] as Int32Array;
  const m4 = masks[4] as Int32Array;
  const b0 = s0 * SYMBOL_COUNT;
  const b1 = s1 * SYMBOL_COUNT;
  const b2 = s2 * SYMBOL_COUNT;
  const b3 = s3 * SYMBOL_COUNT;
  const b4 = s4 * SYMBOL_COUNT;
  const wildStart = (m0[b0 + WILD] as number) & (m1[b1 + WILD] as number) & (m2[b2 + WILD] as number);
  let pay = 0;
  for (let symbol = 0; symbol < SYMBOL_COUNT; symbol += 1) {
    if (symbol === WILD || symbol === SCATTER) continue;
    let lines =
      (m0[b0 + symbol] as number) & (m1[b1 + symbol] as number) & (m2[b2 + symbol] as number) & ~wildStart;
    while (lines !== 0) {
      const bit = lines & -lines;
      lines ^= bit;
      const count =
        ((m3[b3 + symbol] as number) & bit) === 0 ? 3 : ((m4[b4 + symbol] as number) & bit) === 0 ? 4 : 5;
      pay += pays[symbol * (REELS + 1) + count] as number;
    }
  }
  if (wildStart !== 0) pay += wildStartPay(slot, stops, offset, wildStart);
  const count =
    ((scatters[0] as Uint8Array)[s0] as number) +
    ((scatters[1] as Uint8Array)[s1] as number) +
    ((scatters[2] as Uint8Array)[s2] as number) +
    ((scatters[3] as Uint8Array)[s3] as number) +
    ((scatters[4] as Uint8Array)[s4] as number);
  out[0] = count;
  return pay + (slot.scatterPay[count] as number);
}
