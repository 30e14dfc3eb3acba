import { parseMoney, type SlotRound } from '@platform/contract/client';

/** What the player chose when starting autoplay. */
export interface AutoplayPlan {
  /** spins left, this one included */
  remaining: number;
  /** stop after a round that wins more than this (minor units); null: never for a win */
  stopAbove: bigint | null;
}

export type AutoplayStop = 'done' | 'bigWin' | 'freeSpins' | 'balance' | 'error' | 'player';

/** Spin counts offered; multiples of the bet offered as the "stop on a win above" amount. */
export const AUTOPLAY_COUNTS = [10, 25, 50, 100] as const;
export const STOP_WIN_MULTIPLES = [10, 25, 50, 100] as const;

/**
 * After a round: go on (the plan with one spin fewer) or why autoplay stops. Free spins stop it so the
 * player sees the feature; a win above the chosen amount stops it; so does a balance that cannot pay
 * the next bet, and the last spin of the count.
 */
export function nextAutoplay(
  plan: AutoplayPlan,
  round: SlotRound,
  balanceAfter: bigint | null,
  bet: bigint,
): { plan: AutoplayPlan } | { stop: AutoplayStop } {
  if (plan.stopAbove !== null && parseMoney(round.win) > plan.stopAbove) return { stop: 'bigWin' };
  if (round.freeSpins.length > 0) return { stop: 'freeSpins' };
  if (plan.remaining <= 1) return { stop: 'done' };
  if (balanceAfter !== null && balanceAfter < bet) return { stop: 'balance' };
  return { plan: { ...plan, remaining: plan.remaining - 1 } };
}
