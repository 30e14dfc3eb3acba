import { VN_STRUCTURES, type VnRegion, type VnResult } from './regions.js';

/**
 * Checks an operator-entered result against its region's structure before it can be confirmed.
 * Every problem is reported (not only the first), each naming the tier and the number, so the operator
 * can fix the whole entry at once. Repeated numbers are allowed: real draws repeat last-two digits.
 */
export type VnResultProblem =
  | { code: 'TIER_COUNT'; expected: number; actual: number }
  | { code: 'NUMBER_COUNT'; tier: number; expected: number; actual: number }
  | { code: 'NUMBER_FORMAT'; tier: number; index: number; digits: number; value: string };

export type VnResultCheck = { ok: true; result: VnResult } | { ok: false; problems: VnResultProblem[] };

export function validateVnResult(region: VnRegion, tiers: readonly (readonly string[])[]): VnResultCheck {
  const shape = VN_STRUCTURES[region].tiers;
  const problems: VnResultProblem[] = [];
  if (tiers.length !== shape.length) {
    problems.push({ code: 'TIER_COUNT', expected: shape.length, actual: tiers.length });
  }
  shape.forEach((tier, rank) => {
    const numbers = tiers[rank];
    if (numbers === undefined) return;
    if (numbers.length !== tier.count) {
      problems.push({ code: 'NUMBER_COUNT', tier: rank, expected: tier.count, actual: numbers.length });
    }
    const pattern = new RegExp(`^[0-9]{${tier.digits}}$`);
    numbers.forEach((value, index) => {
      if (!pattern.test(value)) {
        problems.push({ code: 'NUMBER_FORMAT', tier: rank, index, digits: tier.digits, value });
      }
    });
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, result: { region, tiers: tiers.map((numbers) => [...numbers]) } };
}
