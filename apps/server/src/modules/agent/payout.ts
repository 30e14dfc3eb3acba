/**
 * What a contract pays for a period (issue 14): tiers, the differential rule and the dividend's
 * carry-over. Pure: integer minor units and basis points, no clock, no database. ADR 047.
 */

export interface Tier {
  /** team valid bet (wages, salaries) or team net loss (dividend) the period must reach, minor units */
  min: bigint;
  minActive: number;
  /** 100 = 1% */
  rateBp: number;
}

export interface TierChoice {
  /** 1-based, in the contract's order; 0: no tier reached */
  tier: number;
  rateBp: number;
}

/** The tier the period reaches with the highest rate; none reached: rate 0. */
export function tierFor(tiers: readonly Tier[], figure: bigint, activeMembers: number): TierChoice {
  let best: TierChoice = { tier: 0, rateBp: 0 };
  tiers.forEach((tier, index) => {
    if (figure >= tier.min && activeMembers >= tier.minActive && tier.rateBp > best.rateBp) {
      best = { tier: index + 1, rateBp: tier.rateBp };
    }
  });
  return best;
}

/** rate × base, rounded down to the minor unit; a negative base pays nothing. */
export const atRate = (base: bigint, rateBp: number): bigint =>
  base <= 0n ? 0n : (base * BigInt(rateBp)) / 10_000n;

/** The highest rate of a contract's tiers (a downline's rate may not exceed its upline's). */
export const topRate = (tiers: readonly Tier[]): number => Math.max(0, ...tiers.map((tier) => tier.rateBp));

/**
 * Differential pay: the agent's own rate on its whole team, less what its downlines' contracts pay on
 * their own teams, never below zero.
 */
export function differential(
  own: bigint,
  downlines: readonly bigint[],
): { amount: bigint; deductions: bigint } {
  const deductions = downlines.reduce((sum, value) => sum + value, 0n);
  const amount = own - deductions;
  return { amount: amount > 0n ? amount : 0n, deductions };
}

/**
 * The dividend's base: the period's net loss plus what an earlier losing period (for the house)
 * carried in. A negative result pays nothing and, in carry mode, is carried into the next period.
 */
export function dividendBase(
  netLoss: bigint,
  carryIn: bigint,
  mode: 'carry' | 'reset',
): { base: bigint; carryOut: bigint } {
  const base = netLoss + (mode === 'carry' ? carryIn : 0n);
  if (base >= 0n) return { base, carryOut: 0n };
  return { base: 0n, carryOut: mode === 'carry' ? base : 0n };
}

/** A contracted agent's gross for a period (its own rate on its whole team), before deductions. */
export interface ContractedGross {
  agentId: bigint;
  gross: bigint;
}

export interface TreePay {
  amount: bigint;
  deductions: bigint;
  /** the nearest contracted descendants whose gross was deducted */
  deducted: bigint[];
}

/**
 * Differential pay over an agent tree (issue 26, ADR 093): each contracted agent is paid its own gross
 * less the gross of its nearest contracted descendants (the first contracted agent on each path down, at
 * any depth: an agent without a contract of the kind is transparent), floored at zero.
 * `nearestAbove` names, for each agent, its nearest contracted ancestor among `agents` (none: a top).
 */
export function treePay(
  agents: readonly ContractedGross[],
  nearestAbove: ReadonlyMap<bigint, bigint>,
): Map<bigint, TreePay> {
  const grossOf = new Map(agents.map((agent) => [agent.agentId, agent.gross]));
  const below = new Map<bigint, bigint[]>();
  for (const agent of agents) {
    const above = nearestAbove.get(agent.agentId);
    if (above === undefined || !grossOf.has(above)) continue;
    below.set(above, [...(below.get(above) ?? []), agent.agentId]);
  }
  const pay = new Map<bigint, TreePay>();
  for (const agent of agents) {
    const deducted = below.get(agent.agentId) ?? [];
    const { amount, deductions } = differential(
      agent.gross,
      deducted.map((id) => grossOf.get(id) ?? 0n),
    );
    pay.set(agent.agentId, { amount, deductions, deducted });
  }
  return pay;
}
