import {
  distinctInts,
  intToken,
  LOSE,
  oddsFor,
  refuse,
  TIE,
  unknownBetType,
  win,
  type BetTypeSpec,
  type Judgement,
  type LotteryFamily,
  type SelectionCheck,
} from './family.js';

/**
 * 5-digit game (SSC style): five digits 0-9, one per position (1 = ten-thousands ... 5 = units),
 * drawn independently.
 *
 * Bet types and selections:
 * - digit [position 1-5, digit]: that digit at that position.
 * - straight3 [block F|M|B, d, d, d]: the three digits of the block (F = positions 1-3, M = 2-4,
 *   B = 3-5) in that order.
 * - group3 [block, pairDigit, singleDigit]: the block's digits are the pair twice and the single once,
 *   in any order (a triple is not a group-3 result).
 * - group6 [block, a, b, c]: three different digits, in any order (a result with a repeated digit loses).
 * - size [position 1-5 | sum, big|small]: a digit is big at 5-9; the sum of the five (0-45) at 23-45.
 * - parity [position 1-5 | sum, odd|even].
 * - dragon-tiger [dragon|tiger|tie]: position 1 against position 5; dragon when the first is higher.
 *   On equal digits dragon and tiger bets are a tie (stake returned) and a "tie" bet wins.
 */
const blocks = { F: [0, 1, 2], M: [1, 2, 3], B: [2, 3, 4] } as const;
type Block = keyof typeof blocks;
const isBlock = (token: string | undefined): token is Block =>
  token === 'F' || token === 'M' || token === 'B';

const SIDE = 1980;
const betTypes: Record<string, BetTypeSpec> = {
  digit: { code: 'digit', defaultOdds: { '': oddsFor(1 / 10) } },
  straight3: { code: 'straight3', defaultOdds: { '': oddsFor(1 / 1000) } },
  group3: { code: 'group3', defaultOdds: { '': oddsFor(3 / 1000) } },
  group6: { code: 'group6', defaultOdds: { '': oddsFor(6 / 1000) } },
  size: { code: 'size', defaultOdds: { '': SIDE } },
  parity: { code: 'parity', defaultOdds: { '': SIDE } },
  'dragon-tiger': { code: 'dragon-tiger', defaultOdds: { dragon: SIDE, tiger: SIDE, tie: oddsFor(1 / 10) } },
};

const one = (selection: string[], oddsKey = ''): SelectionCheck => ({
  ok: true,
  selection,
  oddsKey,
  units: 1,
});

function check(betType: string, selection: readonly string[]): SelectionCheck {
  const [first, ...rest] = selection;
  switch (betType) {
    case 'digit': {
      const position = intToken(first, 1, 5);
      const digit = intToken(rest[0], 0, 9);
      if (position === null || digit === null || rest.length !== 1)
        return refuse('digit takes a position 1-5 and a digit 0-9');
      return one([String(position), String(digit)]);
    }
    case 'straight3': {
      const digits = rest.map((token) => intToken(token, 0, 9));
      if (!isBlock(first) || digits.length !== 3 || digits.includes(null))
        return refuse('straight3 takes a block (F, M or B) and three digits');
      return one([first, ...digits.map(String)]);
    }
    case 'group3': {
      const pair = intToken(rest[0], 0, 9);
      const single = intToken(rest[1], 0, 9);
      if (!isBlock(first) || rest.length !== 2 || pair === null || single === null || pair === single)
        return refuse('group3 takes a block, the pair digit and a different single digit');
      return one([first, String(pair), String(single)]);
    }
    case 'group6': {
      const digits = distinctInts(rest, 0, 9);
      if (!isBlock(first) || digits === null || digits.length !== 3)
        return refuse('group6 takes a block and three different digits');
      return one([first, ...digits.map(String)]);
    }
    case 'size':
    case 'parity': {
      const where = first === 'sum' ? 'sum' : intToken(first, 1, 5);
      const words = betType === 'size' ? ['big', 'small'] : ['odd', 'even'];
      const side = rest[0];
      if (where === null || rest.length !== 1 || side === undefined || !words.includes(side))
        return refuse(`${betType} takes a position 1-5 or "sum", and ${words.join(' or ')}`);
      return one([String(where), side]);
    }
    case 'dragon-tiger':
      if (selection.length !== 1 || (first !== 'dragon' && first !== 'tiger' && first !== 'tie'))
        return refuse('dragon-tiger takes dragon, tiger or tie');
      return one([first], first);
    default:
      return refuse(`unknown bet type ${betType}`);
  }
}

const digitsOf = (block: Block, draw: readonly number[]) =>
  blocks[block].map((index) => draw[index] as number);
const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);
const sumOf = (draw: readonly number[]) => draw.reduce((total, digit) => total + digit, 0);

function judge(betType: string, selection: readonly string[], draw: readonly number[]): Judgement {
  const [first = '', ...rest] = selection;
  const numbers = rest.map(Number);
  switch (betType) {
    case 'digit':
      return draw[Number(first) - 1] === numbers[0] ? win() : LOSE;
    case 'straight3':
      return sameList(digitsOf(first as Block, draw), numbers) ? win() : LOSE;
    case 'group3': {
      const [pair = -1, single = -1] = numbers;
      return sameList(sorted(digitsOf(first as Block, draw)), sorted([pair, pair, single])) ? win() : LOSE;
    }
    case 'group6':
      return sameList(sorted(digitsOf(first as Block, draw)), numbers) ? win() : LOSE;
    case 'size': {
      const value = first === 'sum' ? sumOf(draw) : (draw[Number(first) - 1] as number);
      const big = first === 'sum' ? value >= 23 : value >= 5;
      return (rest[0] === 'big') === big ? win() : LOSE;
    }
    case 'parity': {
      const value = first === 'sum' ? sumOf(draw) : (draw[Number(first) - 1] as number);
      return (rest[0] === 'odd') === (value % 2 === 1) ? win() : LOSE;
    }
    case 'dragon-tiger': {
      const dragon = draw[0] as number;
      const tiger = draw[4] as number;
      if (first === 'tie') return dragon === tiger ? win() : LOSE;
      if (dragon === tiger) return TIE;
      return (first === 'dragon') === dragon > tiger ? win() : LOSE;
    }
    default:
      return unknownBetType(betType);
  }
}

export const sscFamily: LotteryFamily = {
  code: 'SSC',
  drawSpec: { kind: 'with-replacement', count: 5, min: 0, max: 9 },
  betTypes,
  check,
  judge,
  present: (draw) => {
    const sum = sumOf(draw);
    const dragon = draw[0] as number;
    const tiger = draw[4] as number;
    return {
      groups: [{ name: 'digits', numbers: draw.map(String) }],
      facts: {
        sum: String(sum),
        size: sum >= 23 ? 'big' : 'small',
        parity: sum % 2 === 1 ? 'odd' : 'even',
        dragonTiger: dragon === tiger ? 'tie' : dragon > tiger ? 'dragon' : 'tiger',
      },
    };
  },
};
