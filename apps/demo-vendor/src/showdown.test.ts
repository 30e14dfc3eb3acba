import { roundDetailSchema } from '@platform/contract';
import { describe, expect, it } from 'vitest';
import {
  compareHands,
  dealShowdown,
  evaluate,
  handCategories,
  newDeck,
  potAfterRake,
  showdownRoundDetail,
  shuffle,
  winnerShare,
  type Card,
  type HandCategory,
} from './showdown.js';

const card = (text: string): Card => {
  const rank = { J: 11, Q: 12, K: 13, A: 14 }[text.slice(0, -1)] ?? Number(text.slice(0, -1));
  return { rank, suit: text.slice(-1) as Card['suit'] };
};
const hand = (...cards: string[]) => evaluate(cards.map(card));

describe('Three Lamps Showdown rules', () => {
  it('has exactly the three-card hand counts of a 52-card deck (22,100 hands)', () => {
    const deck = newDeck();
    const counts = Object.fromEntries(handCategories.map((category) => [category, 0])) as Record<
      HandCategory,
      number
    >;
    for (let a = 0; a < deck.length; a += 1)
      for (let b = a + 1; b < deck.length; b += 1)
        for (let c = b + 1; c < deck.length; c += 1)
          counts[evaluate([deck[a], deck[b], deck[c]] as Card[]).category] += 1;
    expect(counts).toEqual({
      'straight-flush': 48,
      'three-of-a-kind': 52,
      straight: 720,
      flush: 1096,
      pair: 3744,
      'high-card': 16440,
    });
  });

  it('ranks the rarer hand higher, and breaks ties by the ranks, never the suits', () => {
    const order = [
      hand('As', 'Kd', 'Jc'),
      hand('2s', '2d', 'Ac'),
      hand('4h', '7h', 'Jh'),
      hand('Ah', '2d', '3c'),
      hand('7s', '7d', '7c'),
      hand('Qh', 'Kh', 'Ah'),
    ];
    expect(order.map((value) => value.category)).toEqual([
      'high-card',
      'pair',
      'flush',
      'straight',
      'three-of-a-kind',
      'straight-flush',
    ]);
    for (let index = 1; index < order.length; index += 1) {
      expect(compareHands(order[index]!, order[index - 1]!)).toBeGreaterThan(0);
    }
    // A-2-3 is the lowest straight, A-K-Q the highest.
    expect(compareHands(hand('Ah', '2d', '3c'), hand('2h', '3d', '4c'))).toBeLessThan(0);
    expect(compareHands(hand('Ah', 'Kd', 'Qc'), hand('Kh', 'Qd', 'Jc'))).toBeGreaterThan(0);
    // A pair is compared by the pair, then the odd card.
    expect(compareHands(hand('9h', '9d', '2c'), hand('8h', '8d', 'Ac'))).toBeGreaterThan(0);
    expect(compareHands(hand('9h', '9d', '5c'), hand('9s', '9c', '4c'))).toBeGreaterThan(0);
    expect(compareHands(hand('9h', '9d', '5c'), hand('9s', '9c', '5d'))).toBe(0);
    expect(compareHands(hand('Kh', '9d', '5c'), hand('Ks', '9c', '4d'))).toBeGreaterThan(0);
  });

  it('takes a 5% rake: each of N players antes the stake, the winner gets 95% of the pot', () => {
    expect(potAfterRake(4000n)).toBe(3800n);
    // Four players at 10.00: the pot is 40.00, the winner gets 38.00.
    expect(winnerShare(1000n, 4, 1)).toBe(3800n);
    // Two winners split it; an odd minor unit stays with the house (rounded down).
    expect(winnerShare(1000n, 4, 2)).toBe(1900n);
    expect(winnerShare(1000n, 3, 2)).toBe(1425n);
    expect(winnerShare(333n, 3, 3)).toBe(316n);
    // Each player holds 1/N of the pot by symmetry, so the return is 95% of the stake exactly
    // when nobody splits: (N × stake × 0.95) / N.
    for (const players of [2, 3, 4, 6]) {
      expect(winnerShare(1000n, players, 1) / BigInt(players)).toBe(950n);
    }
    expect(() => winnerShare(1000n, 2, 0)).toThrow();
    expect(() => winnerShare(1000n, 2, 3)).toThrow();
  });

  it('deals three different cards to every seat from one deck and names every best hand', () => {
    let calls = 0;
    const pick = (max: number) => {
      calls += 1;
      return max - 1;
    };
    const { hands, winners } = dealShowdown([0, 1, 2, 3], pick);
    expect(calls).toBe(51);
    const dealt = hands.flatMap((item) => item.cards.map((c) => `${c.rank}${c.suit}`));
    expect(new Set(dealt).size).toBe(12);
    const best = hands.reduce((top, item) => (compareHands(item.value, top.value) > 0 ? item : top));
    expect(winners).toEqual(
      hands.filter((item) => compareHands(item.value, best.value) === 0).map((item) => item.seat),
    );
    expect(() => dealShowdown([0])).toThrow();
  });

  it('shuffles every card into every place (a uniform Fisher–Yates)', () => {
    const deck = newDeck();
    // Always picking 0 rotates the deck: each card lands in one place, and all 52 stay.
    const shuffled = shuffle(deck, () => 0);
    expect(shuffled).toHaveLength(52);
    expect(new Set(shuffled.map((c) => `${c.rank}${c.suit}`)).size).toBe(52);
    expect(shuffled).not.toEqual(deck);
  });

  it("tells the betting record every seat's cards as the contract's cards detail", () => {
    const { hands, winners } = dealShowdown([0, 1, 2], (max) => max - 1);
    const detail = roundDetailSchema.parse(showdownRoundDetail(hands, winners, 1));
    if (detail.kind !== 'cards') throw new Error(detail.kind);
    expect(detail.hands.map((hand) => hand.name)).toEqual(['Seat 1', 'Seat 2 (you)', 'Seat 3']);
    expect(detail.hands.flatMap((hand) => hand.cards)).toHaveLength(9);
    expect(detail.hands.filter((hand) => hand.won).length).toBe(winners.length);
    expect(detail.outcome).toBe(winners.includes(1) ? (winners.length > 1 ? 'split' : 'won') : 'lost');
  });
});
