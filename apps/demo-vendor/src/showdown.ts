import { randomInt } from 'node:crypto';
import type { RoundDetail } from '@platform/contract';

/**
 * Three Lamps Showdown, the demo's card PVP game (a made-up game on the three-card showdown family):
 * every player in the hand antes the same stake into the pot, each gets three cards from one shuffled
 * 52-card deck, and the best hand takes the pot less the house's rake (equal best hands split it).
 *
 * Hand order, rarest first (of the 22,100 three-card hands): straight flush (48), three of a kind (52),
 * straight (720), flush (1,096), pair (3,744), high card (16,440). Aces are high, and low in A-2-3.
 *
 * The rake is 5% of the pot. As every seat is dealt alike, each player's share of the pot is 1/N, so a
 * hand returns exactly 95% of the stake before rounding; a split pot's odd minor units (at most
 * winners − 1 of them) stay with the house, which the payout rounds down to.
 */

export const RAKE_PERCENT = 5n;

export const suits = ['s', 'h', 'd', 'c'] as const;
export type Suit = (typeof suits)[number];
/** 2..14 (11 jack, 12 queen, 13 king, 14 ace) */
export type Rank = number;
export interface Card {
  rank: Rank;
  suit: Suit;
}

export const handCategories = [
  'high-card',
  'pair',
  'flush',
  'straight',
  'three-of-a-kind',
  'straight-flush',
] as const;
export type HandCategory = (typeof handCategories)[number];

export interface HandValue {
  category: HandCategory;
  /** the ranks that break a tie within the category, most significant first */
  ranks: number[];
}

export function newDeck(): Card[] {
  return suits.flatMap((suit) =>
    Array.from({ length: 13 }, (_, index) => ({ rank: index + 2, suit }) satisfies Card),
  );
}

/** A uniform shuffle (Fisher–Yates) with crypto.randomInt. */
export function shuffle(cards: Card[], pick: (exclusiveMax: number) => number = randomInt): Card[] {
  const deck = [...cards];
  for (let index = deck.length - 1; index > 0; index -= 1) {
    const other = pick(index + 1);
    [deck[index], deck[other]] = [deck[other] as Card, deck[index] as Card];
  }
  return deck;
}

export function evaluate(hand: readonly Card[]): HandValue {
  if (hand.length !== 3) throw new Error('a showdown hand has three cards');
  const ranks = hand.map((card) => card.rank).sort((a, b) => b - a);
  const [high, middle, low] = ranks as [number, number, number];
  const flush = hand.every((card) => card.suit === hand[0]?.suit);
  const wheel = high === 14 && middle === 3 && low === 2;
  const straight = (high - middle === 1 && middle - low === 1) || wheel;
  // In A-2-3 the ace is low: the straight's top card is the 3.
  const straightRanks = wheel ? [3] : [high];
  if (straight && flush) return { category: 'straight-flush', ranks: straightRanks };
  if (high === low) return { category: 'three-of-a-kind', ranks: [high] };
  if (straight) return { category: 'straight', ranks: straightRanks };
  if (flush) return { category: 'flush', ranks };
  if (high === middle) return { category: 'pair', ranks: [high, low] };
  if (middle === low) return { category: 'pair', ranks: [middle, high] };
  return { category: 'high-card', ranks };
}

/** Positive when a beats b, negative when b wins, zero for equal hands (suits never break ties). */
export function compareHands(a: HandValue, b: HandValue): number {
  const byCategory = handCategories.indexOf(a.category) - handCategories.indexOf(b.category);
  if (byCategory !== 0) return byCategory;
  for (let index = 0; index < Math.max(a.ranks.length, b.ranks.length); index += 1) {
    const difference = (a.ranks[index] ?? 0) - (b.ranks[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The pot after the house's 5% rake, in minor units. */
export function potAfterRake(potMinor: bigint): bigint {
  return potMinor - (potMinor * RAKE_PERCENT) / 100n;
}

/**
 * What each winner of a hand gets (stake included): the pot less the rake, split evenly, rounded down
 * to the minor unit.
 */
export function winnerShare(stakeMinor: bigint, players: number, winners: number): bigint {
  if (winners < 1 || winners > players) throw new Error('winners must be between 1 and the players');
  return potAfterRake(stakeMinor * BigInt(players)) / BigInt(winners);
}

export interface DealtHand {
  seat: number;
  cards: Card[];
  value: HandValue;
}

/** Deals three cards to each seat from one shuffled deck and names the winning seats. */
export function dealShowdown(
  seats: readonly number[],
  pick: (exclusiveMax: number) => number = randomInt,
): { hands: DealtHand[]; winners: number[] } {
  if (seats.length < 2 || seats.length > 17) throw new Error('a showdown needs 2 to 17 seats');
  const deck = shuffle(newDeck(), pick);
  const hands = seats.map((seat, index) => {
    const cards = deck.slice(index * 3, index * 3 + 3);
    return { seat, cards, value: evaluate(cards) };
  });
  const best = hands.reduce((top, hand) => (compareHands(hand.value, top.value) > 0 ? hand : top));
  const winners = hands.filter((hand) => compareHands(hand.value, best.value) === 0).map((hand) => hand.seat);
  return { hands, winners };
}

const rankNames: Record<number, string> = { 11: 'J', 12: 'Q', 13: 'K', 14: 'A' };
/** A card as the page prints it, e.g. "Q♥". */
export function cardLabel(card: Card): string {
  const suit = { s: '♠', h: '♥', d: '♦', c: '♣' }[card.suit];
  return `${rankNames[card.rank] ?? String(card.rank)}${suit}`;
}

/** A card as the betting record's detail writes it: rank and suit, e.g. 'AS', '10H'. */
export function cardCode(card: Card): string {
  return `${rankNames[card.rank] ?? String(card.rank)}${card.suit.toUpperCase()}`;
}

/**
 * A hand as one player's round detail (the contract's `cards` kind): every seat's cards, its hand and
 * whether it won, the player's seat named. For the closing win's `round_detail`.
 */
export function showdownRoundDetail(
  hands: readonly DealtHand[],
  winners: readonly number[],
  seat: number,
): RoundDetail {
  return {
    kind: 'cards',
    hands: hands.map((hand) => ({
      name: hand.seat === seat ? `Seat ${hand.seat + 1} (you)` : `Seat ${hand.seat + 1}`,
      cards: hand.cards.map(cardCode),
      score: hand.value.category,
      won: winners.includes(hand.seat),
    })),
    outcome: winners.includes(seat) ? (winners.length > 1 ? 'split' : 'won') : 'lost',
  };
}
