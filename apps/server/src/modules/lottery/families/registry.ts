import type { LotteryFamily } from './family.js';
import { vnFamilies } from './vn.js';

/**
 * Every game family the engine knows, by code. A family is one file beside this one; adding a family
 * is one line here (games name their family by this code).
 */
const families: readonly LotteryFamily[] = [...vnFamilies];

const byCode = new Map(families.map((family) => [family.code, family]));

export function familyOf(code: string): LotteryFamily {
  const family = byCode.get(code);
  if (!family) throw new Error(`lottery: unknown game family ${code}`);
  return family;
}

export const familyCodes = (): string[] => [...byCode.keys()];
