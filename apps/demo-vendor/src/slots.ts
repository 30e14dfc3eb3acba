import { providerMoney, type RoundDetail } from '@platform/contract';

/**
 * The slot machines' mathematics. A spin draws one stop per reel, each with crypto.randomInt (uniform,
 * unbiased); the window shows `rows` consecutive symbols of every reel strip. A payline pays when the
 * same symbol lies on it from the leftmost reel for at least three reels; the pay is in line bets
 * (stake / lines). The return to player is what the strips and the paytable give, computed exactly by
 * enumerating every stop in slots.test.ts, never tuned at play time.
 */

export const slotSymbols = [
  'seven',
  'star',
  'bell',
  'mango',
  'leaf',
  'lotus',
  'fish',
  'boat',
  'moon',
] as const;
export type SlotSymbol = (typeof slotSymbols)[number];

export interface SlotMachine {
  reels: readonly (readonly SlotSymbol[])[];
  rows: number;
  /** each line: the row it crosses on every reel */
  lines: readonly (readonly number[])[];
  /** pays in line bets, by symbol, for 3, 4 and 5 in a row */
  pays: Partial<Record<SlotSymbol, readonly [number, number, number]>>;
}

/** What one spin shows and pays. */
export interface SpinOutcome {
  stops: number[];
  /** grid[row][reel] */
  grid: SlotSymbol[][];
  wins: { line: number; symbol: SlotSymbol; count: number; pay: bigint }[];
  /** minor units */
  total: bigint;
}

const strip = (counts: Partial<Record<SlotSymbol, number>>, order: readonly SlotSymbol[]): SlotSymbol[] => {
  // Symbols are spread round the strip in turn so equal symbols rarely sit together.
  const left = new Map(order.map((symbol) => [symbol, counts[symbol] ?? 0]));
  const out: SlotSymbol[] = [];
  while ([...left.values()].some((count) => count > 0)) {
    for (const symbol of order) {
      const count = left.get(symbol) ?? 0;
      if (count > 0) {
        out.push(symbol);
        left.set(symbol, count - 1);
      }
    }
  }
  return out;
};

const mangoOrder: readonly SlotSymbol[] = ['leaf', 'mango', 'bell', 'leaf', 'star', 'seven'];
const mangoStrip = strip({ leaf: 8, mango: 6, bell: 4, star: 3, seven: 1 }, mangoOrder);

/** Mango Grove: 3 reels, 3 rows, 5 lines (the rows and both diagonals). */
export const mangoGrove: SlotMachine = {
  reels: [mangoStrip, mangoStrip, mangoStrip],
  rows: 3,
  lines: [
    [1, 1, 1],
    [0, 0, 0],
    [2, 2, 2],
    [0, 1, 2],
    [2, 1, 0],
  ],
  pays: { seven: [300, 0, 0], star: [65, 0, 0], bell: [30, 0, 0], mango: [15, 0, 0], leaf: [6, 0, 0] },
};

const riverOrder: readonly SlotSymbol[] = ['fish', 'lotus', 'boat', 'fish', 'moon', 'lotus', 'star', 'seven'];
const riverStrip = strip({ fish: 7, lotus: 6, boat: 4, moon: 3, star: 2, seven: 1 }, riverOrder);

/** River Lanterns: 5 reels, 3 rows, 10 lines. */
export const riverLanterns: SlotMachine = {
  reels: [riverStrip, riverStrip, riverStrip, riverStrip, riverStrip],
  rows: 3,
  lines: [
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
  ],
  pays: {
    seven: [100, 500, 2000],
    star: [50, 200, 700],
    moon: [25, 100, 300],
    boat: [14, 50, 150],
    lotus: [9, 30, 90],
    fish: [6, 18, 60],
  },
};

export const slotMachines: Record<string, SlotMachine> = {
  'mango-grove': mangoGrove,
  'river-lanterns': riverLanterns,
};

/** The window and pay of given stops (the evaluation is pure; the stops are the only randomness). */
export function evaluateSpin(
  machine: SlotMachine,
  stops: readonly number[],
  stakeMinor: bigint,
): SpinOutcome {
  const grid: SlotSymbol[][] = Array.from({ length: machine.rows }, (_, row) =>
    machine.reels.map((reel, index) => reel[((stops[index] ?? 0) + row) % reel.length] as SlotSymbol),
  );
  const lineCount = BigInt(machine.lines.length);
  const wins: SpinOutcome['wins'] = [];
  machine.lines.forEach((line, lineIndex) => {
    const symbols = line.map((row, reel) => grid[row]?.[reel] as SlotSymbol);
    const first = symbols[0] as SlotSymbol;
    let count = 1;
    while (count < symbols.length && symbols[count] === first) count += 1;
    const pay = count >= 3 ? (machine.pays[first]?.[count - 3] ?? 0) : 0;
    if (pay > 0) {
      wins.push({ line: lineIndex, symbol: first, count, pay: (stakeMinor * BigInt(pay)) / lineCount });
    }
  });
  return { stops: [...stops], grid, wins, total: wins.reduce((sum, win) => sum + win.pay, 0n) };
}

/** One spin: a stop per reel from `pick` (crypto.randomInt in play: uniform over the strip). */
export function spin(
  machine: SlotMachine,
  stakeMinor: bigint,
  pick: (exclusiveMax: number) => number,
): SpinOutcome {
  return evaluateSpin(
    machine,
    machine.reels.map((reel) => pick(reel.length)),
    stakeMinor,
  );
}

/**
 * The exact return to player, as a fraction of the stake. Every stop is equally likely, so each reel
 * shows a symbol on any row with its share of the strip, reels independently: a line's expected pay
 * (in line bets) is the same for every line, and the whole stake is `lines` line bets.
 */
export function returnToPlayer(machine: SlotMachine): number {
  const share = (reel: readonly SlotSymbol[], symbol: SlotSymbol) =>
    reel.filter((item) => item === symbol).length / reel.length;
  let expected = 0;
  for (const symbol of slotSymbols) {
    const pays = machine.pays[symbol];
    if (!pays) continue;
    let run = 1;
    for (let count = 1; count <= machine.reels.length; count += 1) {
      run *= share(machine.reels[count - 1] as SlotSymbol[], symbol);
      if (count < 3) continue;
      const next = machine.reels[count];
      const stops = next ? 1 - share(next, symbol) : 1;
      expected += run * stops * (pays[count - 3] ?? 0);
    }
  }
  return expected;
}

/**
 * What the spin showed, for the player's betting record: each reel top to bottom as it stopped, and
 * each paying line (numbered from 1, as the page shows them) with its symbols and pay.
 */
export function slotRoundDetail(outcome: SpinOutcome): RoundDetail {
  const reelCount = outcome.grid[0]?.length ?? 0;
  return {
    kind: 'slot',
    reels: Array.from({ length: reelCount }, (_, reel) => outcome.grid.map((row) => row[reel] as SlotSymbol)),
    lines: outcome.wins.map((win) => ({
      line: win.line + 1,
      symbols: Array.from({ length: win.count }, () => win.symbol).join(' '),
      pays: providerMoney(win.pay),
    })),
  };
}
