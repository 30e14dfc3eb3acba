import { elevenFiveFamily } from './eleven-five.js';
import type { LotteryFamily } from './family.js';
import { k3Family } from './k3.js';
import { pk10Family } from './pk10.js';
import { sscFamily } from './ssc.js';
import { vnFamilies } from './vn.js';

/**
 * Every game family the engine knows, by code. A family is one file beside this one; adding a family
 * is one line here (games name their family by this code).
 */
const families: readonly LotteryFamily[] = [sscFamily, k3Family, elevenFiveFamily, pk10Family, ...vnFamilies];

const byCode = new Map(families.map((family) => [family.code, family]));

export function familyOf(code: string): LotteryFamily {
  const family = byCode.get(code);
  if (!family) throw new Error(`lottery: unknown game family ${code}`);
  return family;
}

export const familyCodes = (): string[] => [...byCode.keys()];
