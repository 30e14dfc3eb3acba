import { slotSymbols, type SlotSymbolName } from '@platform/contract';

/**
 * "Royal Bengal Reels" (INHOUSE-slot), our own slot: 5 reels by 3 rows, 20 fixed paylines, a wild that substitutes, a
 * scatter that pays anywhere and starts free spins. Everything here is data; the rules live in
 * evaluate.ts (readable, used in play) and compiled.ts (the same rules on typed arrays, for the
 * simulation). The paytable is shared by every RTP variant: a variant differs only in its reel strips
 * (variants.ts), as certification labs expect.
 */

/** Symbol ids are indexes into the contract's list (the pages show these names). */
export { slotSymbols };
export type SlotSymbol = SlotSymbolName;
export const SYMBOL_COUNT = slotSymbols.length;

/** One letter per symbol, in id order: the reel strips are strings of these. */
export const symbolLetters = 'WSPEBDLMFK';

/** The wild (tiger): stands for any symbol but the scatter, and pays as itself too. */
export const WILD = 0;
/** The scatter (lantern): pays on the total bet wherever it lands; 3 or more start free spins. */
export const SCATTER = 1;

export const REELS = 5;
export const ROWS = 3;

/**
 * The 20 paylines, each the row (0 top, 2 bottom) it crosses on reels 1 to 5. Numbered from 1 on the
 * page, in this order.
 */
export const paylines: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 0, 1, 0, 1],
  [1, 2, 1, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
];
export const LINE_COUNT = paylines.length;

/**
 * Line pays in line bets (the total bet divided by the 20 lines) for 3, 4 and 5 of a kind from the
 * leftmost reel. The scatter has no line pay.
 */
export const linePays: Readonly<Record<Exclude<SlotSymbol, 'lantern'>, readonly [number, number, number]>> = {
  tiger: [100, 500, 2000],
  peacock: [50, 200, 750],
  elephant: [40, 150, 500],
  boat: [25, 100, 300],
  drum: [20, 75, 200],
  lotus: [10, 30, 100],
  mango: [10, 25, 80],
  fish: [5, 20, 60],
  kite: [5, 15, 50],
};

/** Scatter pays in total bets by the number of scatters anywhere on the screen (index = count). */
export const scatterPays: readonly number[] = [0, 0, 0, 5, 20, 100];

/** Free spins awarded by the number of scatters (index = count); a free spin can award more. */
export const freeSpinAwards: readonly number[] = [0, 0, 0, 10, 15, 20];

/** Every win during free spins, line and scatter, is multiplied by this. */
export const FREE_SPIN_MULTIPLIER = 3;

/** The line pay of `symbol` for `count` of a kind (0 when it does not pay). */
export function linePayOf(symbol: number, count: number): number {
  if (count < 3 || symbol === SCATTER) return 0;
  const name = slotSymbols[symbol] as Exclude<SlotSymbol, 'lantern'>;
  return linePays[name][count - 3] ?? 0;
}

/** A strip of letters as symbol ids; an unknown letter is a bug in the data. */
export function parseStrip(strip: string): number[] {
  return [...strip].map((letter) => {
    const id = symbolLetters.indexOf(letter);
    if (id < 0) throw new Error(`unknown symbol letter ${letter}`);
    return id;
  });
}
