import type { DrawSpec } from '@platform/contract';

/**
 * A game family: everything the lottery engine needs to know about one kind of game (5-digit SSC,
 * K3 dice, 11-choose-5, PK10, the Vietnamese lottery ...). Pure: no database, clock or randomness. The
 * engine draws the raw numbers from the period's seed by `drawSpec` (contract lottery-draw.ts, so the
 * verification page recomputes them), asks `check` before taking a bet and `judge` when settling.
 *
 * Selections are lists of short tokens (digits, positions, words such as "big"): the engine stores
 * them joined by "," (so a token never holds a comma), and settles every bet with the same bet type
 * and canonical selection with one call to `judge`.
 *
 * Odds are whole thousandths ("milli-odds": 1.98 is 1980): a winning bet pays
 * floor(stake * odds * hits / 1000), stake being the stake of one unit (SelectionCheck.units: a bet may
 * cost several units).
 */
export interface LotteryFamily {
  /** short code stored with each game, e.g. "SSC" */
  readonly code: string;
  /** how the raw numbers of a draw are made from the seed */
  readonly drawSpec: DrawSpec;
  /** every bet type of the family, by code */
  readonly betTypes: Readonly<Record<string, BetTypeSpec>>;
  /** validates and normalises a selection for a bet type; answers why not when it is refused */
  check(betType: string, selection: readonly string[]): SelectionCheck;
  /** the win rule: what a bet of this type and (canonical) selection wins against a draw */
  judge(betType: string, selection: readonly string[], draw: readonly number[]): Judgement;
  /** what players see as the result: the raw draw grouped and named (e.g. VN tiers, "sum 14 big") */
  present?(draw: readonly number[]): DrawPresentation;
}

export interface BetTypeSpec {
  code: string;
  /**
   * Default odds per odds key, milli-odds. Most bet types have one key, "": K3's sum has one per
   * total ("sum:4" ...). The operator overrides them by setting (lottery.odds).
   */
  defaultOdds: Readonly<Record<string, number>>;
}

export type SelectionCheck =
  | {
      ok: true;
      /** the selection as stored and compared: sorted where order does not matter, no duplicates */
      selection: string[];
      /** which of the bet type's odds apply (a key of defaultOdds) */
      oddsKey: string;
      /**
       * How many units the bet costs: the amount debited is stake * units, and a win pays
       * floor(stake * odds * hits / 1000). 1 for most; the Vietnamese bao lô costs one unit per prize
       * position (27 in the North, 18 in the South).
       */
      units: number;
      /** what the house's exposure is counted under (per number per period); defaults to betType:selection */
      exposureKey?: string;
    }
  | { ok: false; reason: string };

export type Judgement =
  /** paid `hits` times at the bet's odds (lô: a number appearing twice pays twice); hits >= 1 */
  | { outcome: 'win'; hits: number }
  | { outcome: 'lose' }
  /** the stake comes back (dragon/tiger when the two are equal) */
  | { outcome: 'tie' };

export interface DrawPresentation {
  /** the numbers as shown, in groups (one group for the electronic games; a tier each for VN) */
  groups: { name: string; numbers: string[] }[];
  /** derived facts shown beside a result, e.g. { sum: "14", size: "big" } */
  facts?: Record<string, string>;
}

export const refuse = (reason: string): SelectionCheck => ({ ok: false, reason });
export const LOSE: Judgement = { outcome: 'lose' };
export const TIE: Judgement = { outcome: 'tie' };
export const win = (hits = 1): Judgement => ({ outcome: 'win', hits });

/** A whole number token within [min, max], or null (no signs, no leading zeros beyond the width). */
export function intToken(token: string | undefined, min: number, max: number): number | null {
  if (token === undefined || !/^\d{1,3}$/.test(token)) return null;
  const value = Number(token);
  return value >= min && value <= max ? value : null;
}

/** A bet type the family does not know (the engine checks the code first; this keeps judge total). */
export function unknownBetType(betType: string): never {
  throw new Error(`lottery: unknown bet type ${betType}`);
}

/**
 * Default odds in milli-odds for a bet that wins with the given probability, returning `rtp` of the
 * stakes on average (rounded down to hundredths): the operator sets the real odds by setting.
 */
export function oddsFor(probability: number, rtp = 0.97): number {
  // The small nudge keeps 0.97 / 0.1 at 9.70 where floating point says 9.6999...
  return Math.floor((rtp / probability) * 100 + 1e-9) * 10;
}

/** Tokens as distinct whole numbers in [min, max], sorted ascending; null if any is not. */
export function distinctInts(tokens: readonly string[], min: number, max: number): number[] | null {
  const values: number[] = [];
  for (const token of tokens) {
    const value = intToken(token, min, max);
    if (value === null) return null;
    values.push(value);
  }
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  return sorted.length === values.length ? sorted : null;
}
