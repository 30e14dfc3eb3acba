import {
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
 * 10-car race (PK10 style): the finishing order of cars 1-10 (position 1 is the winner).
 *
 * - position [position 1-10, car 1-10]: that car finishes at that position.
 * - size [position, big|small]: the car at the position is big at 6-10.
 * - parity [position, odd|even].
 * - sum12 [3-19]: the sum of the first two cars (odds per total, keys sum:3 ... sum:19).
 * - sum12-size [big|small]: that sum is big at 12-19, small at 3-11 (odds per side: 40 and 50 of 90).
 * - sum12-parity [odd|even] (odd 50 of 90, even 40).
 * - dragon-tiger [position 1-5, dragon|tiger]: the car at the position against the car at 11 minus it
 *   (1 v 10, 2 v 9 ...); dragon when the first is higher. Two cars are never equal, so no tie.
 */
const waysToSum = (() => {
  const ways = new Map<number, number>();
  for (let a = 1; a <= 10; a += 1)
    for (let b = 1; b <= 10; b += 1) if (a !== b) ways.set(a + b, (ways.get(a + b) ?? 0) + 1);
  return ways;
})();
const SIDE = 1980;
const betTypes: Record<string, BetTypeSpec> = {
  position: { code: 'position', defaultOdds: { '': oddsFor(1 / 10) } },
  size: { code: 'size', defaultOdds: { '': SIDE } },
  parity: { code: 'parity', defaultOdds: { '': SIDE } },
  sum12: {
    code: 'sum12',
    defaultOdds: Object.fromEntries(
      [...waysToSum].map(([total, ways]) => [`sum:${total}`, oddsFor(ways / 90)]),
    ),
  },
  'sum12-size': { code: 'sum12-size', defaultOdds: { big: oddsFor(40 / 90), small: oddsFor(50 / 90) } },
  'sum12-parity': { code: 'sum12-parity', defaultOdds: { odd: oddsFor(50 / 90), even: oddsFor(40 / 90) } },
  'dragon-tiger': { code: 'dragon-tiger', defaultOdds: { '': SIDE } },
};

const one = (selection: string[], oddsKey = ''): SelectionCheck => ({
  ok: true,
  selection,
  oddsKey,
  units: 1,
});

function check(betType: string, selection: readonly string[]): SelectionCheck {
  const [first, second] = selection;
  switch (betType) {
    case 'position': {
      const position = intToken(first, 1, 10);
      const car = intToken(second, 1, 10);
      if (position === null || car === null || selection.length !== 2)
        return refuse('position takes a position 1-10 and a car 1-10');
      return one([String(position), String(car)]);
    }
    case 'size':
    case 'parity': {
      const position = intToken(first, 1, 10);
      const words = betType === 'size' ? ['big', 'small'] : ['odd', 'even'];
      if (position === null || selection.length !== 2 || second === undefined || !words.includes(second))
        return refuse(`${betType} takes a position 1-10 and ${words.join(' or ')}`);
      return one([String(position), second]);
    }
    case 'sum12': {
      const total = intToken(first, 3, 19);
      if (total === null || selection.length !== 1) return refuse('sum12 takes a total 3-19');
      return one([String(total)], `sum:${total}`);
    }
    case 'sum12-size':
    case 'sum12-parity': {
      const words = betType === 'sum12-size' ? ['big', 'small'] : ['odd', 'even'];
      if (selection.length !== 1 || first === undefined || !words.includes(first))
        return refuse(`${betType} takes ${words.join(' or ')}`);
      return one([first], first);
    }
    case 'dragon-tiger': {
      const position = intToken(first, 1, 5);
      if (position === null || selection.length !== 2 || (second !== 'dragon' && second !== 'tiger'))
        return refuse('dragon-tiger takes a position 1-5 and dragon or tiger');
      return one([String(position), second]);
    }
    default:
      return refuse(`unknown bet type ${betType}`);
  }
}

function judge(betType: string, selection: readonly string[], draw: readonly number[]): Judgement {
  const [first = '', second = ''] = selection;
  const at = (position: number) => draw[position - 1] as number;
  const sum12 = at(1) + at(2);
  switch (betType) {
    case 'position':
      return at(Number(first)) === Number(second) ? win() : LOSE;
    case 'size':
      return (second === 'big') === at(Number(first)) >= 6 ? win() : LOSE;
    case 'parity':
      return (second === 'odd') === (at(Number(first)) % 2 === 1) ? win() : LOSE;
    case 'sum12':
      return sum12 === Number(first) ? win() : LOSE;
    case 'sum12-size':
      return (first === 'big') === sum12 >= 12 ? win() : LOSE;
    case 'sum12-parity':
      return (first === 'odd') === (sum12 % 2 === 1) ? win() : LOSE;
    case 'dragon-tiger': {
      const position = Number(first);
      return (second === 'dragon') === at(position) > at(11 - position) ? win() : LOSE;
    }
    default:
      return unknownBetType(betType);
  }
}

export const pk10Family: LotteryFamily = {
  code: 'PK10',
  drawSpec: { kind: 'without-replacement', count: 10, min: 1, max: 10 },
  betTypes,
  check,
  judge,
  present: (draw) => {
    const sum12 = (draw[0] as number) + (draw[1] as number);
    return {
      groups: [{ name: 'cars', numbers: draw.map((car) => String(car).padStart(2, '0')) }],
      facts: {
        sum12: String(sum12),
        size: sum12 >= 12 ? 'big' : 'small',
        parity: sum12 % 2 === 1 ? 'odd' : 'even',
      },
    };
  },
};
