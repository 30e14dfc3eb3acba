import {
  distinctInts,
  intToken,
  LOSE,
  oddsFor,
  refuse,
  unknownBetType,
  win,
  type BetTypeSpec,
  type Judgement,
  type LotteryFamily,
  type SelectionCheck,
} from './family.js';

/**
 * 11-choose-5: five different numbers from 1-11, in the order drawn.
 *
 * - any [k numbers, k 1-8] (odds per k, keys any:1 ... any:8): for k up to 5 every chosen number is
 *   among the five drawn; for k from 5 up every drawn number is among those chosen.
 * - first [n]: n drawn first.
 * - front2 [a, b]: a first and b second.
 * - front3 [a, b, c]: a, b, c first, second and third.
 */
const choose = (n: number, k: number): number => {
  let result = 1;
  for (let index = 0; index < k; index += 1) result = (result * (n - index)) / (index + 1);
  return result;
};
const anyProbability = (k: number) =>
  k <= 5 ? choose(5, k) / choose(11, k) : choose(11 - 5, k - 5) / choose(11, 5);

const anyOdds = Object.fromEntries(
  [1, 2, 3, 4, 5, 6, 7, 8].map((k) => [`any:${k}`, oddsFor(anyProbability(k))]),
);
const betTypes: Record<string, BetTypeSpec> = {
  any: { code: 'any', defaultOdds: anyOdds },
  first: { code: 'first', defaultOdds: { '': oddsFor(1 / 11) } },
  front2: { code: 'front2', defaultOdds: { '': oddsFor(1 / 110) } },
  front3: { code: 'front3', defaultOdds: { '': oddsFor(1 / 990) } },
};

function ordered(selection: readonly string[], size: number): number[] | null {
  const numbers = selection.map((token) => intToken(token, 1, 11));
  if (numbers.length !== size || numbers.includes(null)) return null;
  return new Set(numbers).size === size ? (numbers as number[]) : null;
}

function check(betType: string, selection: readonly string[]): SelectionCheck {
  switch (betType) {
    case 'any': {
      const numbers = distinctInts(selection, 1, 11);
      if (numbers === null || numbers.length < 1 || numbers.length > 8)
        return refuse('any takes 1 to 8 different numbers 1-11');
      return { ok: true, selection: numbers.map(String), oddsKey: `any:${numbers.length}`, units: 1 };
    }
    case 'first':
    case 'front2':
    case 'front3': {
      const size = betType === 'first' ? 1 : betType === 'front2' ? 2 : 3;
      const numbers = ordered(selection, size);
      if (numbers === null) return refuse(`${betType} takes ${size} different numbers 1-11 in order`);
      return { ok: true, selection: numbers.map(String), oddsKey: '', units: 1 };
    }
    default:
      return refuse(`unknown bet type ${betType}`);
  }
}

function judge(betType: string, selection: readonly string[], draw: readonly number[]): Judgement {
  const chosen = selection.map(Number);
  switch (betType) {
    case 'any':
      return chosen.length <= 5
        ? chosen.every((number) => draw.includes(number))
          ? win()
          : LOSE
        : draw.every((number) => chosen.includes(number))
          ? win()
          : LOSE;
    case 'first':
    case 'front2':
    case 'front3':
      return chosen.every((number, index) => draw[index] === number) ? win() : LOSE;
    default:
      return unknownBetType(betType);
  }
}

export const elevenFiveFamily: LotteryFamily = {
  code: 'X115',
  drawSpec: { kind: 'without-replacement', count: 5, min: 1, max: 11 },
  betTypes,
  check,
  judge,
  present: (draw) => ({
    groups: [{ name: 'numbers', numbers: draw.map((number) => String(number).padStart(2, '0')) }],
    facts: { sum: String(draw.reduce((total, number) => total + number, 0)) },
  }),
};
