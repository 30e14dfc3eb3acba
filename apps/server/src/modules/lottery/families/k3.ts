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
 * Three dice (K3 style), each 1-6.
 *
 * - sum [3-18]: the dice's total (odds per total, keys sum:3 ... sum:18).
 * - size [big|small]: big 11-18, small 3-10; any triple loses (the house's edge, as K3 sites do).
 * - parity [odd|even] of the total; any triple loses.
 * - any-triple [any]: the three dice equal.
 * - triple [n]: three n.
 * - pair [n]: at least two dice show n (a triple of n counts).
 * - two-different [a, b]: a and b (a ≠ b) both among the dice.
 * - three-different [a, b, c]: the dice are a, b and c, one each.
 */
const waysToSum = (() => {
  const ways = new Map<number, number>();
  for (let a = 1; a <= 6; a += 1)
    for (let b = 1; b <= 6; b += 1)
      for (let c = 1; c <= 6; c += 1) ways.set(a + b + c, (ways.get(a + b + c) ?? 0) + 1);
  return ways;
})();

const SIDE = 1980;
const sumOdds = Object.fromEntries(
  [...waysToSum].map(([total, ways]) => [`sum:${total}`, oddsFor(ways / 216)]),
);
const betTypes: Record<string, BetTypeSpec> = {
  sum: { code: 'sum', defaultOdds: sumOdds },
  size: { code: 'size', defaultOdds: { '': SIDE } },
  parity: { code: 'parity', defaultOdds: { '': SIDE } },
  'any-triple': { code: 'any-triple', defaultOdds: { '': oddsFor(6 / 216) } },
  triple: { code: 'triple', defaultOdds: { '': oddsFor(1 / 216) } },
  pair: { code: 'pair', defaultOdds: { '': oddsFor(16 / 216) } },
  'two-different': { code: 'two-different', defaultOdds: { '': oddsFor(30 / 216) } },
  'three-different': { code: 'three-different', defaultOdds: { '': oddsFor(6 / 216) } },
};

const one = (selection: string[], oddsKey = ''): SelectionCheck => ({
  ok: true,
  selection,
  oddsKey,
  units: 1,
});

function check(betType: string, selection: readonly string[]): SelectionCheck {
  const [first] = selection;
  switch (betType) {
    case 'sum': {
      const total = intToken(first, 3, 18);
      if (total === null || selection.length !== 1) return refuse('sum takes a total 3-18');
      return one([String(total)], `sum:${total}`);
    }
    case 'size':
      if (selection.length !== 1 || (first !== 'big' && first !== 'small'))
        return refuse('size takes big or small');
      return one([first]);
    case 'parity':
      if (selection.length !== 1 || (first !== 'odd' && first !== 'even'))
        return refuse('parity takes odd or even');
      return one([first]);
    case 'any-triple':
      if (selection.length !== 1 || first !== 'any') return refuse('any-triple takes "any"');
      return one(['any']);
    case 'triple':
    case 'pair': {
      const face = intToken(first, 1, 6);
      if (face === null || selection.length !== 1) return refuse(`${betType} takes one face 1-6`);
      return one([String(face)]);
    }
    case 'two-different':
    case 'three-different': {
      const size = betType === 'two-different' ? 2 : 3;
      const faces = distinctInts(selection, 1, 6);
      if (faces === null || faces.length !== size)
        return refuse(`${betType} takes ${size} different faces 1-6`);
      return one(faces.map(String));
    }
    default:
      return refuse(`unknown bet type ${betType}`);
  }
}

function judge(betType: string, selection: readonly string[], draw: readonly number[]): Judgement {
  const [a = 0, b = 0, c = 0] = draw;
  const total = a + b + c;
  const triple = a === b && b === c;
  const count = (face: number) => draw.filter((die) => die === face).length;
  const chosen = selection.map(Number);
  switch (betType) {
    case 'sum':
      return total === chosen[0] ? win() : LOSE;
    case 'size':
      return !triple && (selection[0] === 'big') === total >= 11 ? win() : LOSE;
    case 'parity':
      return !triple && (selection[0] === 'odd') === (total % 2 === 1) ? win() : LOSE;
    case 'any-triple':
      return triple ? win() : LOSE;
    case 'triple':
      return triple && a === chosen[0] ? win() : LOSE;
    case 'pair':
      return count(chosen[0] as number) >= 2 ? win() : LOSE;
    case 'two-different':
      return chosen.every((face) => count(face) >= 1) ? win() : LOSE;
    case 'three-different':
      return chosen.every((face) => count(face) === 1) ? win() : LOSE;
    default:
      return unknownBetType(betType);
  }
}

export const k3Family: LotteryFamily = {
  code: 'K3',
  drawSpec: { kind: 'with-replacement', count: 3, min: 1, max: 6 },
  betTypes,
  check,
  judge,
  present: (draw) => {
    const total = draw.reduce((sum, die) => sum + die, 0);
    const triple = draw[0] === draw[1] && draw[1] === draw[2];
    return {
      groups: [{ name: 'dice', numbers: draw.map(String) }],
      facts: {
        sum: String(total),
        size: triple ? 'triple' : total >= 11 ? 'big' : 'small',
        parity: triple ? 'triple' : total % 2 === 1 ? 'odd' : 'even',
      },
    };
  },
};
